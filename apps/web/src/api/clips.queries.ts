import { queryOptions, useQuery } from '@tanstack/react-query';
import { clipsApi } from './clips.api.ts';
import type { InstanceRef } from './clips.api.ts';
import { queryKeys } from './query-keys.ts';

export const clipListQuery = (ref: InstanceRef) =>
  queryOptions({
    queryKey: queryKeys.clips(ref.jobId, ref.instanceId),
    queryFn: ({ signal }) => clipsApi.list(ref, signal),
  });

export const useClips = (ref: InstanceRef | undefined) =>
  useQuery({
    ...clipListQuery(ref ?? { jobId: '', instanceId: '' }),
    enabled: ref !== undefined,
  });
