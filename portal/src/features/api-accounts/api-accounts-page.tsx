import type { ApiAccount } from '@saldo/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { errorCodeOf, useErrorText } from '../../components/error-text';
import { ConfirmDialog } from '../../components/modal';
import { useNotify } from '../../components/notifications';
import { Page } from '../../components/page';
import { LoadingBlock, QueryState } from '../../components/query-state';
import { BoardOffers } from '../boards/board-offer';
import { useIsMember } from '../boards/member';
import { useDemoStart } from '../first-run/use-demo-start';
import { AccountCard } from './account-card';
import { EditModal } from './edit-modal';
import { MemberSources } from './member-sources';
import { apiAccountsQuery, deleteApiAccount } from './queries';
import { SaftModal } from './saft-modal';
import { TripletexBulkModal } from './tripletex-bulk-modal';
import { TripletexModal } from './tripletex-modal';
import { useRefreshAccounts } from './use-refresh-accounts';
import './api-accounts.css';

type Dialog =
  | { kind: 'tripletex' }
  | { kind: 'tripletexAll' }
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
      <Button kind="secondary" onClick={() => setDialog({ kind: 'saft' })} data-testid="upload-saft">
        <UploadIcon />
        {t('apiAccounts.uploadSaft')}
      </Button>
      <Button kind="secondary" onClick={() => demo.mutate()} disabled={demo.isPending} data-testid="add-demo">
        {demo.isPending && <span className="spinner spinner--dark" aria-hidden="true" />}
        {t('apiAccounts.addDemo')}
      </Button>
      <Button kind="secondary" onClick={() => setDialog({ kind: 'tripletexAll' })} data-testid="connect-all-tripletex">
        {t('apiAccounts.connectAll')}
      </Button>
      <Button kind="primary" onClick={() => setDialog({ kind: 'tripletex' })} data-testid="add-tripletex">
        <span aria-hidden="true">+</span>
        {t('apiAccounts.addTripletex')}
      </Button>
    </div>
  );

  if (member)
    return (
      <Page testId="api-accounts-page" title={t('pages.apiAccounts')} subtitle={t('apiAccounts.subtitle')}>
        <MemberSources />
      </Page>
    );

  return (
    <Page
      testId="api-accounts-page"
      title={t('pages.apiAccounts')}
      subtitle={t('apiAccounts.subtitle')}
      note={
        <p className="page__subtitle" data-testid="saft-refresh-hint">
          {t('apiAccounts.refreshHint')}
        </p>
      }
      actions={actions}
    >
      <QueryState
        query={accounts}
        loading={<LoadingBlock className="card" />}
        retry={{ className: 'card empty-state', testId: 'api-accounts-error' }}
        empty={
          <EmptyState
            art="plug"
            testId="api-accounts-empty"
            title={t('apiAccounts.emptyTitle')}
            body={t('apiAccounts.emptyBody')}
          />
        }
      >
        {(list) => (
          <div className="account-list" data-testid="api-account-list">
            <BoardOffers accounts={list} />
            {list.map((account) => (
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
      </QueryState>

      {dialog?.kind === 'tripletex' && <TripletexModal onClose={close} />}
      {dialog?.kind === 'tripletexAll' && <TripletexBulkModal onClose={close} />}
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
    </Page>
  );
}

function UploadIcon() {
  return (
    <svg className="icon" viewBox="0 0 20 20" aria-hidden="true">
      <path d="M10 13V3M6 7l4-4 4 4M4 13v3h12v-3" />
    </svg>
  );
}
