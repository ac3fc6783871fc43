import { z } from 'zod';
import {
  assetListResponseSchema,
  assetParamsSchema,
  assetUrlResponseSchema,
} from './asset.contract.ts';
import {
  downloadQuerySchema,
  downloadResponseSchema,
  uploadResponseSchema,
} from './asset.contract.ts';
import {
  accountResponseSchema,
  codeParamSchema,
  loginRequestSchema,
  registerRequestSchema,
  resetPasswordConfirmRequestSchema,
  resetPasswordRequestParamSchema,
  sessionUserResponseSchema,
  updateEmailParamSchema,
  updateUserRequestSchema,
  userResponseSchema,
} from './auth.contract.ts';
import {
  addStepRequestSchema,
  autoJobListResponseSchema,
  autoJobParamsSchema,
  autoJobResponseSchema,
  cancelAutoJobResponseSchema,
  createAutoJobRequestSchema,
  createAutoJobResponseSchema,
  deleteStepRequestSchema,
  startAutoJobResponseSchema,
  stepChangeResponseSchema,
  stepListResponseSchema,
  updateAutoJobRequestSchema,
  updateAutoJobResponseSchema,
} from './autojob.contract.ts';
import {
  billingSummarySchema,
  checkoutSessionFormSchema,
  checkoutSessionParamsSchema,
  customerParamsSchema,
  customerResponseSchema,
} from './billing.contract.ts';
import {
  bulkClipResponseSchema,
  clipListResponseSchema,
  clipParamsSchema,
  clipResponseSchema,
  confirmClipRequestSchema,
  confirmClipResponseSchema,
  instanceParamsSchema,
  unconfirmClipResponseSchema,
  waveformResponseSchema,
} from './clip.contract.ts';
import {
  clipDraftResponseSchema,
  clipDraftSchema,
  saveClipDraftResponseSchema,
} from './clip-draft.contract.ts';
import { healthResponseSchema, okResponseSchema } from './common.contract.ts';
import {
  accessTokenListResponseSchema,
  accessTokenParamsSchema,
  createAccessTokenRequestSchema,
  createAccessTokenResponseSchema,
} from './access-token.contract.ts';
import {
  createWebhookRequestSchema,
  createWebhookResponseSchema,
  webhookDeliveryListResponseSchema,
  webhookDeliveryParamsSchema,
  webhookDeliverySchema,
  webhookListResponseSchema,
  webhookParamsSchema,
  webhookSchema,
} from './webhook.contract.ts';
import { drawExampleQuerySchema, drawExampleRequestSchema } from './draw.contract.ts';
import {
  clipExportParamsSchema,
  editExportParamsSchema,
  exportQuerySchema,
} from './export.contract.ts';
import { endpoint } from './endpoint.contract.ts';
import { clipFramingQuerySchema, clipFramingResponseSchema } from './framing.contract.ts';
import type { Endpoint } from './endpoint.contract.ts';
import { languageListResponseSchema } from './languages.contract.ts';
import {
  createTemplateRequestSchema,
  createTemplateResponseSchema,
  saveTemplateRequestSchema,
  templateListResponseSchema,
  templateParamsSchema,
} from './template.contract.ts';

// Every endpoint of SPEC section 7 (and the few the app adds), described once: the server
// registers its routes from these entries, the web client builds its URLs and parses its answers
// with them, and the authorisation matrix test is generated from them.

const user = 'user' as const;
const pub = 'public' as const;

/** POST /api/{provider}/webhook → what became of the provider's event. */
export const paymentWebhookResponseSchema = z.object({
  received: z.literal(true),
  outcome: z.enum(['applied', 'duplicate', 'ignored']),
});

/** GET /api/openapi.json: an OpenAPI 3.1 document (checked in full by a real validator in CI). */
export const openApiDocumentSchema = z
  .object({
    openapi: z.string().startsWith('3.1'),
    info: z.object({}).loose(),
    paths: z.object({}).loose(),
  })
  .loose();

export const ENDPOINTS = {
  // SPEC 7 "Authentication and registration"
  attemptLogin: endpoint({
    method: 'GET',
    path: '/api/auth/attemptlogin',
    auth: user,
    sessionOnly: true,
    response: sessionUserResponseSchema,
  }),
  login: endpoint({
    method: 'POST',
    path: '/api/auth/login',
    auth: pub,
    body: loginRequestSchema,
    response: sessionUserResponseSchema,
  }),
  logout: endpoint({
    method: 'GET',
    path: '/api/auth/logout',
    auth: pub,
    changesState: true,
    response: okResponseSchema,
  }),
  register: endpoint({
    method: 'POST',
    path: '/api/register',
    auth: pub,
    body: registerRequestSchema,
    response: okResponseSchema,
  }),
  registerConfirm: endpoint({
    method: 'POST',
    path: '/api/register/:code/confirm',
    auth: pub,
    params: codeParamSchema,
    response: okResponseSchema,
  }),
  resetPasswordRequest: endpoint({
    method: 'POST',
    path: '/api/resetpassword/:emailOrUsername',
    auth: pub,
    params: resetPasswordRequestParamSchema,
    response: okResponseSchema,
  }),
  resetPasswordConfirm: endpoint({
    method: 'POST',
    path: '/api/resetpassword/:code/confirm',
    auth: pub,
    params: codeParamSchema,
    body: resetPasswordConfirmRequestSchema,
    response: okResponseSchema,
  }),

  // SPEC 7 "Account and billing"
  account: endpoint({
    method: 'GET',
    path: '/api/manage/account',
    auth: user,
    sessionOnly: true,
    response: accountResponseSchema,
  }),
  user: endpoint({
    method: 'GET',
    path: '/api/manage/user',
    auth: user,
    sessionOnly: true,
    response: userResponseSchema,
  }),
  saveUser: endpoint({
    method: 'POST',
    path: '/api/manage/user',
    auth: user,
    sessionOnly: true,
    body: updateUserRequestSchema,
    response: okResponseSchema,
  }),
  updateEmail: endpoint({
    method: 'POST',
    path: '/api/updateemail/:newEmail',
    auth: user,
    sessionOnly: true,
    params: updateEmailParamSchema,
    response: okResponseSchema,
  }),
  updateEmailConfirm: endpoint({
    method: 'POST',
    path: '/api/updateemail/:code/confirm',
    auth: pub,
    params: codeParamSchema,
    response: okResponseSchema,
  }),
  checkoutSession: endpoint({
    method: 'POST',
    path: '/api/:provider/create-checkout-session',
    auth: user,
    sessionOnly: true,
    params: checkoutSessionParamsSchema,
    body: checkoutSessionFormSchema,
    bodyKind: 'form-or-json',
    responseKind: 'redirect',
  }),
  customer: endpoint({
    method: 'POST',
    path: '/api/:provider/customer/:sessionId',
    auth: user,
    sessionOnly: true,
    params: customerParamsSchema,
    response: customerResponseSchema,
  }),
  billing: endpoint({
    method: 'GET',
    path: '/api/manage/billing',
    auth: user,
    sessionOnly: true,
    response: billingSummarySchema,
  }),
  portalSession: endpoint({
    method: 'POST',
    path: '/api/:provider/create-portal-session',
    auth: user,
    sessionOnly: true,
    params: checkoutSessionParamsSchema,
    bodyKind: 'form-or-json',
    responseKind: 'redirect',
  }),
  paymentWebhook: endpoint({
    method: 'POST',
    path: '/api/:provider/webhook',
    auth: pub,
    params: checkoutSessionParamsSchema,
    bodyKind: 'raw',
    response: paymentWebhookResponseSchema,
  }),

  // SPEC 7 "Video edits (auto jobs)"
  autojobs: endpoint({
    method: 'GET',
    path: '/api/manage/autojobs',
    auth: user,
    response: autoJobListResponseSchema,
  }),
  autojobCreate: endpoint({
    method: 'PUT',
    path: '/api/manage/autojob',
    auth: user,
    idempotent: true,
    body: createAutoJobRequestSchema,
    response: createAutoJobResponseSchema,
  }),
  autojob: endpoint({
    method: 'GET',
    path: '/api/manage/autojob/:id',
    auth: user,
    params: autoJobParamsSchema,
    response: autoJobResponseSchema,
  }),
  autojobUpdate: endpoint({
    method: 'POST',
    path: '/api/manage/autojob/:id',
    auth: user,
    params: autoJobParamsSchema,
    body: updateAutoJobRequestSchema,
    response: updateAutoJobResponseSchema,
  }),
  autojobDelete: endpoint({
    method: 'DELETE',
    path: '/api/manage/autojob/:id',
    auth: user,
    params: autoJobParamsSchema,
    response: okResponseSchema,
  }),
  autojobSteps: endpoint({
    method: 'GET',
    path: '/api/manage/autojob/:id/steps',
    auth: user,
    params: autoJobParamsSchema,
    response: stepListResponseSchema,
  }),
  autojobStep: endpoint({
    method: 'POST',
    path: '/api/manage/autojob/:id/step',
    auth: user,
    params: autoJobParamsSchema,
    body: addStepRequestSchema,
    response: stepChangeResponseSchema,
  }),
  autojobStepDelete: endpoint({
    method: 'POST',
    path: '/api/manage/autojob/:id/step/delete',
    auth: user,
    params: autoJobParamsSchema,
    body: deleteStepRequestSchema,
    response: stepChangeResponseSchema,
  }),
  autojobStart: endpoint({
    method: 'POST',
    path: '/api/manage/autojob/:id/start',
    auth: user,
    params: autoJobParamsSchema,
    response: startAutoJobResponseSchema,
  }),
  autojobCancel: endpoint({
    method: 'POST',
    path: '/api/manage/autojob/:id/cancel',
    auth: user,
    params: autoJobParamsSchema,
    response: cancelAutoJobResponseSchema,
  }),
  autojobAssets: endpoint({
    method: 'GET',
    path: '/api/manage/autojob/:id/assets',
    auth: user,
    params: autoJobParamsSchema,
    response: assetListResponseSchema,
  }),
  autojobAssetsAll: endpoint({
    method: 'DELETE',
    path: '/api/manage/autojob/:id/assets/all',
    auth: user,
    params: autoJobParamsSchema,
    response: okResponseSchema,
  }),
  autojobAsset: endpoint({
    method: 'GET',
    path: '/api/manage/autojob/:id/asset/:asset_id',
    auth: user,
    params: assetParamsSchema,
    response: assetUrlResponseSchema,
  }),
  autojobDownload: endpoint({
    method: 'GET',
    path: '/api/manage/autojob/:id/download',
    auth: user,
    params: autoJobParamsSchema,
    query: downloadQuerySchema,
    response: downloadResponseSchema,
  }),
  /**
   * Not in the spec: the edit's long form as an editor timeline or a transcript timed on the cut
   * video, the file itself (content-disposition attachment); `?media_folder=` links the video by
   * its absolute path in that folder.
   */
  editExport: endpoint({
    method: 'GET',
    path: '/api/manage/autojob/:id/export/:format',
    auth: user,
    changesState: true,
    params: editExportParamsSchema,
    query: exportQuerySchema,
    responseKind: 'file',
  }),
  autojobUpload: endpoint({
    method: 'POST',
    path: '/api/manage/autojob/:id/upload',
    auth: user,
    idempotent: true,
    params: autoJobParamsSchema,
    bodyKind: 'multipart',
    response: uploadResponseSchema,
  }),
  /** Not in the spec's table: the create panel's language choices. */
  languages: endpoint({
    method: 'GET',
    path: '/api/manage/languages',
    auth: user,
    response: languageListResponseSchema,
  }),

  // SPEC 7 "Clips"
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

  // SPEC 7 "Templates and example image"
  templates: endpoint({
    method: 'GET',
    path: '/api/manage/template',
    auth: user,
    response: templateListResponseSchema,
  }),
  templateCreate: endpoint({
    method: 'PUT',
    path: '/api/manage/template',
    auth: user,
    body: createTemplateRequestSchema,
    response: createTemplateResponseSchema,
  }),
  templateSave: endpoint({
    method: 'POST',
    path: '/api/manage/template',
    auth: user,
    body: saveTemplateRequestSchema,
    response: okResponseSchema,
  }),
  template: endpoint({
    method: 'DELETE',
    path: '/api/manage/template/:id',
    auth: user,
    params: templateParamsSchema,
    response: okResponseSchema,
  }),
  drawExample: endpoint({
    method: 'POST',
    path: '/api/draw/example',
    auth: user,
    query: drawExampleQuerySchema,
    body: drawExampleRequestSchema,
    responseKind: 'png',
  }),

  // Not in the spec (issue 36): personal access tokens (session only), webhooks, the API document.
  accessTokens: endpoint({
    method: 'GET',
    path: '/api/manage/tokens',
    auth: user,
    sessionOnly: true,
    response: accessTokenListResponseSchema,
  }),
  accessTokenCreate: endpoint({
    method: 'POST',
    path: '/api/manage/tokens',
    auth: user,
    sessionOnly: true,
    body: createAccessTokenRequestSchema,
    response: createAccessTokenResponseSchema,
  }),
  /** Revokes at once; the token stays listed as revoked, and a request with it gets 401. */
  accessTokenRevoke: endpoint({
    method: 'DELETE',
    path: '/api/manage/tokens/:id',
    auth: user,
    sessionOnly: true,
    params: accessTokenParamsSchema,
    response: okResponseSchema,
  }),
  webhooks: endpoint({
    method: 'GET',
    path: '/api/manage/webhooks',
    auth: user,
    response: webhookListResponseSchema,
  }),
  webhookCreate: endpoint({
    method: 'POST',
    path: '/api/manage/webhooks',
    auth: user,
    body: createWebhookRequestSchema,
    response: createWebhookResponseSchema,
  }),
  webhookDelete: endpoint({
    method: 'DELETE',
    path: '/api/manage/webhooks/:id',
    auth: user,
    params: webhookParamsSchema,
    response: okResponseSchema,
  }),
  /** Turns a webhook the server disabled (failing for 24 hours) back on. */
  webhookEnable: endpoint({
    method: 'POST',
    path: '/api/manage/webhooks/:id/enable',
    auth: user,
    params: webhookParamsSchema,
    response: webhookSchema,
  }),
  /** The webhook's latest deliveries, each with its attempts. */
  webhookDeliveries: endpoint({
    method: 'GET',
    path: '/api/manage/webhooks/:id/deliveries',
    auth: user,
    params: webhookParamsSchema,
    response: webhookDeliveryListResponseSchema,
  }),
  /** "Send again": one more attempt of a delivery, now, with the same webhook-id. */
  webhookResend: endpoint({
    method: 'POST',
    path: '/api/manage/webhooks/:id/deliveries/:delivery_id/resend',
    auth: user,
    params: webhookDeliveryParamsSchema,
    response: webhookDeliverySchema,
  }),
  /** The OpenAPI 3.1 document of this table. */
  openapi: endpoint({
    method: 'GET',
    path: '/api/openapi.json',
    auth: pub,
    response: openApiDocumentSchema,
  }),

  /** Not in the spec: liveness (the server answers and reaches its database). */
  health: endpoint({
    method: 'GET',
    path: '/api/health',
    auth: pub,
    response: healthResponseSchema,
  }),
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof ENDPOINTS;
export type Endpoints = typeof ENDPOINTS;
