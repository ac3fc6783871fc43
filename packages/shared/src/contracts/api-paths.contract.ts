// URL builders derived from the endpoint table, and the screen routes of SPEC 2.1.
import { pathBuilderOf } from './endpoint.contract.ts';
import type { PathBuilderArgs } from './endpoint.contract.ts';
import { ENDPOINTS } from './endpoints.contract.ts';
import type { EndpointName, Endpoints } from './endpoints.contract.ts';

const seg = (value: string): string => encodeURIComponent(value);

/**
 * Concrete API paths for the client and tests: `apiPaths.clip(jobId, instanceId, clipId)`, params
 * in the order of the entry's path and then its query, every value URI-encoded.
 */
export const apiPaths = Object.fromEntries(
  Object.entries(ENDPOINTS).map(([name, entry]) => [name, pathBuilderOf(entry)]),
) as { [N in EndpointName]: (...args: PathBuilderArgs<Endpoints[N]>) => string };

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
  /** Not in the spec (issue 36): access tokens and webhooks, and the API reference. */
  accountApi: '/account/api',
  apiReference: '/account/api/reference',
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
