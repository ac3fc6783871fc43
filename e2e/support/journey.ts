// The steps every browser journey starts with: a new user signs up through the form, starts an
// edit from the create panel, and waits for the run to reach a status.
import type { Page } from 'playwright-core';
import { apiPaths, autoJobSchema } from '@roughcut/shared';
import type { AutoJob } from '@roughcut/shared';

/** Signs up a new user named after `prefix` (automatic login) and lands on /edits. */
export async function signUp(page: Page, prefix: string): Promise<string> {
  const username = `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  await page.goto('/signup');
  await page.getByLabel('Email').fill(`${username}@example.com`);
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password').fill(`${prefix}-Passw0rd`);
  await page.getByLabel('Password').press('Enter');
  await page.waitForURL('**/edits');
  return username;
}

/** Starts an edit with both steps from the create panel /edits opens; returns the job id. */
export async function startEdit(page: Page, name: string, file: string): Promise<string> {
  const create = page.getByRole('dialog', { name: 'Create a video edit' });
  await create.getByLabel('Name').fill(name);
  await create.getByTestId('video-file-input').setInputFiles(file);
  await create.getByLabel('Optimised Long Form').check();
  await create.getByLabel('Short Form Clip').check();
  await create.getByRole('button', { name: 'Start' }).click();
  await page.waitForURL(/\/manage\/automation\/[^/]+$/, { timeout: 120_000 });
  return page.url().split('/').at(-1) ?? '';
}

/** Polls the job until it reaches one of `statuses`; a failed run throws with its reason. */
export async function waitForJob(
  page: Page,
  jobId: string,
  statuses: readonly string[],
  timeoutMs: number,
): Promise<AutoJob> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await page.request.get(apiPaths.autojob(jobId));
    const job = autoJobSchema.parse(await response.json());
    if (statuses.includes(job.status)) return job;
    if (job.status === 'failed') throw new Error(`job failed: ${job.job_instance?.failure_reason}`);
    if (Date.now() > deadline) throw new Error(`job still ${job.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
