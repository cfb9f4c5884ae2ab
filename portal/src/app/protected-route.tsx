import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../features/auth/use-session';
import { decideAccess } from './route-guard';

export function ProtectedRoute({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const decision = decideAccess(location.pathname + location.search, session?.user ?? null);
  if (decision !== 'allow') return <Navigate to={decision} replace />;
  return children;
}
