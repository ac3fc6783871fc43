import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { authApi } from '../api/auth.api.ts';
import { queryKeys } from '../api/query-keys.ts';
import { LOGOUT_FAILED } from '../lib/auth-messages.ts';

/** GET /api/auth/logout, then /login with every cached signed-in query dropped. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: authApi.logout,
    meta: { errorAlert: LOGOUT_FAILED },
    onSuccess: async () => {
      // NOTE: order matters: marking the session gone first unmounts the signed-in screens, so
      // dropping their cached data cannot make them refetch (and alert) as a signed-out user.
      queryClient.setQueryData(queryKeys.session, false);
      await navigate('/login', { replace: true });
      queryClient.removeQueries({
        predicate: (query) => query.queryKey[0] !== queryKeys.session[0],
      });
    },
  });
}
