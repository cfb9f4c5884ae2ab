import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { isLoggingOut } from '../features/auth/use-logout';
import { useSession } from '../features/auth/use-session';
import { decideAccess } from './route-guard';

export function ProtectedRoute({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  // A logout in progress navigates to /login itself; see use-logout.ts.
  if (!session && isLoggingOut()) return null;
  const decision = decideAccess(location.pathname + location.search, session?.user ?? null);
  if (decision !== 'allow') return <Navigate to={decision} replace />;
  return children;
}
