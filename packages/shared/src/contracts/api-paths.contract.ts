// Every path of SPEC section 7 (API) and 2.1 (screens), in one place so the server's route
// patterns, the web client's calls and the tests cannot drift apart.

const seg = (value: string): string => encodeURIComponent(value);

/** Fastify route patterns (`:param`). Param names match the contracts' params schemas. */
export const API_ROUTES = {
  attemptLogin: '/api/auth/attemptlogin',
  login: '/api/auth/login',
  logout: '/api/auth/logout',
  register: '/api/register',
  registerConfirm: '/api/register/:code/confirm',
  resetPasswordRequest: '/api/resetpassword/:emailOrUsername',
  resetPasswordConfirm: '/api/resetpassword/:code/confirm',
  account: '/api/manage/account',
  user: '/api/manage/user',
  updateEmail: '/api/updateemail/:newEmail',
  updateEmailConfirm: '/api/updateemail/:code/confirm',
  checkoutSession: '/api/:provider/create-checkout-session',
  customer: '/api/:provider/customer/:sessionId',
  billing: '/api/manage/billing',
  portalSession: '/api/:provider/create-portal-session',
  paymentWebhook: '/api/:provider/webhook',

  autojobs: '/api/manage/autojobs',
  autojobCreate: '/api/manage/autojob',
  autojob: '/api/manage/autojob/:id',
  autojobSteps: '/api/manage/autojob/:id/steps',
  autojobStep: '/api/manage/autojob/:id/step',
  autojobStepDelete: '/api/manage/autojob/:id/step/delete',
  autojobStart: '/api/manage/autojob/:id/start',
  autojobCancel: '/api/manage/autojob/:id/cancel',
  autojobAssets: '/api/manage/autojob/:id/assets',
  autojobAssetsAll: '/api/manage/autojob/:id/assets/all',
  autojobAsset: '/api/manage/autojob/:id/asset/:asset_id',
  autojobDownload: '/api/manage/autojob/:id/download',
  autojobUpload: '/api/manage/autojob/:id/upload',

  instanceClips: '/api/manage/autojob/:id/instance/:instance_id/clips',
  instanceConfirm: '/api/manage/autojob/:id/instance/:instance_id/confirm',
  instanceClipsConfirm: '/api/manage/autojob/:id/instance/:instance_id/clips/confirm',
  instanceClipsUnconfirm: '/api/manage/autojob/:id/instance/:instance_id/clips/unconfirm',
  clip: '/api/manage/autojob/:id/instance/:instance_id/clip/:clip_id',
  clipConfirm: '/api/manage/autojob/:id/instance/:instance_id/clip/:clip_id/confirm',
  clipUnconfirm: '/api/manage/autojob/:id/instance/:instance_id/clip/:clip_id/unconfirm',
  /** Not in the spec: the clip window's loudness for the timeline's waveform. */
  clipWaveform: '/api/manage/autojob/:id/instance/:instance_id/clip/:clip_id/waveform',

  templates: '/api/manage/template',
  template: '/api/manage/template/:id',
  drawExample: '/api/draw/example',
} as const;
export type ApiRouteName = keyof typeof API_ROUTES;

const autojob = (id: string): string => `/api/manage/autojob/${seg(id)}`;
const instance = (id: string, instanceId: string): string =>
  `${autojob(id)}/instance/${seg(instanceId)}`;
const clip = (id: string, instanceId: string, clipId: string): string =>
  `${instance(id, instanceId)}/clip/${seg(clipId)}`;

/** Concrete API paths for the client and tests; every parameter is URI-encoded. */
export const apiPaths = {
  attemptLogin: (): string => API_ROUTES.attemptLogin,
  login: (): string => API_ROUTES.login,
  logout: (): string => API_ROUTES.logout,
  register: (): string => API_ROUTES.register,
  registerConfirm: (code: string): string => `/api/register/${seg(code)}/confirm`,
  resetPasswordRequest: (emailOrUsername: string): string =>
    `/api/resetpassword/${seg(emailOrUsername)}`,
  resetPasswordConfirm: (code: string): string => `/api/resetpassword/${seg(code)}/confirm`,
  account: (): string => API_ROUTES.account,
  user: (): string => API_ROUTES.user,
  updateEmail: (newEmail: string): string => `/api/updateemail/${seg(newEmail)}`,
  updateEmailConfirm: (code: string): string => `/api/updateemail/${seg(code)}/confirm`,
  checkoutSession: (provider: string): string => `/api/${seg(provider)}/create-checkout-session`,
  customer: (provider: string, sessionId: string): string =>
    `/api/${seg(provider)}/customer/${seg(sessionId)}`,
  billing: (): string => API_ROUTES.billing,
  portalSession: (provider: string): string => `/api/${seg(provider)}/create-portal-session`,
  paymentWebhook: (provider: string): string => `/api/${seg(provider)}/webhook`,

  autojobs: (): string => API_ROUTES.autojobs,
  autojobCreate: (): string => API_ROUTES.autojobCreate,
  autojob,
  autojobSteps: (id: string): string => `${autojob(id)}/steps`,
  autojobStep: (id: string): string => `${autojob(id)}/step`,
  autojobStepDelete: (id: string): string => `${autojob(id)}/step/delete`,
  autojobStart: (id: string): string => `${autojob(id)}/start`,
  autojobCancel: (id: string): string => `${autojob(id)}/cancel`,
  autojobAssets: (id: string): string => `${autojob(id)}/assets`,
  autojobAssetsAll: (id: string): string => `${autojob(id)}/assets/all`,
  autojobAsset: (id: string, assetId: string): string => `${autojob(id)}/asset/${seg(assetId)}`,
  autojobDownload: (id: string): string => `${autojob(id)}/download`,
  autojobUpload: (id: string): string => `${autojob(id)}/upload`,

  instanceClips: (id: string, instanceId: string): string => `${instance(id, instanceId)}/clips`,
  instanceConfirm: (id: string, instanceId: string): string =>
    `${instance(id, instanceId)}/confirm`,
  instanceClipsConfirm: (id: string, instanceId: string): string =>
    `${instance(id, instanceId)}/clips/confirm`,
  instanceClipsUnconfirm: (id: string, instanceId: string): string =>
    `${instance(id, instanceId)}/clips/unconfirm`,
  clip,
  clipConfirm: (id: string, instanceId: string, clipId: string): string =>
    `${clip(id, instanceId, clipId)}/confirm`,
  clipUnconfirm: (id: string, instanceId: string, clipId: string): string =>
    `${clip(id, instanceId, clipId)}/unconfirm`,
  clipWaveform: (id: string, instanceId: string, clipId: string): string =>
    `${clip(id, instanceId, clipId)}/waveform`,

  templates: (): string => API_ROUTES.templates,
  template: (id: string): string => `/api/manage/template/${seg(id)}`,
  drawExample: (query: {
    width: number;
    height: number;
    r: number;
    g: number;
    b: number;
  }): string =>
    `${API_ROUTES.drawExample}?${new URLSearchParams({
      width: String(query.width),
      height: String(query.height),
      r: String(query.r),
      g: String(query.g),
      b: String(query.b),
    }).toString()}`,
} as const;

/** Screen routes of SPEC 2.1, as React Router patterns. */
export const APP_ROUTES = {
  root: '/',
  landing: '/landing',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  registerConfirm: '/register/:code/confirm',
  resetPassword: '/resetpassword/:code',
  confirmEmail: '/confirm-email/:code',
  account: '/account',
  billing: '/account/billing',
  billingSuccess: '/account/billing/success',
  billingCancelled: '/account/billing/cancelled',
  edits: '/edits',
  templates: '/templates',
  job: '/manage/automation/:job_id',
  clip: '/manage/automation/:job_id/clip/:clip_id',
} as const;

export const appPaths = {
  job: (jobId: string): string => `/manage/automation/${seg(jobId)}`,
  clip: (jobId: string, clipId: string): string =>
    `/manage/automation/${seg(jobId)}/clip/${seg(clipId)}`,
} as const;
