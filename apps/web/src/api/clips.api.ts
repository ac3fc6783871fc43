import {
  apiPaths,
  bulkClipResponseSchema,
  clipListResponseSchema,
  clipResponseSchema,
  confirmClipRequestSchema,
  confirmClipResponseSchema,
  unconfirmClipResponseSchema,
  waveformResponseSchema,
} from '@roughcut/shared';
import type { ConfirmClipRequest } from '@roughcut/shared';
import { api } from './api-client.ts';

// SPEC section 7 "Clips".
export type InstanceRef = { jobId: string; instanceId: string };
export type ClipRef = InstanceRef & { clipId: string };

/** The job page's Confirm: keep the clip as it stands (its stored edits, else the defaults). */
export const DEFAULT_CLIP_CONFIRM: ConfirmClipRequest = { cut: 'default', subtitle: 'default' };

export const clipsApi = {
  list: ({ jobId, instanceId }: InstanceRef, signal?: AbortSignal) =>
    api.get(apiPaths.instanceClips(jobId, instanceId), {
      schema: clipListResponseSchema,
      ...(signal && { signal }),
    }),
  get: ({ jobId, instanceId }: InstanceRef, clipId: string, signal?: AbortSignal) =>
    api.get(apiPaths.clip(jobId, instanceId, clipId), {
      schema: clipResponseSchema,
      ...(signal && { signal }),
    }),
  /** The clip window's loudness (0..1, `rate` per second from `start`) for the timeline. */
  waveform: ({ jobId, instanceId }: InstanceRef, clipId: string, signal?: AbortSignal) =>
    api.get(apiPaths.clipWaveform(jobId, instanceId, clipId), {
      schema: waveformResponseSchema,
      ...(signal && { signal }),
    }),
  /** Continue: confirms the instance so the confirmed clips are rendered. */
  continueInstance: ({ jobId, instanceId }: InstanceRef) =>
    api.post(apiPaths.instanceConfirm(jobId, instanceId)),
  confirmAll: ({ jobId, instanceId }: InstanceRef) =>
    api.post(apiPaths.instanceClipsConfirm(jobId, instanceId), undefined, {
      schema: bulkClipResponseSchema,
    }),
  unconfirmAll: ({ jobId, instanceId }: InstanceRef) =>
    api.post(apiPaths.instanceClipsUnconfirm(jobId, instanceId), undefined, {
      schema: bulkClipResponseSchema,
    }),
  /**
   * The job page sends DEFAULT_CLIP_CONFIRM; the clip screen `{cut?, subtitle?, phrases?}` (see
   * customConfirmClipRequestSchema). A bad body fails here with the schema's message, unsent.
   */
  confirm: ({ jobId, instanceId }: InstanceRef, clipId: string, request: ConfirmClipRequest) =>
    api.post(
      apiPaths.clipConfirm(jobId, instanceId, clipId),
      confirmClipRequestSchema.parse(request),
      { schema: confirmClipResponseSchema },
    ),
  unconfirm: ({ jobId, instanceId }: InstanceRef, clipId: string) =>
    api.post(apiPaths.clipUnconfirm(jobId, instanceId, clipId), undefined, {
      schema: unconfirmClipResponseSchema,
    }),
};
