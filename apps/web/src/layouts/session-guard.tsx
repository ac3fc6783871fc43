import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../api/account.queries.ts';

export type GuardState = { from?: string };

/** SPEC section 2.1: checks the session, shows nothing while checking, else goes to /login. */
export function SessionGuard() {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return null;
  if (!session.data) {
    const state: GuardState = { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to="/login" replace state={state} />;
  }
  return <Outlet />;
}
