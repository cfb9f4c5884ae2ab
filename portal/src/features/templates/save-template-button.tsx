import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, SubmitButton } from '../../components/button';
import { errorCodeOf, useErrorText } from '../../components/error-text';
import { Field } from '../../components/form-field';
import { Modal } from '../../components/modal';
import { useNotify } from '../../components/notifications';
import { saveTemplate, templatesQuery } from './queries';

/** "Save as template" on a board's dashboard: its widgets, places, sub-boards and KPIs under a name. */
export function SaveTemplateButton({ boardId, boardName }: { boardId: string; boardName: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button kind="secondary" onClick={() => setOpen(true)} data-testid="save-template-button">
        {t('templates.save')}
      </Button>
      {open && <SaveTemplateDialog boardId={boardId} boardName={boardName} onClose={() => setOpen(false)} />}
    </>
  );
}

function SaveTemplateDialog({
  boardId,
  boardName,
  onClose,
}: {
  boardId: string;
  boardName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const id = useId();
  const [name, setName] = useState(boardName);
  const [missing, setMissing] = useState(false);
  const save = useMutation({
    mutationFn: () => saveTemplate(name.trim(), boardId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: templatesQuery.queryKey });
      notify('templates.saved', 'success');
      onClose();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setMissing(true);
    save.mutate();
  };
  return (
    <Modal title={t('templates.saveTitle')} onClose={onClose} testId="save-template-dialog">
      <form onSubmit={submit} noValidate>
        <p className="muted">{t('templates.saveBody')}</p>
        <Field
          id={`${id}-name`}
          name="template-name"
          label={t('templates.name')}
          value={name}
          maxLength={100}
          onChange={(event) => {
            setName(event.target.value);
            setMissing(false);
          }}
          error={missing ? t('templates.nameRequired') : save.isError ? errorText(errorCodeOf(save.error)) : null}
          data-testid="template-name"
        />
        <div className="modal__actions">
          <Button kind="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <SubmitButton busy={save.isPending} data-testid="save-template-confirm">
            {t('templates.saveConfirm')}
          </SubmitButton>
        </div>
      </form>
    </Modal>
  );
}
