import type { Portfolio } from '@saldo/contract';
import { describe, expect, it } from 'vitest';
import { freshScreen, renderRoutes } from '../../test/render';
import { SentPacksNotice } from './sent-packs-notice';

freshScreen('nor');

const rows = [
  { groupId: 'b1', name: 'Nordlys AS' },
  { groupId: 'b2', name: 'Fjord & Co' },
] as Portfolio['rows'];

const snapshot = (n: number, groupId: string, name: string, figures: number) => ({
  snapshotId: `s${n}`,
  groupId,
  packId: `p${n}`,
  name,
  figures,
});

describe('the portfolio’s line of sent packs with changed figures', () => {
  it('names how many changed, and links each to its board’s packs with the board and how many figures moved', () => {
    const sentPacks = {
      sent: 5,
      changed: 2,
      snapshots: [snapshot(1, 'b1', 'Halvårsrapport', 15), snapshot(2, 'b2', 'Måned', 1)],
    };
    const { container } = renderRoutes([{ path: '/', element: <SentPacksNotice data={{ sentPacks, rows }} /> }], '/');
    const notice = container.querySelector('[data-testid="portfolio-sent-packs"]')!;
    expect(notice.querySelector('strong')!.textContent).toBe(
      '2 sendte rapportpakker har endrede tall siden de ble sendt',
    );
    const links = [...notice.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['«Halvårsrapport», Nordlys AS: 15 tall er endret', '/group/b1/report-packs'],
      ['«Måned», Fjord & Co: 1 tall er endret', '/group/b2/report-packs'],
    ]);
  });

  it('shows nothing while no sent pack has changed', () => {
    const sentPacks = { sent: 3, changed: 0, snapshots: [] };
    const { container } = renderRoutes([{ path: '/', element: <SentPacksNotice data={{ sentPacks, rows }} /> }], '/');
    expect(container.querySelector('[data-testid="portfolio-sent-packs"]')).toBeNull();
  });
});
