// The endpoint table's signed-in entries, each with a valid sample request aimed at an owner's
// data: shared by the authorisation matrix (sessions) and the access-token matrix (issue 36).
import { DEFAULT_DRAW_SETTINGS, ENDPOINTS, pathParamNamesOf } from '@roughcut/shared';
import type { EndpointName, Endpoints } from '@roughcut/shared';
import type { EndpointRequest } from './endpoint-client.ts';

export type UserEndpointName = {
  [N in EndpointName]: Endpoints[N]['auth'] extends 'user' ? N : never;
}[EndpointName];

export type OwnerIds = {
  jobId: string;
  instanceId: string;
  clipId: string;
  assetId: string;
  templateId: string;
};

/** A draft with nothing changed, in the clip's own style (issue 31). */
const EMPTY_DRAFT = {
  confirmed_steps: [],
  cut: [],
  deleted_gaps: [],
  history: [],
  phrases: [],
  tolerance: 0.8,
  subtitle: DEFAULT_DRAW_SETTINGS,
};

export const job = (ids: OwnerIds) => ({ id: ids.jobId });
export const instance = (ids: OwnerIds) => ({ ...job(ids), instance_id: ids.instanceId });
export const clip = (ids: OwnerIds) => ({ ...instance(ids), clip_id: ids.clipId });

/**
 * A valid request of every signed-in endpoint, aimed at the owner's data where it names any.
 * NOTE: typed over the table, so a new endpoint does not compile until it is in the matrix.
 */
export const SAMPLES: Record<UserEndpointName, (ids: OwnerIds) => EndpointRequest> = {
  attemptLogin: () => ({}),
  account: () => ({}),
  user: () => ({}),
  saveUser: () => ({ body: {} }),
  updateEmail: () => ({ params: { newEmail: 'matrix-new@example.com' } }),
  checkoutSession: () => ({ params: { provider: 'stripe' }, body: {} }),
  customer: () => ({ params: { provider: 'stripe', sessionId: 'cs_test_matrix' } }),
  billing: () => ({}),
  portalSession: () => ({ params: { provider: 'stripe' } }),
  autojobs: () => ({}),
  autojobCreate: () => ({ body: { name: 'Matrix edit', steps: ['short-form-clips'] } }),
  autojob: (ids) => ({ params: job(ids) }),
  autojobUpdate: (ids) => ({ params: job(ids), body: { name: 'Taken over' } }),
  autojobDelete: (ids) => ({ params: job(ids) }),
  autojobSteps: (ids) => ({ params: job(ids) }),
  autojobStep: (ids) => ({ params: job(ids), body: { step_type: 'short-form-clips' } }),
  autojobStepDelete: (ids) => ({ params: job(ids), body: 'short-form-clips' }),
  autojobStart: (ids) => ({ params: job(ids) }),
  autojobCancel: (ids) => ({ params: job(ids) }),
  autojobAssets: (ids) => ({ params: job(ids) }),
  autojobAssetsAll: (ids) => ({ params: job(ids) }),
  autojobAsset: (ids) => ({ params: { ...job(ids), asset_id: ids.assetId } }),
  autojobDownload: (ids) => ({ params: job(ids), query: { asset_id: ids.assetId } }),
  editExport: (ids) => ({ params: { ...job(ids), format: 'fcpxml' } }),
  autojobUpload: (ids) => ({ params: job(ids), body: {} }),
  languages: () => ({}),
  instanceClips: (ids) => ({ params: instance(ids) }),
  instanceConfirm: (ids) => ({ params: instance(ids) }),
  instanceClipsConfirm: (ids) => ({ params: instance(ids) }),
  instanceClipsUnconfirm: (ids) => ({ params: instance(ids) }),
  clip: (ids) => ({ params: clip(ids) }),
  clipConfirm: (ids) => ({ params: clip(ids), body: { cut: 'default', subtitle: 'default' } }),
  clipUnconfirm: (ids) => ({ params: clip(ids) }),
  clipWaveform: (ids) => ({ params: clip(ids) }),
  clipFraming: (ids) => ({ params: clip(ids) }),
  clipExport: (ids) => ({ params: { ...clip(ids), format: 'srt' } }),
  clipDraft: (ids) => ({ params: clip(ids) }),
  clipDraftSave: (ids) => ({ params: clip(ids), body: EMPTY_DRAFT }),
  clipDraftDelete: (ids) => ({ params: clip(ids) }),
  templates: () => ({}),
  templateCreate: () => ({ body: { name: 'Matrix template' } }),
  templateSave: (ids) => ({ body: { id: ids.templateId, name: 'Taken over' } }),
  template: (ids) => ({ params: { id: ids.templateId } }),
  drawExample: () => ({ query: { width: 1080, height: 1920 }, body: {} }),
  // NOTE: issue 36; the token matrix (tokens/token-matrix.int.test.ts) checks these too.
  accessTokens: () => ({}),
  accessTokenCreate: () => ({ body: { name: 'Matrix', scope: 'read', expires_in_days: 30 } }),
  accessTokenRevoke: (ids) => ({ params: { id: ids.jobId } }),
  webhooks: () => ({}),
  webhookCreate: () => ({ body: { url: 'https://hooks.invalid/x', events: ['edit.rendered'] } }),
  webhookDelete: (ids) => ({ params: { id: ids.jobId } }),
  webhookEnable: (ids) => ({ params: { id: ids.jobId } }),
  webhookDeliveries: (ids) => ({ params: { id: ids.jobId } }),
  webhookResend: (ids) => ({ params: { id: ids.jobId, delivery_id: 'msg_matrix' } }),
};

/** Endpoints anyone may call: sign-in, sign-up, links from mails, the webhook and health. */
export const PUBLIC_ENDPOINTS = [
  'login',
  'logout',
  'register',
  'registerConfirm',
  'resetPasswordRequest',
  'resetPasswordConfirm',
  'updateEmailConfirm',
  'paymentWebhook',
  'health',
  'openapi',
];

const OWNER_ID_PARAMS = new Set(['id', 'instance_id', 'clip_id', 'asset_id']);
/** Whether the sample names the owner's data (in its path, or a template id in its body). */
export const targetsOwner = (name: UserEndpointName): boolean =>
  name === 'templateSave' ||
  pathParamNamesOf(ENDPOINTS[name].path).some((param) => OWNER_ID_PARAMS.has(param));
