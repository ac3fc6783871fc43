// SPEC 7 "Clips": an instance's clips, confirming them, and what the clip screen asks for.
import {
  bulkClipResponseSchema,
  clipListResponseSchema,
  clipParamsSchema,
  clipResponseSchema,
  confirmClipResponseSchema,
  instanceParamsSchema,
  unconfirmClipResponseSchema,
  waveformResponseSchema,
} from './clip.contract.ts';
import { confirmClipRequestSchema } from './clip-confirm.contract.ts';
import {
  clipDraftResponseSchema,
  clipDraftSchema,
  saveClipDraftResponseSchema,
} from './clip-draft.contract.ts';
import { okResponseSchema } from './common.contract.ts';
import { endpoint } from './endpoint.contract.ts';
import type { Endpoint } from './endpoint.contract.ts';
import { clipExportParamsSchema, exportQuerySchema } from './export.contract.ts';
import { clipFramingQuerySchema, clipFramingResponseSchema } from './framing.contract.ts';

const user = 'user' as const;

export const CLIP_ENDPOINTS = {
  instanceClips: endpoint({
    method: 'GET',
    path: '/api/manage/autojob/:id/instance/:instance_id/clips',
    auth: user,
    params: instanceParamsSchema,
    response: clipListResponseSchema,
  }),
  instanceConfirm: endpoint({
    method: 'POST',
    path: '/api/manage/autojob/:id/instance/:instance_id/confirm',
    auth: user,
    idempotent: true,
    params: instanceParamsSchema,
    response: okResponseSchema,
  }),
  instanceClipsConfirm: endpoint({
    method: 'POST',
    path: '/api/manage/autojob/:id/instance/:instance_id/clips/confirm',
    auth: user,
    params: instanceParamsSchema,
    response: bulkClipResponseSchema,
  }),
  instanceClipsUnconfirm: endpoint({
    method: 'POST',
    path: '/api/manage/autojob/:id/instance/:instance_id/clips/unconfirm',
    auth: user,
    params: instanceParamsSchema,
    response: bulkClipResponseSchema,
  }),
  clip: endpoint({
    method: 'GET',
    path: '/api/manage/autojob/:id/instance/:instance_id/clip/:clip_id',
    auth: user,
    params: clipParamsSchema,
    response: clipResponseSchema,
  }),
  clipConfirm: endpoint({
    method: 'POST',
    path: '/api/manage/autojob/:id/instance/:instance_id/clip/:clip_id/confirm',
    auth: user,
    params: clipParamsSchema,
    body: confirmClipRequestSchema,
    response: confirmClipResponseSchema,
  }),
  clipUnconfirm: endpoint({
    method: 'POST',
    path: '/api/manage/autojob/:id/instance/:instance_id/clip/:clip_id/unconfirm',
    auth: user,
    params: clipParamsSchema,
    response: unconfirmClipResponseSchema,
  }),
  /** Not in the spec: the clip window's loudness for the timeline's waveform. */
  clipWaveform: endpoint({
    method: 'GET',
    path: '/api/manage/autojob/:id/instance/:instance_id/clip/:clip_id/waveform',
    auth: user,
    params: clipParamsSchema,
    response: waveformResponseSchema,
  }),
  /**
   * Not in the spec: the short's framing plan (issue 21), as the preview and the render use it;
   * `?reframe=` asks for a framing picked but not confirmed yet (pending queues its planning).
   */
  clipFraming: endpoint({
    method: 'GET',
    path: '/api/manage/autojob/:id/instance/:instance_id/clip/:clip_id/framing',
    auth: user,
    changesState: true,
    params: clipParamsSchema,
    query: clipFramingQuerySchema,
    response: clipFramingResponseSchema,
  }),
  /** Not in the spec: one clip as edited, as an editor timeline or a transcript (the file itself). */
  clipExport: endpoint({
    method: 'GET',
    path: '/api/manage/autojob/:id/instance/:instance_id/clip/:clip_id/export/:format',
    auth: user,
    changesState: true,
    params: clipExportParamsSchema,
    query: exportQuerySchema,
    responseKind: 'file',
  }),
  /**
   * Not in the spec (issue 31): the user's draft of a clip, every unconfirmed change of the clip
   * screen and the timeline editor; saved only while the clip is editable, checked like a confirm,
   * removed by a confirm. GET answers `{draft: null}` when there is none (or the clip is not
   * editable); DELETE (Discard draft) always answers ok.
   */
  clipDraft: endpoint({
    method: 'GET',
    path: '/api/manage/autojob/:id/instance/:instance_id/clip/:clip_id/draft',
    auth: user,
    params: clipParamsSchema,
    response: clipDraftResponseSchema,
  }),
  /** Not in the spec (issue 31): saves the clip's draft (one per clip, replaced whole). */
  clipDraftSave: endpoint({
    method: 'PUT',
    path: '/api/manage/autojob/:id/instance/:instance_id/clip/:clip_id/draft',
    auth: user,
    params: clipParamsSchema,
    body: clipDraftSchema,
    response: saveClipDraftResponseSchema,
  }),
  /** Not in the spec (issue 31): Discard draft. */
  clipDraftDelete: endpoint({
    method: 'DELETE',
    path: '/api/manage/autojob/:id/instance/:instance_id/clip/:clip_id/draft',
    auth: user,
    params: clipParamsSchema,
    response: okResponseSchema,
  }),
} as const satisfies Record<string, Endpoint>;
