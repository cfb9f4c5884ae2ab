import type { BoardDataHealth, Severity } from '@saldo/contract';
import { sourceErrorText } from '@saldo/contract/sources/source-errors';
import { useTranslation } from 'react-i18next';
import { Fact } from '../../components/fact';
import { Modal } from '../../components/modal';
import { formatDateTime } from '../../lib/format';
import { toLanguage } from '../../lib/i18n';
import { warningRows } from './health-rules';
import './data-health.css';

function SeverityTag({ severity }: { severity: Severity }) {
  const { t } = useTranslation();
  return (
    <span className={`health__severity health__severity--${severity}`} data-severity={severity}>
      {t(`dataHealth.severity.${severity}`)}
    </span>
  );
}

/** Every source of the board with what its last sync told: severity, text, accounts and amount, what to do. */
export function DataHealthPanel({ health, onClose }: { health: BoardDataHealth; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = toLanguage(i18n.language);
  return (
    <Modal title={t('dataHealth.title')} onClose={onClose} testId="data-health-panel">
      <p className="health__intro">{t('dataHealth.intro')}</p>
      {health.sources.map((source) => {
        const rows = warningRows(source.warnings, lang);
        return (
          <section key={source._id} className="health__source" data-testid="data-health-source">
            <header className="health__source-head">
              <h3>{source.name}</h3>
              <span className="chip">{t(`dashboard.sourceType.${source.provider}`)}</span>
              <span className="health__synced">
                {source.lastSyncedAt
                  ? t('dataHealth.lastSynced', { date: formatDateTime(source.lastSyncedAt) })
                  : t('dataHealth.neverSynced')}
              </span>
            </header>
            {source.syncError !== null && (
              <p className="banner banner--error" data-testid="data-health-sync-failed">
                {t('dataHealth.syncFailed', { reason: sourceErrorText(source.syncError, lang) })}
              </p>
            )}
            {rows.length === 0 ? (
              <p className="health__clear">{t('dataHealth.clear')}</p>
            ) : (
              <ul className="health__list">
                {rows.map((row, i) => (
                  <li
                    // The list is fixed once a sync is done: its order is the identity.
                    // biome-ignore lint/suspicious/noArrayIndexKey: see above
                    key={i}
                    className={`health__item health__item--${row.severity}`}
                    data-testid="data-health-warning"
                    data-code={row.code}
                  >
                    <div className="health__item-head">
                      <SeverityTag severity={row.severity} />
                      <span className="health__text">{row.text}</span>
                    </div>
                    <dl className="health__facts">
                      {row.accounts.length > 0 && (
                        <Fact label={t('dataHealth.accounts')}>{row.accounts.join(', ')}</Fact>
                      )}
                      {row.party && <Fact label={t('dataHealth.party')}>{row.party}</Fact>}
                      {row.amount && <Fact label={t('dataHealth.amount')}>{row.amount}</Fact>}
                      <Fact label={t('dataHealth.whatToDo')}>{row.advice}</Fact>
                    </dl>
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </Modal>
  );
}
