import { ENDPOINTS } from '@roughcut/shared';
import type { ClipDraft, ClipReframe, ConfirmClipRequest } from '@roughcut/shared';
import { api } from './api-client.ts';

// SPEC section 7 "Clips".
export type InstanceRef = { jobId: string; instanceId: string };
export type ClipRef = InstanceRef & { clipId: string };

/** The job page's Confirm: keep the clip as it stands (its stored edits, else the defaults). */
export const DEFAULT_CLIP_CONFIRM: ConfirmClipRequest = { cut: 'default', subtitle: 'default' };

const instanceParams = ({ jobId, instanceId }: InstanceRef) => ({
  id: jobId,
  instance_id: instanceId,
});
const clipParams = (ref: InstanceRef, clipId: string) => ({
  ...instanceParams(ref),
  clip_id: clipId,
});

export const clipsApi = {
  list: (ref: InstanceRef, signal?: AbortSignal) =>
    api.call(ENDPOINTS.instanceClips, { params: instanceParams(ref), ...(signal && { signal }) }),
  get: (ref: InstanceRef, clipId: string, signal?: AbortSignal) =>
    api.call(ENDPOINTS.clip, { params: clipParams(ref, clipId), ...(signal && { signal }) }),
  /** The clip window's loudness (0..1, `rate` per second from `start`) for the timeline. */
  waveform: (ref: InstanceRef, clipId: string, signal?: AbortSignal) =>
    api.call(ENDPOINTS.clipWaveform, {
      params: clipParams(ref, clipId),
      ...(signal && { signal }),
    }),
  /**
   * The short's framing plan (issue 21) for `reframe` (the clip screen's pick, else the stored
   * framing): pending while the speaker is being found.
   */
  framing: (ref: InstanceRef, clipId: string, reframe?: ClipReframe, signal?: AbortSignal) =>
    api.call(ENDPOINTS.clipFraming, {
      params: clipParams(ref, clipId),
      query: { reframe },
      ...(signal && { signal }),
    }),
  /** Continue: confirms the instance so the confirmed clips are rendered. */
  continueInstance: (ref: InstanceRef) =>
    api.call(ENDPOINTS.instanceConfirm, { params: instanceParams(ref) }),
  confirmAll: (ref: InstanceRef) =>
    api.call(ENDPOINTS.instanceClipsConfirm, { params: instanceParams(ref) }),
  unconfirmAll: (ref: InstanceRef) =>
    api.call(ENDPOINTS.instanceClipsUnconfirm, { params: instanceParams(ref) }),
  /**
   * The job page sends DEFAULT_CLIP_CONFIRM; the clip screen `{cut?, subtitle?, phrases?}`, checked
   * by useConfirmClip against the clip's window before it comes here.
   */
  confirm: (ref: InstanceRef, clipId: string, request: ConfirmClipRequest) =>
    api.call(ENDPOINTS.clipConfirm, { params: clipParams(ref, clipId), body: request }),
  unconfirm: (ref: InstanceRef, clipId: string) =>
    api.call(ENDPOINTS.clipUnconfirm, { params: clipParams(ref, clipId) }),
  /** Issue 31: the user's draft of the clip (`draft: null` when there is none). */
  draft: (ref: InstanceRef, clipId: string, signal?: AbortSignal) =>
    api.call(ENDPOINTS.clipDraft, { params: clipParams(ref, clipId), ...(signal && { signal }) }),
  /** Saves the draft whole; `keepalive` for the last save as the page goes away. */
  saveDraft: (ref: InstanceRef, clipId: string, draft: ClipDraft, keepalive = false) =>
    api.call(ENDPOINTS.clipDraftSave, { params: clipParams(ref, clipId), body: draft, keepalive }),
  /** Discard draft (also when the edits are back to the clip as loaded). */
  deleteDraft: (ref: InstanceRef, clipId: string, keepalive = false) =>
    api.call(ENDPOINTS.clipDraftDelete, { params: clipParams(ref, clipId), keepalive }),
};
