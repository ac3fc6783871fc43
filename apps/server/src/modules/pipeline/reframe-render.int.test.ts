// The per-clip framing from the confirm to the render (issue 21): a short of a speaker sitting far
// left is confirmed with `follow`; GET clip shows the stored choice, and the render puts the face in
// the middle of the vertical frame, where the centre crop of the same source shows only background.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFaceVideo, middleLumaSpread, oneSpeakerScene } from '@roughcut/engine/testing';
import { apiPaths, autoJobSchema, clipListResponseSchema, clipSchema } from '@roughcut/shared';
import { TEST_DATABASES, startTestApp } from '../../test/test-app.ts';
import type { TestApp } from '../../test/test-app.ts';
import { waitForStatus } from '../../test/video-edits.ts';
import { editedAssetsOfClip } from '../assets/assets.repository.ts';
import { reviewable } from '../edit/clips.fixtures.ts';

/** One face, still, at x 280 of 1280: outside the centre crop (437 to 843). */
const LEFT_SPEAKER = oneSpeakerScene('left', 8, [
  { t: 0, x: 280 },
  { t: 8, x: 280 },
]);

describe.each(TEST_DATABASES)('a clip confirmed to follow the speaker, on %s', (kind) => {
  let t: TestApp;
  let dir: string;
  let source: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    dir = await mkdtemp(path.join(os.tmpdir(), 'roughcut-reframe-'));
    source = path.join(dir, 'left.mp4');
    await makeFaceVideo(LEFT_SPEAKER, source);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('stores the choice and renders through the face path', { timeout: 600_000 }, async () => {
    const r = await reviewable(t, await readFile(source));
    const settings = await r.call('POST', apiPaths.autojob(r.jobId), { reframe: 'split' });
    expect(autoJobSchema.parse(settings.json()).reframe).toBe('split');
    const listed = clipListResponseSchema.parse(
      (await r.call('GET', apiPaths.instanceClips(r.jobId, r.instanceId))).json(),
    );
    const short = listed.find((c) => !c.is_long_form);
    if (!short) throw new Error('no short clip');
    expect(short.reframe).toBe('centre');

    const confirmed = await r.call('POST', apiPaths.clipConfirm(r.jobId, r.instanceId, short.id), {
      cut: short.gaps,
      reframe: 'follow',
    });
    expect(confirmed.statusCode).toBe(200);
    expect(clipSchema.parse(confirmed.json()).reframe).toBe('follow');
    const reloaded = clipSchema.parse(
      (await r.call('GET', apiPaths.clip(r.jobId, r.instanceId, short.id))).json(),
    );
    expect(reloaded).toMatchObject({ confirmed: true, reframe: 'follow' });

    expect((await r.call('POST', apiPaths.instanceConfirm(r.jobId, r.instanceId))).statusCode).toBe(
      200,
    );
    const finished = await waitForStatus(r.call, r.jobId, ['finished', 'failed'], {
      timeoutMs: 480_000,
      intervalMs: 500,
    });
    expect(finished.job_instance?.failure_reason ?? null).toBeNull();
    const [asset] = await editedAssetsOfClip(t.app.ctx.db, short.id);
    const output = t.app.ctx.storage.resolve(asset?.storageKey ?? '');

    // The premise: the centre crop of the source shows background only in the middle.
    const centreCrop = 'crop=ih*9/16:ih:(iw-ih*9/16)/2:0';
    expect(await middleLumaSpread(source, 1.5, centreCrop)).toBeLessThan(40);
    expect(await middleLumaSpread(output, 0.5)).toBeGreaterThan(100);
    expect(await middleLumaSpread(output, 3)).toBeGreaterThan(100);
    const after = clipSchema.parse(
      (await r.call('GET', apiPaths.clip(r.jobId, r.instanceId, short.id))).json(),
    );
    expect(after).toMatchObject({ status: 'finished', reframe: 'follow' });
  });
});
