import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ANALYSIS_STAGES, RUN_STAGE_LABELS } from '@roughcut/shared';
import { makeTalkingVideo } from '@roughcut/engine/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from './support/browser.ts';
import type { BrowserSession } from './support/browser.ts';
import { signUp, startEdit, waitForJob } from './support/journey.ts';
import { startServer } from './support/server.ts';
import type { RunningServer } from './support/server.ts';

// Issue 33: while an edit processes, the job page and the edits list say what is happening (the
// stage, "Rendering clip 2 of 4") and the time left, beside the spec's "Processing..." words.
// The talking video is long enough (about 45 s) for the analysis to be watched mid-way.

const SENTENCES = [
  'Welcome to this video about editing long recordings quickly.',
  'Today I will show you how rough cuts save hours of work.',
  'First we remove the silent gaps between the phrases.',
  'Then we find the most engaging moments for short clips.',
  'Every clip gets subtitles that follow the speaker word by word.',
  'You can review each clip before anything is rendered.',
  'Change the cut, the framing or the style of the subtitles.',
  'When you are happy, press continue and the videos are made.',
  'Download them and share them wherever your audience is.',
];

const ANALYSIS_LABELS = ANALYSIS_STAGES.map((stage) => RUN_STAGE_LABELS[stage]);
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

let server: RunningServer;
let session: BrowserSession;
let workDir: string;
let video: string;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'roughcut-run-progress-e2e-'));
  let talking;
  [server, talking] = await Promise.all([
    startServer(),
    makeTalkingVideo({ dir: path.join(workDir, 'media'), sentences: SENTENCES, silenceS: 1.2 }),
  ]);
  video = talking.path;
  session = await openBrowser(server.baseUrl);
  await session.page.setViewportSize(DESKTOP);
}, 300_000);

afterAll(async () => {
  await session?.close();
  await server?.stop();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe('progress that says what is happening', () => {
  it('shows the stage and time left on the job page and in the edits list', async () => {
    const { page } = session;
    try {
      await signUp(page, 'progress');
      const jobId = await startEdit(page, 'Watch it work', video);

      // The job page, mid-analysis: the spec's words, and beside them the stage and time left.
      const stage = page.getByTestId('run-stage');
      await stage.waitFor({ timeout: 180_000 });
      expect(ANALYSIS_LABELS).toContain(await stage.textContent());
      await page.getByTestId('run-time-left').waitFor();
      expect(await page.getByTestId('run-time-left').textContent()).toMatch(/left$/);
      expect(await page.getByTestId('instance-indicator').textContent()).toMatch(
        /^Processing\.\.\. \d+%$/,
      );
      expect(await page.getByTestId('instance-stage').textContent()).toMatch(
        new RegExp(`^(${ANALYSIS_LABELS.join('|')}) · .+ left$`),
      );
      expect(await page.getByText('Loading...').count()).toBe(1);
      await session.screenshot('run-progress-job-page');
      await page.setViewportSize(PHONE);
      await session.screenshot('run-progress-job-page-390');
      await page.setViewportSize(DESKTOP);

      // The edits list, reached by the page's own link while the analysis goes on.
      await page.getByRole('link', { name: 'Video edits' }).click();
      await page.waitForURL('**/edits');
      const row = page.getByTestId('edit-row').filter({ hasText: 'Watch it work' });
      await row.getByText('Processing', { exact: true }).waitFor();
      const line = row.getByTestId('edit-stage');
      await line.waitFor({ timeout: 30_000 });
      expect(await line.textContent()).toMatch(
        new RegExp(`^(${ANALYSIS_LABELS.join('|')}) · \\d+%( · .+ left)?$`),
      );
      await session.screenshot('run-progress-edits-list');

      // The render names the clip it makes.
      await row.click();
      await page.waitForURL(`**/manage/automation/${jobId}`);
      await waitForJob(page, jobId, ['awaiting-confirmation'], 300_000);
      await page.getByRole('button', { name: 'Confirm All' }).click();
      await page.getByRole('button', { name: 'Unconfirm All' }).waitFor();
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect
        .poll(() => stage.textContent({ timeout: 1000 }).catch(() => ''), { timeout: 180_000 })
        .toMatch(/^(Rendering|Framing) clip \d+ of \d+$/);
      await session.screenshot('run-progress-rendering');
      await waitForJob(page, jobId, ['finished'], 300_000);
    } catch (error) {
      await session.screenshot('run-progress-failure').catch(() => undefined);
      throw new Error(`${String(error)}\n--- server log tail:\n${server.logs().slice(-3000)}`, {
        cause: error,
      });
    }
  });
});
