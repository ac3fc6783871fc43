import { Navigate } from 'react-router';
import { useSession } from '../api/account.queries.ts';

/** SPEC section 2.1 `/`: signed in goes to /edits, otherwise to /landing. */
export function RootRedirect() {
  const session = useSession();
  if (session.isPending) return null;
  return <Navigate to={session.data ? '/edits' : '/landing'} replace />;
}
