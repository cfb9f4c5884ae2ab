import type { Board } from '@saldo/contract';
import { BoardFormModal } from './board-form-modal';
import { DeleteBoardDialog } from './delete-board-dialog';

/** The board dialog that is open, if any: a new board, a board's name and sources, or deleting a board. */
export type BoardDialog = { kind: 'create' } | { kind: 'edit'; board: Board } | { kind: 'delete'; board: Board } | null;

/** The open board dialog, for the boards page and the board menu alike. */
export function BoardDialogs({
  dialog,
  boards,
  onClose,
}: {
  dialog: BoardDialog;
  boards: Board[];
  onClose: () => void;
}) {
  if (dialog?.kind === 'create') return <BoardFormModal key="create" onClose={onClose} />;
  if (dialog?.kind === 'edit') return <BoardFormModal key="edit" board={dialog.board} onClose={onClose} />;
  if (dialog?.kind === 'delete') return <DeleteBoardDialog board={dialog.board} boards={boards} onClose={onClose} />;
  return null;
}
