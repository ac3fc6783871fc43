// One user cannot starve another on the embedded default (PGlite, the worker in the server): a user
// with several edits queued holds one analysis slot at a time, so a second user's edit, started
// after them, runs beside the first user's and is done while the first user's are still going.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, autoJobSchema } from '@roughcut/shared';
import type { JobStatus } from '@roughcut/shared';
import { startTestApp } from '../test/test-app.ts';
import type { TestApp } from '../test/test-app.ts';
import { talkingVideo } from '../test/test-media.ts';
import { signUp, startVideoEdit } from '../test/video-edits.ts';
import type { VideoEdit } from '../test/video-edits.ts';

const WORKING: JobStatus[] = ['pending', 'processing'];

describe('fair analysis slots (PGlite, embedded worker)', () => {
  let t: TestApp;
  let mediaDir: string;

  beforeAll(async () => {
    t = await startTestApp('pglite', { env: { JOB_SLOTS: '2' } });
    mediaDir = await mkdtemp(path.join(os.tmpdir(), 'roughcut-fair-'));
  });

  afterAll(async () => {
    await t?.close();
    if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
  });

  it("finishes a second user's edit while the first user's queued edits still run", async () => {
    const video = await readFile(await talkingVideo(mediaDir));
    const steps = ['optimised-long-form' as const];
    const annToken = await signUp(t);
    const ann: VideoEdit[] = [];
    for (let i = 0; i < 4; i++) {
      ann.push(await startVideoEdit(t, video, { token: annToken, steps, name: `Ann ${i}` }));
    }
    const bob = await startVideoEdit(t, video, { steps, name: 'Bob' });

    const statusOf = async (edit: VideoEdit): Promise<JobStatus> =>
      autoJobSchema.parse((await edit.call('GET', apiPaths.autojob(edit.job.id))).json()).status;
    let annRunningAtOnce = 0;
    let bobStatus: JobStatus = 'pending';
    let annStatuses: JobStatus[] = [];
    const deadline = Date.now() + 300_000;
    while (WORKING.includes(bobStatus)) {
      if (Date.now() > deadline) throw new Error("Bob's edit did not finish within 5 minutes");
      bobStatus = await statusOf(bob);
      annStatuses = await Promise.all(ann.map(statusOf));
      annRunningAtOnce = Math.max(
        annRunningAtOnce,
        annStatuses.filter((s) => s === 'processing').length,
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(bobStatus).toBe('awaiting-confirmation');
    // Ann's edits queued before Bob's are not all done: his did not wait behind them.
    expect(annStatuses.filter((s) => WORKING.includes(s)).length).toBeGreaterThan(0);
    expect(annRunningAtOnce).toBe(1);
  });
});
