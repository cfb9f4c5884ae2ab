import type { ApiAccount } from '@saldo/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorCodeOf, useErrorText } from '../../components/error-text';
import { ConfirmDialog } from '../../components/modal';
import { useNotify } from '../../components/notifications';
import { BoardOffers } from '../boards/board-offer';
import { useIsMember } from '../boards/member';
import { useDemoStart } from '../first-run/use-demo-start';
import { AccountCard } from './account-card';
import { apiAccountsQuery, deleteApiAccount } from './api';
import { EditModal } from './edit-modal';
import { MemberSources } from './member-sources';
import { SaftModal } from './saft-modal';
import { TripletexModal } from './tripletex-modal';
import { useRefreshAccounts } from './use-refresh-accounts';
import './api-accounts.css';

type Dialog =
  | { kind: 'tripletex' }
  | { kind: 'saft' }
  | { kind: 'saftFile'; account: ApiAccount }
  | { kind: 'edit'; account: ApiAccount }
  | { kind: 'delete'; account: ApiAccount }
  | null;

/** /api-settings/api-accounts: the user's accounting sources, their keys, sync state and last import. */
export function ApiAccountsPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const notify = useNotify();
  const refresh = useRefreshAccounts();
  const accounts = useQuery(apiAccountsQuery);
  const [dialog, setDialog] = useState<Dialog>(null);
  // A member of others' boards sees their sources, and is offered none of their own (issue 27).
  const member = useIsMember();
  const close = () => setDialog(null);

  // The same as the guided start's "Prøv demoen": the demo company, a board over it, its first sync followed.
  const navigate = useNavigate();
  const demo = useDemoStart({ notifyErrors: true, onReady: () => void navigate('/dashboard') });
  const remove = useMutation({
    mutationFn: (account: ApiAccount) => deleteApiAccount(account._id),
    onSuccess: () => {
      refresh();
      notify('apiAccounts.deleted');
      close();
    },
  });

  const actions = (
    <div className="page__actions">
      <button
        type="button"
        className="button button--secondary"
        onClick={() => setDialog({ kind: 'saft' })}
        data-testid="upload-saft"
      >
        <UploadIcon />
        {t('apiAccounts.uploadSaft')}
      </button>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => demo.mutate()}
        disabled={demo.isPending}
        data-testid="add-demo"
      >
        {demo.isPending && <span className="spinner spinner--dark" aria-hidden="true" />}
        {t('apiAccounts.addDemo')}
      </button>
      <button
        type="button"
        className="button button--primary"
        onClick={() => setDialog({ kind: 'tripletex' })}
        data-testid="add-tripletex"
      >
        <span aria-hidden="true">+</span>
        {t('apiAccounts.addTripletex')}
      </button>
    </div>
  );

  if (member)
    return (
      <div className="page" data-testid="api-accounts-page">
        <header className="page__header">
          <div>
            <h1 className="page__title">{t('pages.apiAccounts')}</h1>
            <p className="page__subtitle">{t('apiAccounts.subtitle')}</p>
          </div>
        </header>
        <MemberSources />
      </div>
    );

  return (
    <div className="page" data-testid="api-accounts-page">
      <header className="page__header">
        <div>
          <h1 className="page__title">{t('pages.apiAccounts')}</h1>
          <p className="page__subtitle">{t('apiAccounts.subtitle')}</p>
          <p className="page__subtitle" data-testid="saft-refresh-hint">
            {t('apiAccounts.refreshHint')}
          </p>
        </div>
        {actions}
      </header>

      {accounts.isPending ? (
        <div className="card loading-block" role="status">
          <span className="spinner spinner--dark" aria-hidden="true" />
          {t('app.loading')}
        </div>
      ) : accounts.isError ? (
        <div className="card empty-state" data-testid="api-accounts-error">
          <div className="banner banner--error" role="alert">
            {errorText(errorCodeOf(accounts.error))}
          </div>
          <button type="button" className="button button--secondary" onClick={() => void accounts.refetch()}>
            {t('common.tryAgain')}
          </button>
        </div>
      ) : accounts.data.length === 0 ? (
        <div className="card empty-state" data-testid="api-accounts-empty">
          <svg className="empty-state__art" viewBox="0 0 96 72" aria-hidden="true">
            <rect x="4" y="8" width="88" height="60" rx="10" />
            <path d="M26 38h16m12 0h16M42 30v16m12-16v16" />
          </svg>
          <h2>{t('apiAccounts.emptyTitle')}</h2>
          <p>{t('apiAccounts.emptyBody')}</p>
        </div>
      ) : (
        <div className="account-list" data-testid="api-account-list">
          <BoardOffers accounts={accounts.data} />
          {accounts.data.map((account) => (
            <AccountCard
              key={account._id}
              account={account}
              onEdit={() => setDialog({ kind: 'edit', account })}
              onUploadFile={() => setDialog({ kind: 'saftFile', account })}
              onDelete={() => {
                remove.reset();
                setDialog({ kind: 'delete', account });
              }}
            />
          ))}
        </div>
      )}

      {dialog?.kind === 'tripletex' && <TripletexModal onClose={close} />}
      {dialog?.kind === 'saft' && <SaftModal onClose={close} />}
      {dialog?.kind === 'saftFile' && <SaftModal onClose={close} source={dialog.account} />}
      {dialog?.kind === 'edit' && <EditModal account={dialog.account} onClose={close} />}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          testId="delete-confirm"
          danger
          title={t('apiAccounts.deleteTitle')}
          body={<p>{t('apiAccounts.deleteBody', { name: dialog.account.name })}</p>}
          confirmLabel={t('common.delete')}
          busy={remove.isPending}
          error={remove.isError ? errorText(errorCodeOf(remove.error)) : null}
          onCancel={close}
          onConfirm={() => remove.mutate(dialog.account)}
        />
      )}
    </div>
  );
}

function UploadIcon() {
  return (
    <svg className="icon" viewBox="0 0 20 20" aria-hidden="true">
      <path d="M10 13V3M6 7l4-4 4 4M4 13v3h12v-3" />
    </svg>
  );
}
