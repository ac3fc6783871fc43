import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateTemplateRequest, SaveTemplateRequest } from '@roughcut/shared';
import { templatesApi } from './templates.api.ts';
import { queryKeys } from './query-keys.ts';

export const templateListQuery = queryOptions({
  queryKey: queryKeys.templates,
  queryFn: ({ signal }) => templatesApi.list(signal),
});

export const useTemplates = (enabled = true) => useQuery({ ...templateListQuery, enabled });

/** The editor's create, save and delete calls; each refreshes the list (and Select Style). */
export function useTemplateMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.templates });
  return {
    create: useMutation({
      mutationFn: (request: CreateTemplateRequest) => templatesApi.create(request),
      onSuccess: refresh,
    }),
    save: useMutation({
      mutationFn: (request: SaveTemplateRequest) => templatesApi.save(request),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => templatesApi.remove(id),
      onSuccess: refresh,
    }),
  };
}
