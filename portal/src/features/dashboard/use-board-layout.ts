import type { Board, BoardWidget, SubBoard } from '@saldo/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorCodeOf } from '../../components/error-text';
import { useNotify, useNotifyError } from '../../components/notifications';
import { boardsQuery, saveBoardWidgets, saveSubBoardWidgets, subBoardsKey } from '../boards/queries';
import { applyPositions, type GridPosition, layoutChanged } from './layout';

/** How long moves and resizes settle before the layout is saved. */
export const SAVE_DEBOUNCE_MS = 400;

/**
 * The widgets of one board or sub-board and their saving. Drags and resizes are saved once they settle;
 * other changes at once, put back when the server refuses them; a pending move is saved when the grid goes.
 * `latest` is the layout as last changed, for handlers that run before React re-renders.
 */
export function useBoardLayout(board: Board, subBoard: SubBoard | null, initial: BoardWidget[]) {
  const notify = useNotify();
  const notifyError = useNotifyError();
  const queryClient = useQueryClient();
  const [widgets, setWidgets] = useState<BoardWidget[]>(initial);
  const saved = useRef<BoardWidget[]>(initial);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(widgets);
  latest.current = widgets;

  const persist = useCallback(
    async (next: BoardWidget[]): Promise<boolean> => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      try {
        if (subBoard) {
          const result = await saveSubBoardWidgets(board._id, subBoard._id, next);
          queryClient.setQueryData(subBoardsKey(board._id), (list: SubBoard[] | undefined) =>
            list?.map((item) => (item._id === result._id ? { ...item, widgets: result.widgets } : item)),
          );
        } else {
          const result = await saveBoardWidgets(board._id, next);
          queryClient.setQueryData(boardsQuery.queryKey, (list: Board[] | undefined) =>
            list?.map((item) => (item._id === board._id ? { ...item, widgets: result.widgets } : item)),
          );
          // The board's widget count is the server's figure (the one /group and the admin pages show).
          void queryClient.invalidateQueries({ queryKey: boardsQuery.queryKey });
        }
        saved.current = next;
        return true;
      } catch (error) {
        notifyError(errorCodeOf(error) === 'WIDGET_ALREADY_ADDED' ? 'WIDGET_ALREADY_ADDED' : errorCodeOf(error));
        return false;
      }
    },
    [board._id, subBoard, queryClient, notifyError],
  );

  // A pending move is saved rather than lost when the user leaves the grid.
  useEffect(
    () => () => {
      if (timer.current && layoutChanged(latest.current, saved.current)) void persist(latest.current);
    },
    [persist],
  );

  /** Gridstack's moves and resizes: shown at once, saved after SAVE_DEBOUNCE_MS without a change. */
  const onLayout = useCallback(
    (changes: GridPosition[]) => {
      const next = applyPositions(latest.current, changes);
      if (!layoutChanged(next, latest.current)) return;
      latest.current = next;
      setWidgets(next);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void persist(latest.current), SAVE_DEBOUNCE_MS);
    },
    [persist],
  );

  /** A change the user asked for: saved at once with a notice (none for null), or put back when saving fails. */
  const update = async (next: BoardWidget[], successKey: string | null): Promise<boolean> => {
    const before = latest.current;
    latest.current = next;
    setWidgets(next);
    if (await persist(next)) {
      if (successKey) notify(successKey);
      return true;
    }
    latest.current = before;
    setWidgets(before);
    return false;
  };

  /** Saves a change that follows another save (a custom widget renamed): no notice, nothing put back. */
  const save = async (next: BoardWidget[]) => {
    latest.current = next;
    setWidgets(next);
    await persist(next);
  };

  return { widgets, latest, onLayout, update, save };
}
