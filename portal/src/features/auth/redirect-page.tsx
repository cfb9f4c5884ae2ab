import { Navigate, useSearchParams } from 'react-router';
import { safeRedirect } from '../../lib/redirect';
import { useSession } from './use-session';

/** Where /redirect/ sends someone: logged in → the (same-origin) `redirect` param or /; else /login, keeping it. */
export function redirectLandingTarget(redirect: string | null, loggedIn: boolean): string {
  const target = safeRedirect(redirect, '/');
  if (loggedIn) return target;
  return target === '/' ? '/login' : `/login?redirect=${encodeURIComponent(target)}`;
}

/** /redirect/: a landing page for links from e-mails and partners. */
export function RedirectPage() {
  const [params] = useSearchParams();
  const session = useSession();
  return <Navigate to={redirectLandingTarget(params.get('redirect'), !!session)} replace />;
}
