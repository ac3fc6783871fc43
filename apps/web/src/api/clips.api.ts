import {
  apiPaths,
  bulkClipResponseSchema,
  clipListResponseSchema,
  clipResponseSchema,
  confirmClipRequestSchema,
  confirmClipResponseSchema,
  unconfirmClipResponseSchema,
} from '@roughcut/shared';
import type { ConfirmClipRequest } from '@roughcut/shared';
import { api } from './api-client.ts';

// SPEC section 7 "Clips".
export type InstanceRef = { jobId: string; instanceId: string };

/** The job page's Confirm: remove every detected gap and keep the clip's own draw settings. */
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
