import { queryOptions, useQuery } from '@tanstack/react-query';
import { templatesApi } from './templates.api.ts';
import { queryKeys } from './query-keys.ts';

export const templateListQuery = queryOptions({
  queryKey: queryKeys.templates,
  queryFn: ({ signal }) => templatesApi.list(signal),
});

export const useTemplates = (enabled = true) => useQuery({ ...templateListQuery, enabled });
