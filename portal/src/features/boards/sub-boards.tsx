import type { SubBoard } from '@saldo/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { SubmitButton } from '../../components/button';
import { errorCodeOf, useErrorText } from '../../components/error-text';
import { FormActions } from '../../components/form-modal';
import { ConfirmDialog, Modal } from '../../components/modal';
import { useNotify } from '../../components/notifications';
import { getSubBoardId, setSubBoardId } from '../../lib/auth-storage';
import { canEditBoard, truncateName } from './board-rules';
import { createSubBoard, deleteSubBoard, renameSubBoard, subBoardsKey, subBoardsQuery } from './queries';
import { useCurrentBoard } from './use-current-board';
import './sub-boards.css';

/** The current board's sub-boards; spec §4: loaded when a board is chosen, the first one's id stored. */
export function useSubBoards() {
  const { current } = useCurrentBoard();
  const boardId = current?._id ?? null;
  const query = useQuery({ ...subBoardsQuery(boardId ?? ''), enabled: !!boardId });
  const list = boardId && query.data ? query.data : [];
  useEffect(() => {
    if (!boardId || !query.data) return;
    const stored = getSubBoardId();
    if (stored && query.data.some((sub) => sub._id === stored)) return;
    setSubBoardId(query.data[0]?._id ?? null);
  }, [boardId, query.data]);
  return { boardId, subBoards: list, isError: query.isError };
}

type Dialog = { kind: 'create' } | { kind: 'rename'; sub: SubBoard } | { kind: 'delete'; sub: SubBoard } | null;

/** The sub-board list under Dashboard in the sidebar, with create, rename and delete. */
export function SubBoardList({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const { boardId, subBoards } = useSubBoards();
  // A Viewer opens sub-boards but does not make, rename or delete them.
  const editable = canEditBoard(useCurrentBoard().current);
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const [dialog, setDialog] = useState<Dialog>(null);
  if (!boardId || collapsed) return null;
  const active = pathname === '/dashboard' || pathname === '/' ? params.get('subBoardId') : null;
  return (
    <div className="sub-boards" data-testid="sub-boards">
      <ul>
        {subBoards.map((sub) => (
          <li key={sub._id} className={`sub-boards__item ${active === sub._id ? 'sub-boards__item--active' : ''}`}>
            <Link
              to={`/dashboard?subBoardId=${encodeURIComponent(sub._id)}`}
              className="sub-boards__link"
              title={sub.name}
              data-testid="sub-board-link"
              data-sub-board-id={sub._id}
              onClick={() => setSubBoardId(sub._id)}
            >
              {truncateName(sub.name)}
            </Link>
            {editable && (
              <>
                <button
                  type="button"
                  className="sub-boards__action"
                  aria-label={t('subBoards.rename')}
                  title={t('subBoards.rename')}
                  onClick={() => setDialog({ kind: 'rename', sub })}
                  data-testid="sub-board-rename"
                >
                  ✎
                </button>
                <button
                  type="button"
                  className="sub-boards__action"
                  aria-label={t('subBoards.delete')}
                  title={t('subBoards.delete')}
                  onClick={() => setDialog({ kind: 'delete', sub })}
                  data-testid="sub-board-delete"
                >
                  ×
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
      {editable && (
        <button
          type="button"
          className="sub-boards__add"
          onClick={() => setDialog({ kind: 'create' })}
          data-testid="add-sub-board"
        >
          + {t('subBoards.add')}
        </button>
      )}
      {(dialog?.kind === 'create' || dialog?.kind === 'rename') && (
        <SubBoardModal
          boardId={boardId}
          sub={dialog.kind === 'rename' ? dialog.sub : undefined}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteSubBoard boardId={boardId} sub={dialog.sub} active={active} onClose={() => setDialog(null)} />
      )}
    </div>
  );
}

function SubBoardModal({ boardId, sub, onClose }: { boardId: string; sub?: SubBoard; onClose: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [name, setName] = useState(sub?.name ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(errorText('SUB_BOARD_NAME_REQUIRED'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      if (sub) {
        await renameSubBoard(boardId, sub._id, name.trim());
        notify('subBoards.renamed');
      } else {
        const created = await createSubBoard(boardId, name.trim());
        notify('subBoards.created');
        setSubBoardId(created._id);
        navigate(`/dashboard?subBoardId=${encodeURIComponent(created._id)}`);
      }
      await queryClient.invalidateQueries({ queryKey: subBoardsKey(boardId) });
      onClose();
    } catch (failure) {
      const code = errorCodeOf(failure);
      if (code === 'SUB_BOARD_NAME_REQUIRED') setError(errorText(code));
      else setError(t(sub ? 'subBoards.renameFailed' : 'subBoards.createFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title={sub ? t('subBoards.renameTitle') : t('subBoards.createTitle')}
      onClose={busy ? undefined : onClose}
      size="small"
      testId="sub-board-form"
    >
      <form className="form" onSubmit={submit} noValidate>
        <div className={`field ${error ? 'field--invalid' : ''}`}>
          <label htmlFor={id}>{t('subBoards.name')}</label>
          <input id={id} name="subBoardName" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
          {error && (
            <p className="field__error" data-testid="subBoardName-error">
              {error}
            </p>
          )}
        </div>
        <FormActions busy={busy} onCancel={onClose}>
          <SubmitButton disabled={busy} data-testid="sub-board-submit">
            {sub ? t('common.save') : t('subBoards.create')}
          </SubmitButton>
        </FormActions>
      </form>
    </Modal>
  );
}

function DeleteSubBoard({
  boardId,
  sub,
  active,
  onClose,
}: {
  boardId: string;
  sub: SubBoard;
  active: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setBusy(true);
    try {
      await deleteSubBoard(boardId, sub._id);
      notify('subBoards.deleted');
      if (getSubBoardId() === sub._id) setSubBoardId(null);
      await queryClient.invalidateQueries({ queryKey: subBoardsKey(boardId) });
      if (active === sub._id) navigate('/dashboard');
      onClose();
    } catch {
      setError(t('subBoards.deleteFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog
      title={t('subBoards.deleteTitle')}
      body={t('subBoards.deleteBody', { name: sub.name })}
      confirmLabel={t('common.delete')}
      onConfirm={run}
      onCancel={onClose}
      busy={busy}
      danger
      error={error}
      testId="delete-sub-board-dialog"
    />
  );
}
