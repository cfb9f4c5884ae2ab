import { describe, expect, it } from 'vitest';
import { json } from '../../test/fetch-stub';
import { observationsOf, reportPack } from '../../test/fixtures';
import { openPack, openPacksPage } from '../../test/packs-page';
import { $, $$, click, freshScreen, text } from '../../test/render';

freshScreen('nor');

const PACK = reportPack({});

const observation = (id: string, no: string) => ({
  id,
  rule: 'line-change' as const,
  text: { no, en: no },
  figures: [],
});

const OBSERVATIONS = observationsOf([
  observation('line-change:payroll', 'Lønnskostnaden steg med 12 %.'),
  observation('line-change:revenue', 'Driftsinntektene falt med 3 %.'),
  observation('kpi-floor:liquidity', 'Likviditetsgraden er under 1.'),
]);

/** The assistant on (or off), and its answer to the rewrite: the first reworded, the second refused. */
function open(enabled: boolean) {
  return openPacksPage(PACK, 'owner', (path) => {
    if (path === '/api/observations') return json(200, OBSERVATIONS);
    if (path === '/api/assistant/status') return json(200, { enabled });
    if (path === '/api/observations/b1/rewrite')
      return json(200, {
        model: 'test-model',
        observations: [
          {
            id: 'line-change:payroll',
            text: 'Lønningene økte med 12 % fra i fjor.',
            rewritten: true,
            uncited: [],
            figures: [],
          },
          {
            id: 'kpi-floor:liquidity',
            text: 'Likviditetsgraden er under 1.',
            rewritten: false,
            uncited: ['0,8'],
            figures: [],
          },
        ],
      });
    return undefined;
  });
}

const observations = () => $$('[data-testid="observation"]');
const keep = (i: number) => click(observations()[i]!.querySelector('[data-testid="observation-keep"]'));

describe('the kept observations reworded by the assistant', () => {
  it('sends the kept ones with their texts, takes the rewordings the server let through, and says which it refused', async () => {
    const calls = open(true);
    await openPack();
    expect($('[data-testid="observations-rewrite-button"]')?.hasAttribute('disabled')).toBe(true);
    await keep(0);
    await keep(2);
    await click($('[data-testid="observations-rewrite-button"]'));
    const asked = calls.find((c) => c.url.includes('/rewrite'));
    expect(asked?.method).toBe('POST');
    expect(asked?.body).toEqual({
      startDate: expect.any(String),
      endDate: expect.any(String),
      compare: 'lastYear',
      lang: 'nor',
      keep: [
        { id: 'line-change:payroll', text: 'Lønnskostnaden steg med 12 %.' },
        { id: 'kpi-floor:liquidity', text: 'Likviditetsgraden er under 1.' },
      ],
    });
    expect(observations().map((o) => o.querySelector('[data-testid="observation-text"]')?.textContent)).toEqual([
      'Lønningene økte med 12 % fra i fjor.',
      'Driftsinntektene falt med 3 %.',
      'Likviditetsgraden er under 1.',
    ]);
    expect(text('[data-testid="observations-rewrite-result"]')).toBe(
      '1 observasjon er skrevet om. En omskriving nevnte tall observasjonen ikke viser til (0,8), så din tekst står.',
    );
  });

  it('offers nothing where no assistant is configured: the rules stand alone', async () => {
    open(false);
    await openPack();
    expect(observations()).toHaveLength(3);
    expect($('[data-testid="observations-rewrite"]')).toBeNull();
  });
});
