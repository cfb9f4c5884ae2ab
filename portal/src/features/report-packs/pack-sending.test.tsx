import type { PackSnapshot, SnapshotChanges } from '@saldo/contract/schemas/report-packs';
import { describe, expect, it } from 'vitest';
import { type Call, json } from '../../test/fetch-stub';
import { observationsOf, reportPack } from '../../test/fixtures';
import { openPack, openPacksPage, typeIn } from '../../test/packs-page';
import { $, $$, click, freshScreen, text } from '../../test/render';

freshScreen('nor');

const PACK = reportPack({});

const figure = (ref: string, no: string, shown: string, drill: { statement: 'profit'; line: string } | null) => ({
  ref,
  label: { no, en: no },
  startDate: '2026-01-01',
  endDate: '2026-10-31',
  value: 123_456_700,
  unit: 'amount' as const,
  shown: { no: shown, en: shown },
  drill,
});

const OBSERVATIONS = observationsOf([
  {
    id: 'line-change:payroll',
    rule: 'line-change',
    text: { no: 'Lønnskostnaden steg med 12 %.', en: 'Payroll rose by 12 %.' },
    figures: [figure('line:payroll', 'Lønnskostnad', '1 234 567 kr', { statement: 'profit', line: 'payroll' })],
  },
  {
    id: 'line-change:revenue',
    rule: 'line-change',
    text: { no: 'Driftsinntektene falt med 3 %.', en: 'Revenue fell by 3 %.' },
    figures: [figure('line:revenue', 'Driftsinntekter', '9 876 543 kr', null)],
  },
  {
    id: 'kpi-floor:liquidity',
    rule: 'line-change',
    text: { no: 'Likviditetsgraden er under 1.', en: 'The current ratio is below 1.' },
    figures: [],
  },
]);

const SNAPSHOT: PackSnapshot = {
  _id: 's1',
  groupId: 'b1',
  packId: 'p1',
  name: 'Månedsrapport',
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  language: 'nor',
  recipients: ['styret@nordlys.no', 'dl@nordlys.no'],
  sentBy: 'u1',
  sentAt: '2026-11-20T09:30:00.000Z',
  contentHash: 'ab'.repeat(32),
  bytes: 12_345,
  dataVersion: 'v1',
  figureCount: 20,
  linkExpiresAt: '2027-02-18T09:30:00.000Z',
};

const CHANGES: SnapshotChanges = {
  snapshotId: 's1',
  sentAt: SNAPSHOT.sentAt,
  dataVersionThen: 'v1',
  dataVersionNow: 'v2',
  synced: true,
  changes: [
    { id: '1/Resultat/Salgsinntekt/Totalt', label: 'Resultat: Salgsinntekt (Totalt)', sent: 100_000, now: 110_000 },
    { id: '2/Kommentar/line:revenue', label: 'Kommentar: line:revenue:value', sent: '100 000', now: '110 000' },
  ],
  gone: [],
  added: [],
  vouchers: {
    added: [{ date: '2026-03-15', voucher: 'SEN-1', description: 'Sent salg', debitSent: null, debitNow: 1_000_000 }],
    changed: [],
    removed: [],
    counts: { added: 1, changed: 0, removed: 0 },
  },
};

interface Answers {
  role?: 'owner' | 'Viewer';
  observations?: () => Response;
  send?: () => Response;
  snapshots?: PackSnapshot[];
  changes?: SnapshotChanges;
}

function open(answers: Answers = {}): Call[] {
  return openPacksPage(PACK, answers.role ?? 'owner', (path) => {
    if (path === '/api/observations') return answers.observations?.() ?? json(200, OBSERVATIONS);
    if (path === '/api/report-packs/b1/p1/send') return answers.send?.() ?? json(201, SNAPSHOT);
    if (path === '/api/report-packs/b1/p1/snapshots') return json(200, answers.snapshots ?? []);
    if (path === '/api/report-packs/b1/p1/snapshots/s1/changes') return json(200, answers.changes ?? CHANGES);
    return undefined;
  });
}

const observations = () => $$('[data-testid="observation"]');
const within = (el: Element, testId: string) => el.querySelector<HTMLElement>(`[data-testid="${testId}"]`);

describe('sending a report pack', () => {
  it('proposes the period’s observations in the pack’s language, each with its figures and drill-down', async () => {
    const calls = open();
    await openPack();
    const asked = calls.find((c) => c.url.includes('/api/observations'));
    expect(new URL(asked!.url, 'http://saldo.test').searchParams.get('groupId')).toBe('b1');
    expect(observations().map((o) => within(o, 'observation-text')?.textContent)).toEqual([
      'Lønnskostnaden steg med 12 %.',
      'Driftsinntektene falt med 3 %.',
      'Likviditetsgraden er under 1.',
    ]);
    const first = observations()[0]!;
    expect(within(first, 'observation-figure')?.textContent).toContain('Lønnskostnad: 1 234 567 kr');
    expect(within(first, 'observation-drill')?.getAttribute('href')).toBe(
      '/profit?from=2026-01&to=2026-10&line=payroll',
    );
    // The second cites a figure without a line to open.
    expect(within(observations()[1]!, 'observation-drill')).toBeNull();
  });

  it('sends the kept observations as edited, and not the dropped or untouched ones', async () => {
    const calls = open();
    await openPack();
    await click(within(observations()[0]!, 'observation-keep'));
    await click(within(observations()[1]!, 'observation-edit'));
    await typeIn(within(observations()[1]!, 'observation-text-input'), 'Driftsinntektene falt, men mindre enn ventet.');
    await click(within(observations()[1]!, 'observation-edit-done'));
    await click(within(observations()[2]!, 'observation-drop'));
    expect(observations().map((o) => o.getAttribute('data-state'))).toEqual(['kept', 'kept', 'dropped']);
    expect(text('[data-testid="pack-send-open"]')).toBe('Send pakken (2 observasjoner)');

    await click($('[data-testid="pack-send-open"]'));
    expect($$('[data-testid="pack-send-observations"] li').map((li) => li.textContent)).toEqual([
      'Lønnskostnaden steg med 12 %.',
      'Driftsinntektene falt, men mindre enn ventet.',
    ]);
    await typeIn($('[data-testid="pack-send-recipients"]'), 'styret@nordlys.no, dl@nordlys.no; Styret@nordlys.no');
    await typeIn($('[data-testid="pack-send-message"]'), 'Vedlagt er rapporten.');
    await click($('[data-testid="pack-send-submit"]'));
    const sent = calls.find((c) => c.url.endsWith('/send'));
    expect(sent?.body).toEqual({
      startDate: `${new Date().getFullYear()}-01-01`,
      endDate: `${new Date().getFullYear()}-12-31`,
      recipients: ['styret@nordlys.no', 'dl@nordlys.no'],
      message: 'Vedlagt er rapporten.',
      observations: ['Lønnskostnaden steg med 12 %.', 'Driftsinntektene falt, men mindre enn ventet.'],
    });
    expect($('[data-testid="pack-send-modal"]')).toBeNull();
    expect(text('.notification')).toContain('Rapportpakken er sendt');
  });

  it('refuses a bad or too long recipient list before asking the server', async () => {
    const calls = open();
    await openPack();
    await click($('[data-testid="pack-send-open"]'));
    await click($('[data-testid="pack-send-submit"]'));
    expect(text('[data-testid="pack-send-recipients-error"]')).toBe('Skriv minst én e-postadresse');
    await typeIn($('[data-testid="pack-send-recipients"]'), 'styret@nordlys.no, ikke-en-adresse');
    await click($('[data-testid="pack-send-submit"]'));
    expect(text('[data-testid="pack-send-recipients-error"]')).toBe(
      '«ikke-en-adresse» er ikke en gyldig e-postadresse',
    );
    const many = Array.from({ length: 21 }, (_, i) => `styre${i}@nordlys.no`).join(', ');
    await typeIn($('[data-testid="pack-send-recipients"]'), many);
    await click($('[data-testid="pack-send-submit"]'));
    expect(text('[data-testid="pack-send-recipients-error"]')).toBe('Høyst 20 mottakere');
    expect(calls.some((c) => c.url.endsWith('/send'))).toBe(false);
  });

  it.each([
    [429, 'SHARE_MAIL_LIMIT'],
    [502, 'PACK_SEND_FAILED'],
  ])('shows the server’s refusal (%i %s) in the dialog, which stays open', async (status, code) => {
    open({ send: () => json(status, { code, message: code }) });
    await openPack();
    await click($('[data-testid="pack-send-open"]'));
    await typeIn($('[data-testid="pack-send-recipients"]'), 'styret@nordlys.no');
    await click($('[data-testid="pack-send-submit"]'));
    expect($('[data-testid="pack-send-modal"]')).not.toBeNull();
    const shown = text('[data-testid="pack-send-server-error"]');
    expect(shown).not.toBe('');
    if (code === 'PACK_SEND_FAILED') expect(shown).toContain('ingenting er registrert som sendt');
  });

  it('offers no Send to a Viewer, who still sees what was sent', async () => {
    open({ role: 'Viewer', snapshots: [SNAPSHOT] });
    await openPack();
    expect($('[data-testid="pack-send-open"]')).toBeNull();
    expect(text('[data-testid="pack-send-no-right"]')).toContain('Bare tavlens eier');
    expect($$('[data-testid="pack-snapshot"]')).toHaveLength(1);
  });

  it('says so when the rules find nothing, or the observations cannot be read', async () => {
    open({ observations: () => json(200, { ...OBSERVATIONS, observations: [] }) });
    await openPack();
    expect(text('[data-testid="observations-empty"]')).toBe('Ingen observasjoner for denne perioden.');
  });

  it('shows an error when the observations fail', async () => {
    open({ observations: () => json(500, { code: 'INTERNAL_ERROR', message: 'x' }) });
    await openPack();
    expect(text('[data-testid="observations-error"]')).toBe('Kunne ikke hente observasjonene');
  });

  it('lists the sent packs with a badge on one whose figures changed, and shows then, now and the difference', async () => {
    open({ snapshots: [SNAPSHOT] });
    await openPack();
    const row = $('[data-testid="pack-snapshot"]')!;
    expect(row.textContent).toContain('2026/01/01 – 2026/12/31');
    expect(row.textContent).toContain('styret@nordlys.no, dl@nordlys.no');
    expect(within(row, 'pack-snapshot-changed')?.textContent).toBe('Endret siden sending');
    await click(within(row, 'pack-snapshot-changes'));
    const rows = $$('[data-testid="snapshot-change"]').map((r) =>
      [...r.querySelectorAll('td')].map((td) => td.textContent),
    );
    expect(rows).toEqual([
      ['Resultat: Salgsinntekt (Totalt)', '100\u00a0000', '110\u00a0000', '+10\u00a0000'],
      ['Kommentar: line:revenue:value', '100 000', '110 000', '–'],
    ]);
    expect(text('[data-testid="snapshot-vouchers"]')).toContain('1 bokført');
    expect([...$('[data-testid="snapshot-voucher"]')!.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      '2026/03/15',
      'SEN-1',
      'Sent salg',
      'Bokført',
      '–',
      '10\u00a0000',
    ]);
  });

  it('says "No figure has changed" for a sent pack whose figures read the same', async () => {
    open({ snapshots: [SNAPSHOT], changes: { ...CHANGES, synced: false, changes: [], vouchers: null } });
    await openPack();
    const row = $('[data-testid="pack-snapshot"]')!;
    expect(within(row, 'pack-snapshot-changed')).toBeNull();
    expect(within(row, 'pack-snapshot-unchanged')?.textContent).toBe('Uendret');
    await click(within(row, 'pack-snapshot-changes'));
    expect(text('[data-testid="snapshot-unchanged"]')).toBe('Ingen tall er endret.');
  });
});
