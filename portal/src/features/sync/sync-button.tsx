import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../app/shell/icons';
import { Button } from '../../components/button';
import { useErrorText, useSourceErrorText } from '../../components/error-text';
import { ConfirmDialog, ProgressBar } from '../../components/modal';
import type { StoredUser } from '../../lib/auth-storage';
import { apiAccountsQuery } from '../api-accounts/queries';
import { useCurrentBoard } from '../boards/use-current-board';
import { useSync } from './sync-context';
import { failedAccounts, syncBlocker } from './sync-rules';
import '../../components/dropdown.css';
import './sync.css';

/** The top bar's Sync button, its confirmation dialog and the 'Board Syncing' progress popover. */
export function SyncButton({ user }: { user: StoredUser }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const sourceErrorText = useSourceErrorText();
  const { current } = useCurrentBoard();
  // Spec §6: API accounts load only for users with the ApiAccount menu entry.
  const hasAccountMenu = user.menu.some((entry) => entry.name === 'ApiAccount');
  const accounts = useQuery({ ...apiAccountsQuery, enabled: hasAccountMenu });
  const { view, start, dismiss } = useSync();
  const [confirming, setConfirming] = useState(false);
  const [collapsed, setCollapsed] = useState(false);
  const popoverId = useId();

  const active = view.phase === 'starting' || view.phase === 'syncing';
  const blocker = syncBlocker(current, accounts.data, user.menu);
  // A new sync shows its progress, even if the last one was collapsed.
  useEffect(() => {
    if (view.phase === 'starting') setCollapsed(false);
  }, [view.phase]);

  const visible = view.phase !== 'idle' && !collapsed;
  const failed = failedAccounts(view);
  const title = blocker ? t(`sync.blocked.${blocker}`) : active ? t('sync.syncing') : t('sync.tooltip');

  return (
    <div className="dropdown sync" data-testid="sync">
      <button
        type="button"
        className={`button button--ghost sync__button ${active ? 'sync__button--active' : ''}`}
        disabled={!!blocker && !active}
        title={title}
        aria-label={`${t('topbar.sync')}${active ? ` (${view.progress} %)` : ''}`}
        aria-expanded={view.phase === 'idle' ? undefined : visible}
        aria-controls={view.phase === 'idle' ? undefined : popoverId}
        data-testid="sync-button"
        data-blocker={blocker ?? undefined}
        onClick={() => {
          if (view.phase !== 'idle') setCollapsed((value) => !value);
          else setConfirming(true);
        }}
      >
        <span className={active ? 'sync__spin' : undefined}>
          <Icon name="sync" />
        </span>
        <span className="button__label">{t('topbar.sync')}</span>
        {active && <span className="sync__pct">{view.progress} %</span>}
      </button>

      {visible && (
        <div
          className="dropdown__panel dropdown__panel--right sync__popover"
          id={popoverId}
          role="status"
          aria-live="polite"
          data-testid="sync-popover"
          data-phase={view.phase}
        >
          <div className="sync__head">
            <span className="sync__title">{t('sync.boardSyncing')}</span>
            <span className="sync__value" data-testid="sync-percentage">
              {view.progress} %
            </span>
          </div>
          <ProgressBar value={view.progress} label={t('sync.boardSyncing')} testId="sync-progress" />
          {view.phase === 'done' ? (
            view.errorCode ? (
              <p className="sync__note sync__note--error" data-testid="sync-error">
                {errorText(view.errorCode)}
              </p>
            ) : failed.length === 0 ? (
              <p className="sync__note sync__note--success" data-testid="sync-done">
                {t('sync.completed')}
              </p>
            ) : (
              <p className="sync__note sync__note--error">{t('sync.completedWithErrors')}</p>
            )
          ) : (
            <p className="sync__note">{view.known ? t('sync.hint') : t('sync.starting')}</p>
          )}
          {view.accounts.some((a) => a.name) && (
            <ul className="sync__accounts">
              {view.accounts.map((account) => (
                <li key={account._id} className="sync__account" data-testid="sync-account" data-status={account.status}>
                  <div className="sync__account-row">
                    <span className="sync__account-name">{account.name}</span>
                    <span className={`status-pill status-pill--${account.status}`}>
                      {account.status === 'failed'
                        ? t('apiAccounts.syncStatus.failed')
                        : account.status === 'running'
                          ? `${account.percentage} %`
                          : t(`apiAccounts.syncStatus.${account.status}`)}
                    </span>
                  </div>
                  {account.status === 'failed' && (
                    <p className="sync__account-error" data-testid="sync-account-error">
                      {account.error ? sourceErrorText(account.error) : t('sync.unknownError')}
                    </p>
                  )}
                </li>
              ))}
            </ul>
          )}
          {view.phase === 'done' && (view.errorCode || failed.length > 0) && (
            <div className="sync__actions">
              <Button kind="secondary" onClick={dismiss} data-testid="sync-dismiss">
                {t('common.close')}
              </Button>
            </div>
          )}
        </div>
      )}

      {confirming && current && (
        <ConfirmDialog
          testId="sync-confirm"
          title={t('sync.confirmTitle')}
          body={
            <>
              <p>{t('sync.confirmBody', { board: current.name })}</p>
              <p className="modal__hint">{t('sync.confirmHint')}</p>
            </>
          }
          confirmLabel={t('sync.confirm')}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            start(current._id);
          }}
        />
      )}
    </div>
  );
}
