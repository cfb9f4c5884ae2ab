import { boardsQuery, subBoardsQuery } from '../features/boards/queries';
import { budgetQuery } from '../features/budgets/queries';
import { widgetConfigurationsQuery } from '../features/dashboard/queries';
import { boardPeriodsQuery } from '../features/period/queries';
import { profileQuery } from '../features/profile/queries';
import { getCurrentBoardId, getToken, getUser } from '../lib/auth-storage';
import { queryClient } from '../lib/query-client';
import { startupRequests } from '../lib/startup-requests';

/**
 * The dashboard's route loader: everything its first screen needs is asked for at navigation, together,
 * while its code (the SDK) still loads: the user's profile and menu, the boards with their layouts, the
 * current board's periods and whether it has a budget, the widget catalogue, and the widget data the
 * board's elements asked for last time (startup-requests.ts). Without it each waited on the one before: code, then boards, then periods,
 * then the widgets. Nothing here is awaited by the router, so the page renders as soon as its code is
 * there, and each query and element takes its answer when it arrives.
 */
export function dashboardLoader({ request }: { request: Request }): null {
  const token = getToken();
  // Nobody signed in: the route guard sends them to the login page.
  if (!token || !getUser()) return null;
  // With the token as it is: one that has expired earns these calls a 401, and each is asked again after
  // the one renewal they share (the api client's; startup-requests.ts for the widgets).
  void queryClient.prefetchQuery(profileQuery);
  void queryClient.prefetchQuery(boardsQuery);
  void queryClient.prefetchQuery(widgetConfigurationsQuery);
  // The board shown last is the board shown now, unless it has gone (then these answers go unread).
  const boardId = getCurrentBoardId();
  if (!boardId) return null;
  const { search } = new URL(request.url);
  void queryClient.prefetchQuery(boardPeriodsQuery(boardId));
  // The grid waits to learn whether the board has a budget (comparisons.ts); asked after the widgets' data
  // it waited for a free connection behind all of them (a browser opens six per host).
  void queryClient.prefetchQuery(budgetQuery(boardId, new Date().getFullYear()));
  if (new URLSearchParams(search).has('subBoardId')) void queryClient.prefetchQuery(subBoardsQuery(boardId));
  startupRequests.prefetch(boardId, search, token);
  return null;
}
