import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isClientError } from '../api/api-error.ts';
import { describeError } from '../api/api-error.ts';
import { showAlert } from './show-alert.ts';

// NOTE: an interface is required here: TanStack's Register is extended by declaration merging.
declare module '@tanstack/react-query' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface Register {
    queryMeta: { errorAlert?: string };
    mutationMeta: { errorAlert?: string };
  }
}

/**
 * Queries and mutations that carry `meta.errorAlert` alert once per failure: the server's err
 * when present, otherwise that text. Screens stay free of alert plumbing for loads.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
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
}
