import type { FirmTemplate } from '@saldo/contract';
import { formatDate } from '@saldo/sdk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { errorCodeOf, useErrorText } from '../../components/error-text';
import { ConfirmDialog } from '../../components/modal';
import { useNotifyError } from '../../components/notifications';
import { Page } from '../../components/page';
import { QueryState } from '../../components/query-state';
import { ApplyTemplateDialog } from './apply-template-dialog';
import { deleteTemplate, templatesQuery } from './queries';
import './templates.css';

/**
 * /group/templates: the templates of the firms the user works in, each applied to boards from here
 * (choose boards, replace or add, then each board's result with its undo) or deleted.
 */
export function TemplatesPage() {
  const { t } = useTranslation();
  const templates = useQuery(templatesQuery);
  const [applying, setApplying] = useState<FirmTemplate | null>(null);
  const [removing, setRemoving] = useState<FirmTemplate | null>(null);
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const notifyError = useNotifyError();
  const remove = useMutation({
    mutationFn: (id: string) => deleteTemplate(id),
    onSuccess: () => {
      setRemoving(null);
      void queryClient.invalidateQueries({ queryKey: templatesQuery.queryKey });
    },
    onError: (error) => notifyError(errorCodeOf(error)),
  });
  return (
    <Page testId="templates-page" title={t('templates.title')} subtitle={t('templates.subtitle')}>
      <section className="card card__body">
        <QueryState
          query={templates}
          loading="text"
          errorTestId="templates-error"
          retry={{ className: 'templates-retry', testId: 'templates-retry' }}
          emptyText={t('templates.empty')}
          emptyTestId="templates-empty"
        >
          {(list) => (
            <ul className="template-list" data-testid="template-list">
              {list.map((template) => (
                <li key={template._id} className="template-list__item" data-testid="template-row">
                  <div>
                    <strong data-testid="template-name-cell">{template.name}</strong>
                    <p className="muted">
                      {t('templates.summary', {
                        firm: template.firmName,
                        widgets: template.body.widgets.length,
                        subBoards: template.body.subBoards.length,
                        kpis: template.kpis.length,
                        date: formatDate(template.createdAt.slice(0, 10)),
                      })}
                    </p>
                  </div>
                  <div className="template-list__actions">
                    <Button kind="primary" small onClick={() => setApplying(template)} data-testid="template-apply">
                      {t('templates.apply')}
                    </Button>
                    <Button
                      kind="danger-ghost"
                      small
                      onClick={() => setRemoving(template)}
                      data-testid="template-delete"
                    >
                      {t('common.delete')}
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </section>
      {applying && <ApplyTemplateDialog template={applying} onClose={() => setApplying(null)} />}
      {removing && (
        <ConfirmDialog
          title={t('templates.deleteTitle')}
          body={t('templates.deleteBody', { name: removing.name })}
          confirmLabel={t('common.delete')}
          danger
          busy={remove.isPending}
          error={remove.isError ? errorText(errorCodeOf(remove.error)) : null}
          onConfirm={() => remove.mutate(removing._id)}
          onCancel={() => setRemoving(null)}
          testId="template-delete-dialog"
        />
      )}
    </Page>
  );
}
