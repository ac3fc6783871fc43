// A cut that removes a whole clip is refused when it is confirmed (one clip, Confirm All of a
// speechless video, Continue), and a clip that still cannot be made at render never costs the
// clips already made: the others are rendered and can be downloaded.
import { eq } from 'drizzle-orm';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, clipListResponseSchema, clipSchema } from '@roughcut/shared';
import { TEST_DATABASES, startTestApp } from '../../test/test-app.ts';
import type { TestApp } from '../../test/test-app.ts';
import { talkingVideo } from '../../test/test-media.ts';
import { errOf, waitForStatus } from '../../test/video-edits.ts';
import { findRun } from './edit.repository.ts';
import { renderJob } from './run.queue-jobs.ts';
import { transitionRunRow } from './lifecycle.repository.ts';
import { reviewable } from './clips.fixtures.ts';
import { clips } from '../../db/tables/clips.schema.ts';
import { CLIP_MESSAGES } from './clips.service.ts';

describe.each(TEST_DATABASES)('cuts that leave nothing, on %s', (kind) => {
  let t: TestApp;
  let mediaDir: string;
  let talk: Buffer;
  beforeAll(async () => {
    t = await startTestApp(kind);
    mediaDir = await mkdtemp(path.join(os.tmpdir(), 'roughcut-empty-cut-'));
    talk = await readFile(await talkingVideo(mediaDir));
  });
  afterAll(async () => {
    await t?.close();
    if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
  });

  const clipsOf = async (
    call: Awaited<ReturnType<typeof reviewable>>['call'],
    ids: { jobId: string; instanceId: string },
  ) =>
    clipListResponseSchema.parse(
      (await call('GET', apiPaths.instanceClips(ids.jobId, ids.instanceId))).json(),
    );

  it('refuses to confirm a cut that removes the whole clip, and changes nothing', async () => {
    const r = await reviewable(t, talk);
    const [short] = (await clipsOf(r.call, r)).filter((c) => !c.is_long_form);
    if (!short) throw new Error('no short clip');
    const response = await r.call('POST', apiPaths.clipConfirm(r.jobId, r.instanceId, short.id), {
      cut: [{ id: 'gap-1', start: short.start, end: short.end }],
    });
    expect(response.statusCode).toBe(400);
    expect(errOf(response)).toBe(CLIP_MESSAGES.nothingLeft);
    const after = clipSchema.parse(
      (await r.call('GET', apiPaths.clip(r.jobId, r.instanceId, short.id))).json(),
    );
    expect(after.confirmed).toBe(false);
    expect(after.gaps).toEqual(short.gaps);
  });

  it('refuses Confirm All and Continue when a speechless video leaves nothing to keep', async () => {
    const r = await reviewable(t, talk);
    // What the analysis stores for a video without speech: one gap over the whole window.
    for (const clip of await clipsOf(r.call, r)) {
      await t.app.ctx.db
        .update(clips)
        .set({ gaps: [{ id: 'gap-1', start: clip.start, end: clip.end }] })
        .where(eq(clips.id, clip.id));
    }
    const all = await r.call('POST', apiPaths.instanceClipsConfirm(r.jobId, r.instanceId));
    expect(all.statusCode).toBe(400);
    expect(errOf(all)).toBe(
      'Nothing would be left of these clips: their speech gaps cover all of them, so there is no speech to keep. Edit their speech gaps to keep a part, or upload a video with speech.',
    );
    expect((await clipsOf(r.call, r)).every((c) => !c.confirmed)).toBe(true);
    const cont = await r.call('POST', apiPaths.instanceConfirm(r.jobId, r.instanceId));
    expect(cont.statusCode).toBe(400);
    expect((await findRun(t.app.ctx.db, r.instanceId))?.confirmed).toBe(false);
  });

  it('renders the other clips when one cannot be made, and finishes with them', async () => {
    const r = await reviewable(t, talk);
    expect(
      (await r.call('POST', apiPaths.instanceClipsConfirm(r.jobId, r.instanceId))).statusCode,
    ).toBe(200);
    const listed = await clipsOf(r.call, r);
    const broken = listed.find((c) => !c.is_long_form);
    const good = listed.find((c) => c.is_long_form);
    if (!broken || !good) throw new Error('fixture clips missing');
    // A cut stored before confirm refused such cuts: nothing of the clip is left to render.
    await t.app.ctx.db
      .update(clips)
      .set({ edits: { cut: [{ id: 'gap-1', start: broken.start, end: broken.end }] } })
      .where(eq(clips.id, broken.id));
    const instance = await findRun(t.app.ctx.db, r.instanceId);
    if (!instance) throw new Error('no instance');
    await transitionRunRow(
      t.app.ctx.db,
      instance,
      { type: 'confirm', confirmedClipCount: 2 },
      new Date(),
    );
    await t.app.ctx.queue.send(renderJob, { instanceId: r.instanceId });
    const finished = await waitForStatus(r.call, r.jobId, ['finished', 'failed'], {
      timeoutMs: 240_000,
      intervalMs: 500,
    });
    expect(finished.status).toBe('finished');
    expect(finished.job_instance?.failure_reason).toMatch(/^1 of 2 videos could not be made: /);
    const after = await clipsOf(r.call, r);
    expect(after.find((c) => c.id === broken.id)).toMatchObject({ status: 'failed' });
    expect(after.find((c) => c.id === broken.id)?.failure_reason).toMatch(/Nothing is left/);
    expect(after.find((c) => c.id === good.id)).toMatchObject({ status: 'finished' });
    const assets = (await r.call('GET', apiPaths.autojobAssets(r.jobId))).json<{
      assets: { asset_type: string; status: string }[];
    }>().assets;
    expect(assets.filter((a) => a.asset_type === 'edited_video')).toEqual([
      expect.objectContaining({ status: 'uploaded' }),
    ]);
    expect((await r.call('GET', apiPaths.autojobDownload(r.jobId))).statusCode).toBe(200);
  });
});
