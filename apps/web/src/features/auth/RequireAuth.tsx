import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useSession } from '../../core/context';

/** Route guard: signed-in users pass; others go to /login?returnUrl=<requested URL>. */
export function RequireAuth() {
  const { status, loggedOut } = useSession();
  const location = useLocation();
  if (status !== 'authenticated') {
    const requested = `${location.pathname}${location.search}${location.hash}`;
    if (loggedOut) {
      // The user logged out on purpose: the next person to sign in starts at the default page.
      return <Navigate to="/login" replace />;
    }
    return <Navigate to={`/login?returnUrl=${encodeURIComponent(requested)}`} replace />;
  }
  return <Outlet />;
}
