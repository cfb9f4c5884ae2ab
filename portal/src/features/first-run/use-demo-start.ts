import { useMutation } from '@tanstack/react-query';
import { errorCodeOf } from '../../components/error-text';
import { useNotify, useNotifyError } from '../../components/notifications';
import { useRefreshAccounts } from '../api-accounts/use-refresh-accounts';
import { useCurrentBoard } from '../boards/use-current-board';
import { useSync } from '../sync/sync-context';
import { startDemo } from './queries';

/**
 * The demo company in one click, wherever it is offered (the guided start's "Prøv demoen", the sources
 * page's "Legg til demoselskap"): its source and a board over it in one call, the board made current,
 * its first sync followed in the top bar; `onReady` then opens its dashboard from a page that is not it.
 * `notifyErrors`: a failure is told as a notification (a page without a place of its own for it).
 */
export function useDemoStart({ notifyErrors = false, onReady }: { notifyErrors?: boolean; onReady?: () => void } = {}) {
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefreshAccounts();
  const { select } = useCurrentBoard();
  const { follow } = useSync();
  return useMutation({
    mutationFn: startDemo,
    onSuccess: ({ board, apiAccount }) => {
      select(board._id);
      follow(board._id, [apiAccount._id]);
      refresh();
      notify('firstRun.demoReady');
      onReady?.();
    },
    onError: (error) => {
      if (notifyErrors) notifyError(errorCodeOf(error));
    },
  });
}
