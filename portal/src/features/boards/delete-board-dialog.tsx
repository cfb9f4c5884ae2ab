import type { Board } from '@saldo/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf, useErrorText } from '../../components/error-text';
import { ConfirmDialog } from '../../components/modal';
import { useNotify } from '../../components/notifications';
import { getCurrentBoardId, setCurrentBoardId, setSubBoardId } from '../../lib/auth-storage';
import { currentAfterDelete } from './board-rules';
import { boardsQuery, deleteBoard } from './queries';

/**
 * Confirm, then delete. The server refuses the user's last board (LAST_GROUP), and a board that is
 * some member's only one (MEMBERS_LAST_GROUP); the dialog then says which and asks again, and only
 * that second, explicit confirmation deletes it anyway.
 */
export function DeleteBoardDialog({ board, boards, onClose }: { board: Board; boards: Board[]; onClose: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** Why a second confirmation is asked for, once the server has said. */
  const [again, setAgain] = useState<'LAST_GROUP' | 'MEMBERS_LAST_GROUP' | null>(null);

  // The server names the members first; a second yes deletes the owner's last board too, so say that as well.
  const ownLast = boards.filter((b) => b.role === 'owner').length <= 1;

  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      const result = await deleteBoard(board._id, again !== null);
      if (!result.isDeleted) throw new Error('not deleted');
      const wasCurrent = getCurrentBoardId();
      const next = currentAfterDelete(boards, board._id, wasCurrent);
      if (next !== wasCurrent) {
        setCurrentBoardId(next);
        setSubBoardId(null);
      }
      queryClient.setQueryData(boardsQuery.queryKey, (list: Board[] | undefined) =>
        list?.filter((item) => item._id !== board._id),
      );
      void queryClient.invalidateQueries({ queryKey: boardsQuery.queryKey });
      notify('boards.deleted');
      onClose();
    } catch (failure) {
      const code = errorCodeOf(failure);
      if ((code === 'LAST_GROUP' || code === 'MEMBERS_LAST_GROUP') && !again) setAgain(code);
      setError(code === 'INTERNAL_ERROR' ? t('boards.deleteFailed') : errorText(code));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ConfirmDialog
      title={t('boards.deleteTitle')}
      body={t(
        again === 'MEMBERS_LAST_GROUP'
          ? ownLast
            ? 'boards.deleteLastMembersBody'
            : 'boards.deleteMembersBody'
          : again === 'LAST_GROUP'
            ? 'boards.deleteLastBody'
            : 'boards.deleteBody',
        { name: board.name },
      )}
      confirmLabel={t(
        again === 'MEMBERS_LAST_GROUP'
          ? 'boards.deleteMembersAnyway'
          : again === 'LAST_GROUP'
            ? 'boards.deleteAnyway'
            : 'common.delete',
      )}
      onConfirm={run}
      onCancel={onClose}
      busy={busy}
      danger
      error={error}
      testId="delete-board-dialog"
    />
  );
}
