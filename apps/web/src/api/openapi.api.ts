import { ENDPOINTS } from '@roughcut/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client.ts';

// Issue 36: the OpenAPI 3.1 document the API reference page (/account/api/reference) draws.
export const openApiApi = {
  document: () => api.call(ENDPOINTS.openapi),
};

export const OPENAPI_LOAD_ERROR =
  'The API reference could not be loaded. Reload the page to try again.';

export const openApiDocumentQuery = queryOptions({
  // NOTE: its own key, not in query-keys.ts: nothing the app does changes the document, so
  // nothing ever invalidates it.
  queryKey: ['openapi'] as const,
  queryFn: () => openApiApi.document(),
  staleTime: Number.POSITIVE_INFINITY,
});
