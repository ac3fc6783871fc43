// The API answers the clip screen asks for, for browser tests on the web build that route them in
// the page: a signed-in user, one edit awaiting confirmation, its clip and the clip's waveform.
import {
  assetListResponseSchema,
  autoJobSchema,
  clipSchema,
  waveformResponseSchema,
} from '@roughcut/shared';
import type { AutoJob, Clip, WaveformResponse } from '@roughcut/shared';
import type { Page, Route } from 'playwright-core';

export type ClipScreenIds = { job: string; instance: string; clip: string };

export type ClipScreenData = {
  user: { email: string; username: string };
  name: string;
  stepType: AutoJob['steps'][number]['step_type'];
  createdAt: number;
  /** Settings of the edit beyond the defaults (remove_fillers, reframe…). */
  settings?: Partial<AutoJob>;
  clip: Clip;
  waveform: WaveformResponse;
};

type ClipFields = Omit<
  Clip,
  'id' | 'auto_job_id' | 'auto_job_instance_id' | 'status' | 'confirmed' | 'failure_reason'
>;

/** The screen's clip, awaiting confirmation, validated by the shared schema. */
export function clipAwaitingConfirmation(ids: ClipScreenIds, fields: ClipFields): Clip {
  return clipSchema.parse({
    id: ids.clip,
    auto_job_id: ids.job,
    auto_job_instance_id: ids.instance,
    status: 'awaiting-confirmation',
    confirmed: false,
    failure_reason: null,
    ...fields,
  });
}

/** The answers by path, each validated by the shared schemas. */
export function clipScreenAnswers(
  ids: ClipScreenIds,
  data: ClipScreenData,
): Record<string, unknown> {
  const user = { ...data.user, email_confirmed: true };
  const { job, instance, clip } = ids;
  return {
    '/api/auth/attemptlogin': user,
    '/api/manage/user': user,
    '/api/manage/account': { subscription_type: 'standard', download_count: 0 },
    [`/api/manage/autojob/${job}`]: autoJobSchema.parse({
      id: job,
      name: data.name,
      status: 'awaiting-confirmation',
      steps: [{ step_type: data.stepType }],
      job_instance: {
        id: instance,
        auto_job_id: job,
        status: 'awaiting-confirmation',
        confirmed: false,
        failure_reason: null,
      },
      latest_job_instance_id: instance,
      template_id: null,
      language: 'en',
      max_words_in_phrase: 5,
      ...data.settings,
      created_at: data.createdAt,
      last_updated_at: data.createdAt,
    }),
    [`/api/manage/autojob/${job}/assets`]: assetListResponseSchema.parse({ assets: [] }),
    [`/api/manage/autojob/${job}/instance/${instance}/clip/${clip}`]: data.clip,
    [`/api/manage/autojob/${job}/instance/${instance}/clip/${clip}/waveform`]:
      waveformResponseSchema.parse(data.waveform),
  };
}

/** The draft endpoints' answers for a clip without a draft whose saves all land. */
function draftAnswer(method: string): unknown {
  if (method === 'PUT') return { saved_at: new Date().toISOString() };
  if (method === 'DELETE') return { ok: true };
  return { draft: null, saved_at: null };
}

/**
 * Answers the page's API calls from `answers` (404 for any other path); `intercept` sees each call
 * first and returns true when it answered it.
 */
export async function routeApi(
  page: Page,
  answers: Record<string, unknown>,
  intercept?: (route: Route, pathname: string) => Promise<boolean>,
): Promise<void> {
  await page.route('**/api/**', async (route) => {
    const { pathname } = new URL(route.request().url());
    if (intercept && (await intercept(route, pathname))) return;
    // NOTE (issue 31): the clip's draft: none at first, and every save or discard taken.
    if (pathname.endsWith('/draft') && answers[pathname.slice(0, -'/draft'.length)]) {
      await route.fulfill({ json: draftAnswer(route.request().method()) });
      return;
    }
    const answer = answers[pathname];
    if (answer === undefined) await route.fulfill({ status: 404, json: { err: 'Not found' } });
    else await route.fulfill({ json: answer });
  });
}
