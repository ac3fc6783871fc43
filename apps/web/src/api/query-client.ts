import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, describeError, isClientError } from './api-error.ts';
import { queryKeys } from './query-keys.ts';
import { showAlert } from '../lib/show-alert.ts';

// NOTE: an interface is required here: TanStack's Register is extended by declaration merging.
declare module '@tanstack/react-query' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface Register {
    queryMeta: { errorAlert?: string };
    mutationMeta: { errorAlert?: string };
  }
}

/** Keys of signed-in data (GET /api/manage/...) start with this, see src/api/query-keys.ts. */
const SIGNED_IN_KEY_PREFIX = queryKeys.account[0];

const isSignedOut = (error: unknown) => error instanceof ApiError && error.status === 401;

/**
 * Queries and mutations that carry `meta.errorAlert` alert once per failure: the server's err
 * when present, otherwise that text. Screens stay free of alert plumbing for loads.
 * A signed-in load (key starting with 'manage') answered 401 means the session ended (expired, or logged out in another tab): the
 * session is marked gone so the guard sends the user to /login instead of alerting.
 */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (isSignedOut(error) && query.queryKey[0] === SIGNED_IN_KEY_PREFIX) {
          client.setQueryData(queryKeys.session, false);
          return;
        }
        const fallback = query.meta?.errorAlert;
        if (fallback) showAlert(describeError(error, fallback));
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        const fallback = mutation.meta?.errorAlert;
        if (fallback) showAlert(describeError(error, fallback));
      },
    }),
    defaultOptions: {
      queries: {
        retry: (failures, error) => !isClientError(error) && failures < 1,
        refetchOnWindowFocus: false,
      },
    },
  });
  return client;
}
