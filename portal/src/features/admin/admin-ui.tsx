import type { AdminUser } from '@saldo/contract';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableProps } from '../../components/data-table';
import { errorCodeOf } from '../../components/error-text';
import { ConfirmDialog } from '../../components/modal';
import { useNotify, useNotifyError } from '../../components/notifications';
import { useSession } from '../auth/use-session';
import { fullName, LIFECYCLE_TONE } from './admin-logic';
import { setUserStatus, useRefreshAdmin } from './queries';
import './admin.css';

/** The lifecycle status as a coloured pill: on trial, trial ended, active, deactivated. */
export function LifecycleBadge({ user }: { user: Pick<AdminUser, 'lifecycleStatus'> }) {
  const { t } = useTranslation();
  return (
    <span
      className={`status-pill status-pill--${LIFECYCLE_TONE[user.lifecycleStatus]}`}
      data-testid="lifecycle-status"
      data-status={user.lifecycleStatus}
    >
      {t(`admin.lifecycle.${user.lifecycleStatus}`)}
    </span>
  );
}

/**
 * Activate / Deactivate with a confirmation dialog and a 3-second notification. Your own account
 * cannot be deactivated (the server refuses it too).
 */
export function UserStatusButton({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefreshAdmin();
  const session = useSession();
  const [confirming, setConfirming] = useState(false);
  const deactivate = user.status === 'active';
  const next = deactivate ? 'deactivated' : 'active';
  const isSelf = session?.user.id === user._id;
  const change = useMutation({
    mutationFn: () => setUserStatus(user._id, next),
    onSuccess: () => {
      refresh();
      notify(deactivate ? 'admin.deactivatedNotice' : 'admin.activatedNotice');
      setConfirming(false);
    },
    onError: (error) => {
      notifyError(errorCodeOf(error));
      setConfirming(false);
    },
  });

  return (
    <>
      <button
        type="button"
        className={`button button--small ${deactivate ? 'button--danger-ghost' : 'button--secondary'}`}
        onClick={() => setConfirming(true)}
        disabled={(deactivate && isSelf) || change.isPending}
        title={deactivate && isSelf ? t('admin.cannotDeactivateSelf') : undefined}
        data-testid={deactivate ? 'deactivate-user' : 'activate-user'}
      >
        {deactivate ? t('admin.deactivate') : t('admin.activate')}
      </button>
      {confirming && (
        <ConfirmDialog
          testId="user-status-confirm"
          danger={deactivate}
          title={deactivate ? t('admin.deactivateTitle') : t('admin.activateTitle')}
          body={
            <p>
              {t(deactivate ? 'admin.deactivateBody' : 'admin.activateBody', {
                name: fullName(user) || user.email,
                email: user.email,
              })}
            </p>
          }
          confirmLabel={deactivate ? t('admin.deactivate') : t('admin.activate')}
          busy={change.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() => change.mutate()}
        />
      )}
    </>
  );
}

/** An admin section that failed offers 'Try again' under the error. */
export const ADMIN_RETRY = { className: 'admin-error' };

/** An admin list: a table that scrolls sideways inside its card, or a muted line when it is empty. */
export function AdminTable<T>({
  label,
  emptyText,
  emptyTestId,
  ...table
}: Omit<DataTableProps<T>, 'scroll' | 'empty'> & { label: string; emptyText?: ReactNode; emptyTestId?: string }) {
  return (
    <DataTable
      {...table}
      scroll={{ className: 'admin-table-wrap', label }}
      empty={
        emptyText === undefined ? undefined : { text: emptyText, testId: emptyTestId, className: 'muted admin-empty' }
      }
    />
  );
}
