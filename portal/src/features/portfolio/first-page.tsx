import { useQuery } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { LoadingBlock } from '../../components/query-state';
import { boardsQuery } from '../boards/queries';
import { DashboardPage } from '../dashboard/dashboard-page';

/** The first page after signing in: the portfolio for someone who sees more than one board, else the dashboard. */
export function FirstPage() {
  const boards = useQuery(boardsQuery);
  if (boards.isPending) return <LoadingBlock />;
  if ((boards.data?.length ?? 0) > 1) return <Navigate to="/portfolio" replace />;
  return <DashboardPage />;
}
