import { Navigate, Outlet } from 'react-router';
import { useSession } from '../api/account.queries.ts';

/** SPEC section 2.3: login, sign up and forgot-password send a signed-in user to /edits. */
export function PublicOnlyRoute() {
  const session = useSession();
  if (session.isPending) return null;
  if (session.data) return <Navigate to="/edits" replace />;
  return <Outlet />;
}
