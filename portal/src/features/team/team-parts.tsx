import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { DataTable, type DataTableProps } from '../../components/data-table';
import { errorCodeOf } from '../../components/error-text';
import { useNotify, useNotifyError } from '../../components/notifications';
import { type QueryLike, QueryState } from '../../components/query-state';

/**
 * One of the team page's lists (members, invitations, roles on tags): a line while loading, the team's
 * words when it fails, the empty text, then the table.
 */
export function TeamTable<T>({
  query,
  emptyText,
  emptyTestId,
  ...table
}: Omit<DataTableProps<T>, 'rows'> & { query: QueryLike<T[]>; emptyText: ReactNode; emptyTestId?: string }) {
  const { t } = useTranslation();
  return (
    <QueryState
      query={query}
      loading="text"
      error={() => <div className="banner banner--error">{t('team.loadFailed')}</div>}
      emptyText={emptyText}
      {...(emptyTestId ? { emptyTestId } : {})}
    >
      {(rows) => <DataTable {...table} rows={rows} />}
    </QueryState>
  );
}

/** A row's one-click change (resend or revoke an invitation, end a role on a tag): a notice, the team read again. */
export function TeamActionButton({
  run,
  notice,
  label,
  kind,
  testId,
  ariaLabel,
}: {
  run: () => Promise<unknown>;
  notice: string;
  label: string;
  kind: 'secondary' | 'danger';
  testId: string;
  ariaLabel?: string;
}) {
  const { t } = useTranslation();
  const mutation = useTeamMutation(run, notice, { notifyErrors: true });
  return (
    <Button
      kind={kind}
      small
      onClick={() => mutation.mutate()}
      disabled={mutation.isPending}
      data-testid={testId}
      {...(ariaLabel ? { 'aria-label': ariaLabel } : {})}
    >
      {t(label)}
    </Button>
  );
}

/**
 * A change to the team: once done, a notice, the team read again, then `onDone`. A refusal is notified
 * with `notifyErrors`; otherwise its text is for the caller's form to show.
 */
export function useTeamMutation<T = void>(
  change: (values: T) => Promise<unknown>,
  notice: string,
  then: { onDone?: () => void; notifyErrors?: boolean } = {},
) {
  const notify = useNotify();
  const notifyError = useNotifyError();
  const client = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => {
      notify(notice);
      void client.invalidateQueries({ queryKey: ['team'] });
      then.onDone?.();
    },
    onError: (error) => {
      if (then.notifyErrors) notifyError(errorCodeOf(error));
    },
  });
}
