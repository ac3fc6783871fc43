import type { ClipReframe } from '@roughcut/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { isClientError } from './api-error.ts';
import { clipsApi } from './clips.api.ts';
import type { ClipRef, InstanceRef } from './clips.api.ts';
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

/** One clip as it will be rendered (its confirmed edits, else the detected defaults). */
export const clipQuery = (ref: ClipRef) =>
  queryOptions({
    queryKey: queryKeys.clip(ref.jobId, ref.instanceId, ref.clipId),
    queryFn: ({ signal }) => clipsApi.get(ref, ref.clipId, signal),
  });

/** The clip's waveform; it never changes once the analysis made it. */
export const clipWaveformQuery = (ref: ClipRef) =>
  queryOptions({
    queryKey: queryKeys.clipWaveform(ref.jobId, ref.instanceId, ref.clipId),
    queryFn: ({ signal }) => clipsApi.waveform(ref, ref.clipId, signal),
    staleTime: Infinity,
    retry: false,
  });

export const useClipWaveform = (ref: ClipRef | undefined) =>
  useQuery({
    ...clipWaveformQuery(ref ?? { jobId: '', instanceId: '', clipId: '' }),
    enabled: ref !== undefined,
  });

/**
 * Issue 31: the user's draft of a clip. A screen takes it once, as it opens, so it is read afresh
 * on every visit (`gcTime: 0`) and never refetched under it; `settled` waits first for a save of
 * the same clip still on its way (the screen just left). A refusal (4xx) is not asked again.
 */
export const clipDraftQuery = (ref: ClipRef, settled: () => Promise<void> = async () => {}) =>
  queryOptions({
    queryKey: queryKeys.clipDraft(ref.jobId, ref.instanceId, ref.clipId),
    queryFn: async ({ signal }) => {
      await settled();
      return clipsApi.draft(ref, ref.clipId, signal);
    },
    gcTime: 0,
    staleTime: Infinity,
    retry: (failures, error) => !isClientError(error) && failures < 2,
  });

/** How often the preview asks again while the speaker is being found. */
export const FRAMING_POLL_MS = 3000;

/**
 * The short's framing plan for a framing (the clip screen's pick, or the stored one) and the
 * clip's window (`planFor` names the window): asked again every few seconds while pending, kept
 * once ready.
 */
export const useClipFraming = (
  ref: ClipRef,
  reframe: ClipReframe,
  planFor: string,
  enabled: boolean,
) =>
  useQuery({
    queryKey: queryKeys.clipFraming(ref, `${reframe}:${planFor}`),
    queryFn: ({ signal }) => clipsApi.framing(ref, ref.clipId, reframe, signal),
    enabled,
    staleTime: Infinity,
    refetchInterval: (query) => (query.state.data?.state === 'pending' ? FRAMING_POLL_MS : false),
  });
