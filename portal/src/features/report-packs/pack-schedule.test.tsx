import { errorMessage } from '@saldo/contract/errors/errors';
import type { PackDelivery, PackSchedule, PackScheduleRequest } from '@saldo/contract/schemas/pack-schedules';
import { describe, expect, it } from 'vitest';
import { type Call, json } from '../../test/fetch-stub';
import { reportPack } from '../../test/fixtures';
import { openPack, openPacksPage, typeIn } from '../../test/packs-page';
import { $, $$, click, freshScreen, settle, text } from '../../test/render';

freshScreen('nor');

const SCHEDULE: PackSchedule = {
  _id: 'sc1',
  groupId: 'b1',
  packId: 'p1',
  rule: 'monthly',
  day: 5,
  recipients: ['styret@nordlys.no', 'dl@nordlys.no'],
  message: 'Månedens tall.',
  ownerId: 'u1',
  since: '2026-11-20',
  nextSendDay: '2026-12-05',
  updatedAt: '2026-11-20T09:30:00.000Z',
};

const delivery = (over: Partial<PackDelivery>): PackDelivery => ({
  _id: 'd1',
  snapshotId: 's1',
  scheduleId: 'sc1',
  recipient: 'styret@nordlys.no',
  status: 'sent',
  attempts: 1,
  response: '250 2.0.0 Ok: queued',
  createdAt: '2026-12-05T06:00:00.000Z',
  sentAt: '2026-12-05T06:00:04.000Z',
  ...over,
});

interface Answers {
  role?: 'owner' | 'Admin' | 'Viewer';
  schedule?: PackSchedule | null;
  /** What PUT …/schedule answers; by default the schedule the body makes, sent next on `nextSendDay`. */
  save?: (body: PackScheduleRequest) => Response;
  stop?: () => Response;
  deliveries?: PackDelivery[];
}

/** The page over a fake API that keeps the pack's schedule as it is saved and stopped. */
function open(answers: Answers = {}): Call[] {
  let schedule = answers.schedule ?? null;
  return openPacksPage(reportPack({}), answers.role ?? 'owner', (path, call) => {
    if (path === '/api/report-packs/b1/p1/deliveries') return json(200, answers.deliveries ?? []);
    if (path !== '/api/report-packs/b1/p1/schedule') return undefined;
    if (call.method === 'PUT') {
      const body = call.body as PackScheduleRequest;
      if (answers.save) return answers.save(body);
      const calendar = body.rule !== 'when-booked';
      schedule = { ...SCHEDULE, ...body, day: body.day ?? null, nextSendDay: calendar ? '2027-01-12' : null };
      return json(200, schedule);
    }
    if (call.method === 'DELETE') {
      if (answers.stop) return answers.stop();
      schedule = null;
      return json(200, { deleted: true });
    }
    return json(200, schedule);
  });
}

const type = (selector: string, value: string) => typeIn($(selector), value);
const saves = (calls: Call[]) => calls.filter((c) => c.url.endsWith('/schedule') && c.method === 'PUT');
const fact = (key: string) => text(`[data-testid="pack-schedule-${key}"]`);

describe('a report pack’s schedule', () => {
  it('sets a monthly schedule on day 5 with the typed recipients and message, and shows its next send day', async () => {
    const calls = open();
    await openPack();
    expect(text('[data-testid="pack-schedule-none"]')).toBe('Ikke planlagt.');
    expect($('[data-testid="pack-schedule-stop"]')).toBeNull();
    await click($('[data-testid="pack-schedule-edit"]'));
    expect($<HTMLInputElement>('[data-testid="schedule-rule-monthly"]')?.checked).toBe(true);
    expect($<HTMLInputElement>('[data-testid="schedule-day"]')?.value).toBe('5');
    await type('[data-testid="schedule-recipients"]', 'styret@nordlys.no; dl@nordlys.no, Styret@nordlys.no');
    await type('[data-testid="schedule-message"]', '  Månedens tall.  ');
    await click($('[data-testid="schedule-submit"]'));
    await settle();
    expect(saves(calls).map((c) => c.body)).toEqual([
      { rule: 'monthly', day: 5, recipients: ['styret@nordlys.no', 'dl@nordlys.no'], message: 'Månedens tall.' },
    ]);
    expect($('[data-testid="schedule-modal"]')).toBeNull();
    expect(text('.notification')).toContain('Tidsplanen er lagret');
    expect(fact('rule')).toBe('Månedlig, den 5. i måneden etter');
    expect(fact('next')).toBe('2027/01/12');
    expect(fact('recipients')).toBe('styret@nordlys.no, dl@nordlys.no');
    expect(fact('message')).toBe('Månedens tall.');
  });

  it('changes it to a quarterly rule on another day, and to when-booked without a day', async () => {
    const calls = open({ schedule: SCHEDULE });
    await openPack();
    expect(fact('next')).toBe('2026/12/05');
    await click($('[data-testid="pack-schedule-edit"]'));
    expect($<HTMLTextAreaElement>('[data-testid="schedule-recipients"]')?.value).toBe(
      'styret@nordlys.no, dl@nordlys.no',
    );
    await click($('[data-testid="schedule-rule-quarterly"]'));
    await type('[data-testid="schedule-day"]', '12');
    await click($('[data-testid="schedule-submit"]'));
    await settle();
    expect(fact('rule')).toBe('Kvartalsvis, den 12. i måneden etter kvartalet');

    await click($('[data-testid="pack-schedule-edit"]'));
    await click($('[data-testid="schedule-rule-when-booked"]'));
    expect($('[data-testid="schedule-day"]')).toBeNull();
    await click($('[data-testid="schedule-submit"]'));
    await settle();
    const recipients = SCHEDULE.recipients;
    expect(saves(calls).map((c) => c.body)).toEqual([
      { rule: 'quarterly', day: 12, recipients, message: 'Månedens tall.' },
      { rule: 'when-booked', recipients, message: 'Månedens tall.' },
    ]);
    expect(fact('rule')).toBe('Månedlig, når måneden er bokført');
    expect(fact('next')).toBe('Når måneden er bokført');
  });

  it('refuses a day outside 1–28 and a bad recipient list before asking the server', async () => {
    const calls = open();
    await openPack();
    await click($('[data-testid="pack-schedule-edit"]'));
    await click($('[data-testid="schedule-rule-four-monthly"]'));
    await type('[data-testid="schedule-day"]', '29');
    await type('[data-testid="schedule-recipients"]', 'styret@nordlys.no, ikke-en-adresse');
    await click($('[data-testid="schedule-submit"]'));
    expect(text('[data-testid="schedule-day-error"]')).toBe('Skriv en dag fra 1 til 28');
    expect(text('[data-testid="schedule-recipients-error"]')).toBe('«ikke-en-adresse» er ikke en gyldig e-postadresse');
    await type('[data-testid="schedule-day"]', '2.5');
    await type('[data-testid="schedule-recipients"]', '');
    await click($('[data-testid="schedule-submit"]'));
    expect(text('[data-testid="schedule-day-error"]')).toBe('Skriv en dag fra 1 til 28');
    expect(text('[data-testid="schedule-recipients-error"]')).toBe('Skriv minst én e-postadresse');
    expect(saves(calls)).toEqual([]);
    await type('[data-testid="schedule-day"]', '28');
    await type('[data-testid="schedule-recipients"]', 'styret@nordlys.no');
    await click($('[data-testid="schedule-submit"]'));
    await settle();
    expect(saves(calls).map((c) => c.body)).toEqual([
      { rule: 'four-monthly', day: 28, recipients: ['styret@nordlys.no'], message: '' },
    ]);
    expect(fact('rule')).toBe('Hver fjerde måned (aksjeloven § 6-15), den 28. i måneden etter');
  });

  it('shows the server’s refusal in the dialog, in the user’s language, and keeps it open', async () => {
    open({ save: () => json(400, { code: 'VALIDATION_FAILED', message: 'Validation failed' }) });
    await openPack();
    await click($('[data-testid="pack-schedule-edit"]'));
    await type('[data-testid="schedule-recipients"]', 'styret@nordlys.no');
    await click($('[data-testid="schedule-submit"]'));
    await settle();
    expect($('[data-testid="schedule-modal"]')).not.toBeNull();
    expect(text('[data-testid="schedule-server-error"]')).toBe(errorMessage('VALIDATION_FAILED', 'nor'));
    expect(text('[data-testid="pack-schedule-none"]')).toBe('Ikke planlagt.');
  });

  it('stops the schedule once confirmed', async () => {
    const calls = open({ schedule: SCHEDULE });
    await openPack();
    await click($('[data-testid="pack-schedule-stop"]'));
    expect(text('[data-testid="schedule-stop-modal"]')).toContain('«Månedsrapport» sendes ikke lenger av seg selv');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await click($('[data-testid="confirm-ok"]'));
    await settle();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => new URL(c.url, 'http://x').pathname)).toEqual([
      '/api/report-packs/b1/p1/schedule',
    ]);
    expect(text('[data-testid="pack-schedule-none"]')).toBe('Ikke planlagt.');
    expect(text('.notification')).toContain('Tidsplanen er stoppet');
  });

  it('says why a stop was refused, in the dialog', async () => {
    open({ schedule: SCHEDULE, stop: () => json(404, { code: 'PACK_SCHEDULE_NOT_FOUND', message: 'x' }) });
    await openPack();
    await click($('[data-testid="pack-schedule-stop"]'));
    await click($('[data-testid="confirm-ok"]'));
    await settle();
    expect(text('[data-testid="schedule-stop-modal"]')).toContain('Rapportpakken har ingen tidsplan');
  });

  it('shows a Viewer the schedule read-only', async () => {
    open({ role: 'Viewer', schedule: SCHEDULE });
    await openPack();
    expect(fact('rule')).toBe('Månedlig, den 5. i måneden etter');
    expect(fact('next')).toBe('2026/12/05');
    expect($('[data-testid="pack-schedule-edit"]')).toBeNull();
    expect($('[data-testid="pack-schedule-stop"]')).toBeNull();
    expect(text('[data-testid="pack-schedule-no-right"]')).toContain('Bare tavlens eier');
  });
});

describe('a report pack’s deliveries', () => {
  it('lists each mail with its state in words, a failed one marked, its tries, the server’s answer and times', async () => {
    open({
      deliveries: [
        delivery({}),
        delivery({
          _id: 'd2',
          recipient: 'dl@nordlys.no',
          status: 'failed',
          attempts: 3,
          response: '451 Mailbox busy',
          sentAt: null,
        }),
        delivery({ _id: 'd3', scheduleId: null, status: 'queued', attempts: 0, response: null, sentAt: null }),
      ],
    });
    await openPack();
    const rows = $$('[data-testid="pack-delivery"]').map((r) =>
      [...r.querySelectorAll('td')].map((td) => td.textContent),
    );
    const stamp = /^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/;
    expect(rows.map((r) => [r[0], r[1], r[2], r[3], r[6]])).toEqual([
      ['styret@nordlys.no', 'Sendt', '1', '250 2.0.0 Ok: queued', 'Tidsplanen'],
      ['dl@nordlys.no', 'Feilet', '3', '451 Mailbox busy', 'Tidsplanen'],
      ['styret@nordlys.no', 'Venter', '0', '–', 'For hånd'],
    ]);
    expect(rows.map((r) => stamp.test(r[4] ?? ''))).toEqual([true, true, true]);
    expect(rows[0]![5]).toMatch(stamp);
    expect([rows[1]![5], rows[2]![5]]).toEqual(['–', '–']);
    const failed = $('[data-testid="pack-delivery"][data-status="failed"] [data-testid="pack-delivery-status"]');
    expect(failed?.className).toContain('badge--danger');
  });

  it('says so when the pack has sent nothing', async () => {
    open();
    await openPack();
    expect(text('[data-testid="pack-deliveries-empty"]')).toBe('Ingen e-post er sendt for denne pakken ennå.');
  });
});
