// Issue 21: a short's framing plan is found once in the background and is what the render uses.
// A speaker walks from the left to the right of the picture; confirming the short with `follow`
// queues the planning; GET .../framing answers pending, then the stored path (left, then right);
// another user gets 404; a moved window makes it pending again. The render follows the stored
// path: overwritten with a path held at the centre, where the speaker is not at first, the render
// shows background there, which a path found at render time would not. Picked on the clip screen
// before a confirm, `?reframe=follow` on a centred short is pending, then ready with the path, and
// the split of the same face track at once; one job plans it however often the preview asks.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFaceVideo, middleLumaSpread, oneSpeakerScene } from '@roughcut/engine/testing';
import {
  apiPaths,
  clipFramingResponseSchema,
  clipListResponseSchema,
  clipSchema,
  framingCentreAt,
} from '@roughcut/shared';
import type { ClipFramingResponse } from '@roughcut/shared';
import { clips } from '../../db/tables/clips.schema.ts';
import { TEST_DATABASES, startTestApp } from '../../test/test-app.ts';
import type { TestApp } from '../../test/test-app.ts';
import { caller, signUp, waitForStatus } from '../../test/video-edits.ts';
import type { Call } from '../../test/video-edits.ts';
import { editedAssetsOfClip } from '../assets/assets.repository.ts';
import { frameClipsJob } from '../edit/framing.queue-jobs.ts';
import { reviewable } from '../edit/clips.fixtures.ts';

/** One face walking from x 300 to x 980 of 1280 between 2 s and 4 s (the short is 1 s to 6 s). */
const WALKING_SPEAKER = oneSpeakerScene('walking', 8, [
  { t: 0, x: 300 },
  { t: 2, x: 300 },
  { t: 4, x: 980 },
  { t: 8, x: 980 },
]);

/** Polls the framing as the preview does, until it is ready. */
async function waitForFraming(call: Call, url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  let last: ClipFramingResponse | undefined;
  while (Date.now() < deadline) {
    last = clipFramingResponseSchema.parse((await call('GET', url)).json());
    if (last.state === 'ready') return last.plan;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the framing was not ready within ${timeoutMs} ms`);
}

describe.each(TEST_DATABASES)('the framing plan of a followed short, on %s', (kind) => {
  let t: TestApp;
  let dir: string;
  let source: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    dir = await mkdtemp(path.join(os.tmpdir(), 'roughcut-framing-'));
    source = path.join(dir, 'walking.mp4');
    await makeFaceVideo(WALKING_SPEAKER, source);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('is found in the background, stored, and rendered', { timeout: 600_000 }, async () => {
    const r = await reviewable(t, await readFile(source));
    const listed = clipListResponseSchema.parse(
      (await r.call('GET', apiPaths.instanceClips(r.jobId, r.instanceId))).json(),
    );
    const short = listed.find((c) => !c.is_long_form);
    if (!short) throw new Error('no short clip');
    const framingUrl = apiPaths.clipFraming(r.jobId, r.instanceId, short.id);
    expect((await r.call('GET', framingUrl)).json()).toEqual({
      state: 'ready',
      plan: { mode: 'centre' },
    });

    const confirmed = await r.call('POST', apiPaths.clipConfirm(r.jobId, r.instanceId, short.id), {
      cut: short.gaps,
      reframe: 'follow',
    });
    expect(confirmed.statusCode).toBe(200);
    const plan = await waitForFraming(r.call, framingUrl, 300_000);
    if (plan.mode !== 'follow') throw new Error(`planned ${plan.mode}, not follow`);
    // The crop's centre is as far left as the crop goes while the speaker stands at x 300, and
    // on the right once they stand at x 980 (the crop is 405 of 1280 px wide).
    expect(framingCentreAt(plan.path, 1.5)).toBeLessThan(0.3);
    expect(framingCentreAt(plan.path, 5.5)).toBeGreaterThan(0.7);
    expect(Math.min(...plan.path.map((p) => p.t))).toBeLessThanOrEqual(1.2);
    expect(Math.max(...plan.path.map((p) => p.t))).toBeGreaterThanOrEqual(5.8);

    const stranger = caller(t, await signUp(t));
    expect((await stranger('GET', framingUrl)).statusCode).toBe(404);

    // A moved window makes the stored path stale: pending until planned again.
    const db = t.app.ctx.db;
    const [row] = await db.select().from(clips).where(eq(clips.id, short.id));
    await db.update(clips).set({ startS: 1.5 }).where(eq(clips.id, short.id));
    expect((await r.call('GET', framingUrl)).json()).toEqual({ state: 'pending', plan: null });
    // The stored plan, overwritten with one held at the centre: the render must use it.
    const held = { mode: 'follow' as const, path: [{ t: 0, cx: 0.5 }] };
    if (!row?.framing) throw new Error('no stored framing');
    await db
      .update(clips)
      .set({ startS: row.startS, framing: { ...row.framing, follow: held } })
      .where(eq(clips.id, short.id));
    expect((await r.call('GET', framingUrl)).json()).toEqual({ state: 'ready', plan: held });

    const continued = await r.call('POST', apiPaths.instanceConfirm(r.jobId, r.instanceId));
    expect(continued.statusCode).toBe(200);
    const finished = await waitForStatus(r.call, r.jobId, ['finished', 'failed'], {
      timeoutMs: 480_000,
      intervalMs: 500,
    });
    expect(finished.job_instance?.failure_reason ?? null).toBeNull();
    const [asset] = await editedAssetsOfClip(db, short.id);
    const output = t.app.ctx.storage.resolve(asset?.storageKey ?? '');
    // Output 0.5 s is source 1.5 s: the speaker stands at x 300, left of the held centre crop.
    expect(await middleLumaSpread(output, 0.5)).toBeLessThan(40);
    // Past the walk the speaker is right of the centre crop too (the found path would be on them).
    expect(await middleLumaSpread(output, 3.5)).toBeLessThan(40);
  });

  it(
    'plans a pick before the confirm, once however often asked',
    { timeout: 600_000 },
    async () => {
      const r = await reviewable(t, await readFile(source));
      const listed = clipListResponseSchema.parse(
        (await r.call('GET', apiPaths.instanceClips(r.jobId, r.instanceId))).json(),
      );
      const short = listed.find((c) => !c.is_long_form);
      if (!short) throw new Error('no short clip');
      expect(short.reframe).toBe('centre');
      const urlFor = (reframe?: 'centre' | 'follow' | 'split') =>
        apiPaths.clipFraming(r.jobId, r.instanceId, short.id, reframe ? { reframe } : undefined);
      const centre = { state: 'ready', plan: { mode: 'centre' } };
      expect((await r.call('GET', urlFor())).json()).toEqual(centre);
      expect((await r.call('GET', urlFor('centre'))).json()).toEqual(centre);
      expect((await r.call('GET', urlFor('follow'))).json()).toEqual({
        state: 'pending',
        plan: null,
      });

      const stranger = caller(t, await signUp(t));
      expect((await stranger('GET', urlFor('follow'))).statusCode).toBe(404);
      expect((await r.call('GET', `${urlFor()}?reframe=sideways`)).statusCode).toBe(400);

      const plan = await waitForFraming(r.call, urlFor('follow'), 300_000);
      if (plan.mode !== 'follow') throw new Error(`planned ${plan.mode}, not follow`);
      expect(framingCentreAt(plan.path, 1.5)).toBeLessThan(0.3);
      expect(framingCentreAt(plan.path, 5.5)).toBeGreaterThan(0.7);
      // The same face track planned the split: one face, so a follow along the same path.
      expect((await r.call('GET', urlFor('split'))).json()).toEqual({ state: 'ready', plan });
      // The pick is not the clip's framing until a confirm sends it.
      expect((await r.call('GET', urlFor())).json()).toEqual(centre);
      const clip = clipSchema.parse(
        (await r.call('GET', apiPaths.clip(r.jobId, r.instanceId, short.id))).json(),
      );
      expect(clip.reframe).toBe('centre');
      // Polled every 250 ms while pending, one job planned the clip.
      const jobs = await t.app.ctx.queue.boss.findJobs(frameClipsJob.name, {
        data: { clipId: short.id },
      });
      expect(jobs).toHaveLength(1);
    },
  );
});
