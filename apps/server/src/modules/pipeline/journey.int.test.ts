// The whole journey on the real engine and queue, once: upload → Start → awaiting-confirmation
// → Confirm All → Continue → finished → download, then the results checked with the probe.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiPaths,
  autoJobSchema,
  clipListResponseSchema,
  totalLength,
  urlResponseSchema,
} from '@roughcut/shared';
import { TEST_DATABASES, startTestApp } from '../../test/test-app.ts';
import type { TestApp } from '../../test/test-app.ts';
import { talkingVideo } from '../../test/test-media.ts';
import { startVideoEdit, waitForRun } from '../../test/video-edits.ts';
import { probeUpload } from '../../engine-adapter/engine.adapter.ts';

const run = promisify(execFile);
describe.each(TEST_DATABASES)('the full edit journey on %s', (kind) => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    dir = await mkdtemp(path.join(os.tmpdir(), 'roughcut-journey-'));
  });
  afterAll(async () => {
    await t?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('edits a talking video end to end', { timeout: 600_000 }, async () => {
    const source = await talkingVideo(dir);
    const sourceProbe = await probeUpload(source);
    const edit = await startVideoEdit(t, await readFile(source), {
      steps: ['optimised-long-form', 'short-form-clips'],
      name: 'Journey',
    });
    const { call, job } = edit;
    const waiting = await waitForRun(edit, 'awaiting-confirmation');
    const instanceId = waiting.job_instance?.id ?? '';

    const clips = clipListResponseSchema.parse(
      (await call('GET', apiPaths.instanceClips(job.id, instanceId))).json(),
    );
    const long = clips.find((c) => c.is_long_form);
    const shorts = clips.filter((c) => !c.is_long_form);
    expect(long).toBeDefined();
    expect(shorts.length).toBeGreaterThan(0);
    expect(long?.segments.some((s) => (s.words ?? []).length > 0)).toBe(true);
    expect(long?.gaps?.length).toBeGreaterThan(0);

    expect((await call('POST', apiPaths.instanceClipsConfirm(job.id, instanceId))).statusCode).toBe(
      200,
    );
    expect((await call('POST', apiPaths.instanceConfirm(job.id, instanceId))).statusCode).toBe(200);
    await waitForRun(edit, 'finished');

    const download = await call('GET', apiPaths.autojobDownload(job.id));
    expect(download.statusCode).toBe(200);
    const zip = await t.app.inject({
      method: 'GET',
      url: urlResponseSchema.parse(download.json()).url,
    });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-disposition']).toMatch(/Journey\.zip/);
    const zipPath = path.join(dir, 'result.zip');
    await writeFile(zipPath, zip.rawPayload);
    const out = path.join(dir, 'out');
    await run('unzip', ['-q', zipPath, '-d', out]);
    const files = (await readdir(out)).sort();
    expect(files).toHaveLength(clips.length);

    const removed = totalLength(long?.gaps ?? []);
    const longFile = files.find((f) => f === `Journey - ${long?.title ?? ''} (long form).mp4`);
    expect(longFile).toBeDefined();
    const longProbe = await probeUpload(path.join(out, longFile ?? ''));
    expect(Math.abs(longProbe.durationS - (sourceProbe.durationS - removed))).toBeLessThan(0.25);
    for (const file of files.filter((f) => f !== longFile)) {
      const probe = await probeUpload(path.join(out, file));
      expect([probe.displayWidth, probe.displayHeight]).toEqual([1080, 1920]);
    }
    const account = (await call('GET', apiPaths.account())).json<{ download_count: number }>();
    expect(account.download_count).toBe(1);
    expect(autoJobSchema.parse((await call('GET', apiPaths.autojob(job.id))).json()).status).toBe(
      'finished',
    );
  });
});
