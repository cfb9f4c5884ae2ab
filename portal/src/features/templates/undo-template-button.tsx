import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { errorCodeOf, useErrorText } from '../../components/error-text';
import { ConfirmDialog } from '../../components/modal';
import { dashboardKeys, undoStateQuery, undoTemplate } from './queries';

/** On a board's dashboard, while a template applied to it can be undone: "Undo template", after a confirmation. */
export function UndoTemplateButton({ boardId }: { boardId: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const state = useQuery(undoStateQuery(boardId));
  const [asking, setAsking] = useState(false);
  const undo = useMutation({
    mutationFn: () => undoTemplate(boardId),
    onSuccess: async () => {
      setAsking(false);
      await Promise.all(dashboardKeys(boardId).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      // The grid keeps the layout it started from (BoardGrid's own state, saved as it is moved); a layout
      // replaced from outside reaches it only when the page starts again.
      window.location.reload();
    },
  });
  const name = state.data?.templateName;
  if (!name) return null;
  return (
    <>
      <Button kind="secondary" onClick={() => setAsking(true)} data-testid="undo-template-button">
        {t('templates.undoOnBoard')}
      </Button>
      {asking && (
        <ConfirmDialog
          title={t('templates.undoOnBoard')}
          body={t('templates.undoBody', { name })}
          confirmLabel={t('templates.undo')}
          busy={undo.isPending}
          error={undo.isError ? errorText(errorCodeOf(undo.error)) : null}
          onConfirm={() => undo.mutate()}
          onCancel={() => setAsking(false)}
          testId="undo-template-dialog"
        />
      )}
    </>
  );
}
