import type { ApiAccount, SaftFile } from '@saldo/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { errorCodeOf, useErrorText } from '../../components/error-text';
import { ConfirmDialog } from '../../components/modal';
import { useNotify } from '../../components/notifications';
import { formatBytes, formatDateTime } from '../../lib/format';
import { removeSaftFile, saftFilesQuery } from './queries';
import { useRefreshAccounts } from './use-refresh-accounts';

/**
 * A SAF-T source's files, newest first: the months each covers, when and by whom it was uploaded,
 * and a remove action for every file but the only one (its months go back to the file before it).
 */
export function SaftFiles({ account }: { account: ApiAccount }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const notify = useNotify();
  const refresh = useRefreshAccounts();
  const files = useQuery(saftFilesQuery(account));
  const [removing, setRemoving] = useState<SaftFile | null>(null);
  const remove = useMutation({
    mutationFn: (file: SaftFile) => removeSaftFile(account._id, file._id),
    onSuccess: () => {
      setRemoving(null);
      refresh();
      notify('apiAccounts.files.removed');
    },
  });
  if (!files.data) return null;
  const only = files.data.length === 1;

  return (
    <section className="account__files" aria-label={t('apiAccounts.files.title')} data-testid="saft-files">
      <h3 className="account__stats-title">{t('apiAccounts.files.title')}</h3>
      <ul className="saft-files">
        {files.data.map((file) => (
          <li key={file._id} className="saft-files__file" data-testid="saft-file" data-file-id={file._id}>
            <span className="saft-files__name mono">{file.fileName || '–'}</span>
            <span className="saft-files__period" data-testid="saft-file-period">
              {file.periodFrom && file.periodTo
                ? t('apiAccounts.files.period', { from: file.periodFrom, to: file.periodTo })
                : t('apiAccounts.files.periodUnread')}
            </span>
            <span className="saft-files__meta" data-testid="saft-file-uploaded">
              {file.uploadedBy
                ? t('apiAccounts.files.uploaded', {
                    when: formatDateTime(file.uploadedAt),
                    who: file.uploadedBy.name,
                  })
                : t('apiAccounts.files.uploadedNoUser', { when: formatDateTime(file.uploadedAt) })}
              {' · '}
              {formatBytes(file.bytes)}
            </span>
            {!only && (
              <Button
                kind="danger-ghost"
                small
                onClick={() => {
                  remove.reset();
                  setRemoving(file);
                }}
                data-testid="saft-file-remove"
              >
                {t('apiAccounts.files.remove')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {only && <p className="account__note">{t('apiAccounts.files.onlyFile')}</p>}
      {removing && (
        <ConfirmDialog
          testId="saft-file-remove-confirm"
          danger
          title={t('apiAccounts.files.removeTitle')}
          body={<p>{t('apiAccounts.files.removeBody', { name: removing.fileName })}</p>}
          confirmLabel={t('apiAccounts.files.remove')}
          busy={remove.isPending}
          error={remove.isError ? errorText(errorCodeOf(remove.error)) : null}
          onCancel={() => setRemoving(null)}
          onConfirm={() => remove.mutate(removing)}
        />
      )}
    </section>
  );
}
