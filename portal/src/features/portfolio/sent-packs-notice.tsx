import type { Portfolio } from '@saldo/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * "3 sent packs have changed figures": the report packs sent from the portfolio's boards whose figures
 * differ from the synced ledger now (kept by the sync: the server's report-packs/changed.ts), each a link to
 * its board's packs, where the snapshot shows what moved. Nothing is shown while none has changed.
 */
export function SentPacksNotice({ data }: { data: Pick<Portfolio, 'sentPacks' | 'rows'> }) {
  const { t } = useTranslation();
  const { changed, snapshots } = data.sentPacks;
  if (changed === 0) return null;
  const boardName = new Map(data.rows.map((r) => [r.groupId, r.name]));
  return (
    <div className="banner banner--warning portfolio__sent-packs" role="status" data-testid="portfolio-sent-packs">
      <strong>{t('portfolio.sentPacks.changed', { count: changed })}</strong>
      <ul>
        {snapshots.map((s) => (
          <li key={s.snapshotId}>
            <Link to={`/group/${encodeURIComponent(s.groupId)}/report-packs`} data-testid="portfolio-sent-pack">
              {t('portfolio.sentPacks.pack', {
                name: s.name,
                board: boardName.get(s.groupId) ?? '',
                count: s.figures,
              })}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
