import type { ReportPack } from '@saldo/contract/schemas/report-packs';
import { formatDate } from '@saldo/sdk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Button, SubmitButton } from '../../components/button';
import { DataTable } from '../../components/data-table';
import { errorCodeOf, useErrorText } from '../../components/error-text';
import { Field } from '../../components/form-field';
import { ConfirmDialog } from '../../components/modal';
import { useNotify } from '../../components/notifications';
import { QueryState } from '../../components/query-state';
import { BoardSubPage } from '../boards/board-sub-page';
import { PackEditor } from './pack-editor';
import { PackScheduling } from './pack-schedule';
import { PackSending } from './pack-sending';
import { createPack, deletePack, packsQuery } from './queries';
import './report-packs.css';

/**
 * /group/{boardId}/report-packs: the board's report packs. A pack made with a name alone is the firm's
 * default pack; a chosen pack opens in the editor below the list, with its preview.
 */
export function ReportPacksPage() {
  const { t } = useTranslation();
  const { boardId = '' } = useParams();
  const packs = useQuery(packsQuery(boardId));
  const [openId, setOpenId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<ReportPack | null>(null);
  const open = packs.data?.find((p) => p._id === openId) ?? null;

  return (
    <BoardSubPage testId="report-packs-page" title={t('reportPacks.title')}>
      {() => (
        <>
          <section className="card card__body report-packs">
            <p className="muted">{t('reportPacks.intro')}</p>
            <NewPackForm boardId={boardId} onCreated={setOpenId} />
          </section>
          <section className="card card__body report-packs">
            <QueryState
              query={packs}
              loading="text"
              error={t('reportPacks.loadFailed')}
              emptyText={t('reportPacks.none')}
              emptyTestId="report-packs-empty"
            >
              {(list) => (
                <DataTable
                  testId="report-packs"
                  rows={list}
                  rowKey={(pack) => pack._id}
                  rowProps={(pack) => ({ 'data-testid': 'report-pack', 'data-pack-id': pack._id })}
                  columns={[
                    { header: t('reportPacks.name'), cell: (pack) => pack.name },
                    { header: t('reportPacks.language'), cell: (pack) => t(`reportPacks.languages.${pack.language}`) },
                    { header: t('reportPacks.sections'), cell: (pack) => pack.sections.length },
                    { header: t('reportPacks.updated'), cell: (pack) => formatDate(pack.updatedAt) },
                    {
                      label: t('reportPacks.actions'),
                      cellClassName: 'data-table__actions',
                      cell: (pack) => (
                        <>
                          <Button
                            kind="secondary"
                            small
                            onClick={() => setOpenId(pack._id)}
                            data-testid="report-pack-open"
                          >
                            {t('reportPacks.edit')}
                          </Button>
                          <Button
                            kind="danger-ghost"
                            small
                            onClick={() => setDeleting(pack)}
                            data-testid="report-pack-delete"
                          >
                            {t('reportPacks.delete')}
                          </Button>
                        </>
                      ),
                    },
                  ]}
                />
              )}
            </QueryState>
          </section>
          {open && <PackEditor key={open._id} boardId={boardId} pack={open} />}
          {open && <PackSending key={`send-${open._id}`} boardId={boardId} pack={open} />}
          {open && <PackScheduling key={`schedule-${open._id}`} boardId={boardId} pack={open} />}
          {deleting && (
            <DeletePackDialog
              boardId={boardId}
              pack={deleting}
              onClose={(gone) => {
                if (gone && openId === deleting._id) setOpenId(null);
                setDeleting(null);
              }}
            />
          )}
        </>
      )}
    </BoardSubPage>
  );
}

function NewPackForm({ boardId, onCreated }: { boardId: string; onCreated: (id: string) => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const client = useQueryClient();
  const id = useId();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: () => createPack(boardId, { name: name.trim() }),
    onSuccess: (pack) => {
      setName('');
      setProblem(null);
      onCreated(pack._id);
      void client.invalidateQueries({ queryKey: ['report-packs', boardId] });
    },
    onError: (error) => setProblem(errorText(errorCodeOf(error))),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setProblem(t('reportPacks.nameRequired'));
    create.mutate();
  };
  return (
    <form className="report-packs__new" onSubmit={onSubmit} noValidate>
      <Field
        id={`${id}-name`}
        name="pack-name"
        label={t('reportPacks.newName')}
        hint={t('reportPacks.newHint')}
        value={name}
        maxLength={100}
        onChange={(event) => setName(event.target.value)}
        error={problem}
      />
      <SubmitButton busy={create.isPending} data-testid="report-pack-create">
        {t('reportPacks.create')}
      </SubmitButton>
    </form>
  );
}

function DeletePackDialog({
  boardId,
  pack,
  onClose,
}: {
  boardId: string;
  pack: ReportPack;
  onClose: (gone: boolean) => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const client = useQueryClient();
  const remove = useMutation({
    mutationFn: () => deletePack(boardId, pack._id),
    onSuccess: () => {
      notify('reportPacks.deleted');
      void client.invalidateQueries({ queryKey: ['report-packs', boardId] });
      onClose(true);
    },
    onError: (error) => {
      notify('', 'error', errorCodeOf(error));
      onClose(false);
    },
  });
  return (
    <ConfirmDialog
      title={t('reportPacks.deleteTitle')}
      body={t('reportPacks.deleteBody', { name: pack.name })}
      confirmLabel={t('reportPacks.delete')}
      danger
      busy={remove.isPending}
      onConfirm={() => remove.mutate()}
      onCancel={() => onClose(false)}
    />
  );
}
