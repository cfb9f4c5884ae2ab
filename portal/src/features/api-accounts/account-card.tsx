import type { ApiAccount, SyncStats } from '@saldo/contract';
import { formatAmount, formatDate, formatNumber } from '@saldo/sdk';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { useSourceErrorText } from '../../components/error-text';
import { Fact } from '../../components/fact';
import { ProgressBar } from '../../components/modal';
import { formatDateTime } from '../../lib/format';
import { ImportWarnings } from './import-warnings';
import { isSyncActive } from './queries';
import { SaftFiles } from './saft-files';
import './api-accounts.css';

const PROVIDER_MARK: Record<ApiAccount['provider'], string> = { tripletex: 'TX', saft: 'XML', demo: 'DE' };

/**
 * One API account: keys, validity, sync state and what its last sync brought in; a SAF-T source also
 * its files and "Upload new file" (next month's file on the same source).
 */
export function AccountCard({
  account,
  onEdit,
  onDelete,
  onUploadFile,
}: {
  account: ApiAccount;
  onEdit: () => void;
  onDelete: () => void;
  onUploadFile?: () => void;
}) {
  const { t } = useTranslation();
  const sourceErrorText = useSourceErrorText();
  const { syncInfo } = account;
  const readOnly = account.type === 'integration';
  const hasKeys = account.provider === 'tripletex';

  return (
    <article
      className={`card account ${account.apiKeyIsInvalid ? 'account--invalid' : ''}`}
      data-testid="api-account"
      data-account-id={account._id}
      data-provider={account.provider}
      data-sync-status={syncInfo.status}
      data-valid={String(!account.apiKeyIsInvalid)}
    >
      <header className="account__header">
        <span className={`account__mark account__mark--${account.provider}`} aria-hidden="true">
          {PROVIDER_MARK[account.provider]}
        </span>
        <div className="account__heading">
          <h2 className="account__name" data-testid="api-account-name">
            {account.name}
          </h2>
          <div className="account__chips">
            <span className="chip" data-testid="api-account-provider">
              {t(`dashboard.sourceType.${account.provider}`)}
            </span>
            <span className="chip">{t(`apiAccounts.type.${account.type}`)}</span>
            {account.number && <span className="chip">{t('apiAccounts.orgNumber', { number: account.number })}</span>}
          </div>
        </div>
        <ValidityBadge account={account} />
        <div className="account__actions">
          {account.provider === 'saft' && onUploadFile && (
            <Button
              kind="secondary"
              small
              onClick={onUploadFile}
              disabled={isSyncActive(account)}
              data-testid="saft-upload-new"
            >
              {t('apiAccounts.uploadNewFile')}
            </Button>
          )}
          <Button
            kind="secondary"
            small
            onClick={onEdit}
            disabled={readOnly}
            title={readOnly ? t('apiAccounts.integrationReadOnly') : undefined}
            data-testid="api-account-edit"
          >
            {t('apiAccounts.edit')}
          </Button>
          <Button kind="danger-ghost" small onClick={onDelete} data-testid="api-account-delete">
            {t('common.delete')}
          </Button>
        </div>
      </header>

      {readOnly && <p className="account__note">{t('apiAccounts.integrationReadOnly')}</p>}
      {account.apiKeyIsInvalid && (
        <div className="banner banner--warning account__banner" role="alert" data-testid="api-account-invalid">
          <strong>{t('apiAccounts.invalidTitle')}</strong>{' '}
          {account.invalidReason === 'expired'
            ? t('apiAccounts.invalidExpired', {
                date: account.expirationDate ? formatDate(account.expirationDate) : '',
              })
            : t('apiAccounts.invalidRejected')}
        </div>
      )}

      <dl className="account__facts">
        {hasKeys && (
          <>
            <Fact label={t('apiAccounts.consumerId')} className="mono">
              {account.consumerIdHint ?? '–'}
            </Fact>
            <Fact label={t('apiAccounts.employeeId')} className="mono">
              {account.employeeIdHint ?? '–'}
            </Fact>
            <Fact label={t('apiAccounts.expirationDate')} testId="api-account-expiration">
              {account.expirationDate ? formatDate(account.expirationDate) : '–'}
            </Fact>
          </>
        )}
        <Fact label={t('apiAccounts.lastSynced')} testId="api-account-last-synced">
          {syncInfo.lastSyncedAt ? formatDateTime(syncInfo.lastSyncedAt) : t('dashboard.neverSynced')}
        </Fact>
        <Fact label={t('apiAccounts.syncState')} testId="api-account-sync-state">
          <SyncState account={account} />
        </Fact>
      </dl>

      {isSyncActive(account) && (
        <ProgressBar
          value={syncInfo.percentage ?? 0}
          label={t('apiAccounts.syncProgress')}
          testId="api-account-progress"
        />
      )}
      {syncInfo.status === 'failed' && (
        <div className="banner banner--error account__banner" role="alert" data-testid="api-account-sync-error">
          <strong>{t('apiAccounts.syncFailed')}</strong>{' '}
          {syncInfo.error ? sourceErrorText(syncInfo.error) : t('sync.unknownError')}
        </div>
      )}

      {account.provider === 'saft' && <SaftFiles account={account} />}
      {account.stats && <Stats stats={account.stats} />}
    </article>
  );
}

function ValidityBadge({ account }: { account: ApiAccount }) {
  const { t } = useTranslation();
  if (!account.apiKeyIsInvalid) {
    return (
      <span className="status-pill status-pill--valid" data-testid="api-account-validity" data-valid="true">
        {t('apiAccounts.valid')}
      </span>
    );
  }
  return (
    <span
      className="status-pill status-pill--invalid"
      data-testid="api-account-validity"
      data-valid="false"
      data-reason={account.invalidReason ?? undefined}
    >
      {t('apiAccounts.invalid')} · {t(`apiAccounts.invalidReason.${account.invalidReason ?? 'rejected'}`)}
    </span>
  );
}

function SyncState({ account }: { account: ApiAccount }) {
  const { t } = useTranslation();
  const { status, percentage } = account.syncInfo;
  const text =
    status === 'running'
      ? t('apiAccounts.syncRunning', { percentage: Math.round(percentage ?? 0) })
      : t(`apiAccounts.syncStatus.${status}`);
  return (
    <span className={`status-pill status-pill--${status}`} data-status={status}>
      {text}
    </span>
  );
}

const COUNTS: (keyof Pick<
  SyncStats,
  'postings' | 'accounts' | 'customers' | 'suppliers' | 'products' | 'employees' | 'openingBalances'
>)[] = ['postings', 'accounts', 'customers', 'suppliers', 'products', 'employees', 'openingBalances'];

function Stats({ stats }: { stats: SyncStats }) {
  const { t } = useTranslation();
  return (
    <section className="account__stats" aria-label={t('apiAccounts.stats.title')} data-testid="api-account-stats">
      <h3 className="account__stats-title">{t('apiAccounts.stats.title')}</h3>
      <dl className="stats-grid">
        {COUNTS.map((key) => (
          <div key={key} data-testid={`stat-${key}`}>
            <dt>{t(`apiAccounts.stats.${key}`)}</dt>
            <dd>{formatNumber(stats[key])}</dd>
          </div>
        ))}
      </dl>
      <dl className="stats-grid stats-grid--totals">
        <div data-testid="stat-debitTotal">
          <dt>{t('apiAccounts.stats.debitTotal')}</dt>
          <dd>{formatAmount(stats.debitTotal)}</dd>
        </div>
        <div data-testid="stat-creditTotal">
          <dt>{t('apiAccounts.stats.creditTotal')}</dt>
          <dd>{formatAmount(stats.creditTotal)}</dd>
        </div>
      </dl>
      <ImportWarnings warnings={stats.warnings} testId="api-account-warnings" />
    </section>
  );
}
