import { eq } from 'drizzle-orm';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_DRAW_SETTINGS,
  NOTHING_CONFIRMED_MESSAGE,
  apiPaths,
  assetListResponseSchema,
  clipListResponseSchema,
  clipSchema,
} from '@roughcut/shared';
import type { Clip } from '@roughcut/shared';
import { TEST_DATABASES, startTestApp } from '../../test/test-app.ts';
import type { TestApp } from '../../test/test-app.ts';
import { talkingVideo } from '../../test/test-media.ts';
import {
  caller,
  createJob,
  errOf,
  mp4Part,
  signUp,
  upload,
  waitForStatus,
} from '../../test/video-edits.ts';
import type { Call } from '../../test/video-edits.ts';
import { autoJobs, jobInstances } from '../autojobs/autojobs.schema.ts';
import { clips } from './clips.schema.ts';

const GAPS = [
  { id: 'gap-1', start: 0, end: 1 },
  { id: 'gap-2', start: 3.2, end: 4.7 },
];

describe.each(TEST_DATABASES)('clip review and Continue on %s', (kind) => {
  let t: TestApp;
  let mediaDir: string;
  let talk: Buffer;
  beforeAll(async () => {
    t = await startTestApp(kind);
    mediaDir = await mkdtemp(path.join(os.tmpdir(), 'roughcut-clips-media-'));
    talk = await readFile(await talkingVideo(mediaDir));
  });
  afterAll(async () => {
    await t?.close();
    if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
  });

  /**
   * A job with an uploaded video and an instance awaiting confirmation with two clips, stored
   * directly: what analysis leaves behind, without spending an engine run on it.
   */
  async function reviewable(): Promise<{ call: Call; jobId: string; instanceId: string }> {
    const token = await signUp(t);
    const call = caller(t, token);
    const job = await createJob(call);
    expect((await upload(t, token, job.id, [mp4Part(talk)])).statusCode).toBe(200);
    const [instance] = await t.app.ctx.db
      .insert(jobInstances)
      .values({ autoJobId: job.id, status: 'awaiting-confirmation' })
      .returning();
    const instanceId = instance?.id ?? '';
    await t.app.ctx.db.insert(clips).values([
      {
        autoJobId: job.id,
        autoJobInstanceId: instanceId,
        stepType: 'short-form-clips',
        title: 'Short one',
        description: 'A short clip',
        engagementScore: 6.5,
        status: 'awaiting-confirmation',
        isLongForm: false,
        startS: 1,
        endS: 6,
        segments: [
          { start: 1, end: 3.2, phrase: 'Welcome to the' },
          { start: 4.7, end: 6, phrase: 'video editing test' },
        ],
        gaps: [{ id: 'gap-1', start: 3.2, end: 4.7 }],
        drawSettings: DEFAULT_DRAW_SETTINGS,
        scoreFeatures: { hook: 0.5 },
      },
      {
        autoJobId: job.id,
        autoJobInstanceId: instanceId,
        stepType: 'optimised-long-form',
        title: 'Whole talk',
        description: 'Everything',
        engagementScore: 10,
        status: 'awaiting-confirmation',
        isLongForm: true,
        startS: 0,
        endS: 8,
        segments: [
          { start: 1, end: 3.2, phrase: 'Welcome to the' },
          { start: 4.7, end: 6, phrase: 'video editing test' },
        ],
        gaps: GAPS,
        drawSettings: DEFAULT_DRAW_SETTINGS,
      },
    ]);
    await t.app.ctx.db
      .update(autoJobs)
      .set({ latestJobInstanceId: instanceId })
      .where(eq(autoJobs.id, job.id));
    return { call, jobId: job.id, instanceId };
  }

  const list = async (call: Call, jobId: string, instanceId: string): Promise<Clip[]> =>
    clipListResponseSchema.parse(
      (await call('GET', apiPaths.instanceClips(jobId, instanceId))).json(),
    );

  it('lists clips by engagement score and returns one clip with its gaps', async () => {
    const { call, jobId, instanceId } = await reviewable();
    const all = await list(call, jobId, instanceId);
    expect(all.map((c) => c.title)).toEqual(['Whole talk', 'Short one']);
    const short = all[1];
    const one = clipSchema.parse(
      (await call('GET', apiPaths.clip(jobId, instanceId, short?.id ?? ''))).json(),
    );
    expect(one).toMatchObject({
      auto_job_id: jobId,
      auto_job_instance_id: instanceId,
      status: 'awaiting-confirmation',
      confirmed: false,
      failure_reason: null,
      is_long_form: false,
      engagement_score: 6.5,
      draw_settings: DEFAULT_DRAW_SETTINGS,
      gaps: [{ id: 'gap-1', start: 3.2, end: 4.7 }],
      score_features: { hook: 0.5 },
    });
    const job = (await call('GET', apiPaths.autojob(jobId))).json<{ status: string }>();
    expect(job.status).toBe('awaiting-confirmation');
  });

  it('confirms and unconfirms single clips from the job page and the clip screen', async () => {
    const { call, jobId, instanceId } = await reviewable();
    const [long, short] = await list(call, jobId, instanceId);
    const url = (clip: Clip | undefined, action: 'confirm' | 'unconfirm') =>
      action === 'confirm'
        ? apiPaths.clipConfirm(jobId, instanceId, clip?.id ?? '')
        : apiPaths.clipUnconfirm(jobId, instanceId, clip?.id ?? '');
    const confirmed = await call('POST', url(short, 'confirm'), {
      cut: 'default',
      subtitle: 'default',
    });
    expect(confirmed.statusCode).toBe(200);
    expect(clipSchema.parse(confirmed.json()).confirmed).toBe(true);
    const [row] = await t.app.ctx.db
      .select()
      .from(clips)
      .where(eq(clips.id, short?.id ?? ''));
    expect(row?.confirm).toEqual({
      cut: [{ id: 'gap-1', start: 3.2, end: 4.7 }],
      subtitle: DEFAULT_DRAW_SETTINGS,
    });
    const longDefault = await call('POST', url(long, 'confirm'), {
      cut: 'default',
      subtitle: 'default',
    });
    expect(longDefault.statusCode).toBe(200);
    const [longRow] = await t.app.ctx.db
      .select()
      .from(clips)
      .where(eq(clips.id, long?.id ?? ''));
    expect(longRow?.confirm).toEqual({ cut: GAPS });

    const styled = { ...DEFAULT_DRAW_SETTINGS, size: 40, bold: true };
    const custom = await call('POST', url(long, 'confirm'), { subtitle: styled });
    expect(custom.statusCode).toBe(200);
    expect(clipSchema.parse(custom.json()).draw_settings).toEqual(styled);
    const [customRow] = await t.app.ctx.db
      .select()
      .from(clips)
      .where(eq(clips.id, long?.id ?? ''));
    expect(customRow?.confirm).toEqual({ subtitle: styled });

    const nothing = await call('POST', url(short, 'confirm'), {});
    expect(nothing.statusCode).toBe(400);
    expect(errOf(nothing)).toBe(NOTHING_CONFIRMED_MESSAGE);
    const overlapping = await call('POST', url(short, 'confirm'), {
      cut: [
        { id: 'gap-1', start: 1, end: 3 },
        { id: 'gap-2', start: 2, end: 4 },
      ],
    });
    expect(overlapping.statusCode).toBe(400);
    expect(errOf(overlapping)).toMatch(/must not overlap/);

    const unconfirmed = await call('POST', url(short, 'unconfirm'));
    expect(unconfirmed.statusCode).toBe(200);
    expect(clipSchema.parse(unconfirmed.json()).confirmed).toBe(false);
  });

  it('confirms and unconfirms all, then Continue locks the clips and renders', async () => {
    const { call, jobId, instanceId } = await reviewable();
    const none = await call('POST', apiPaths.instanceConfirm(jobId, instanceId));
    expect(none.statusCode).toBe(400);
    expect(errOf(none)).toBe('Please confirm at least one clip before continuing.');

    const all = await call('POST', apiPaths.instanceClipsConfirm(jobId, instanceId));
    expect(all.statusCode).toBe(200);
    expect(clipListResponseSchema.parse(all.json()).every((c) => c.confirmed)).toBe(true);
    const cleared = await call('POST', apiPaths.instanceClipsUnconfirm(jobId, instanceId));
    expect(clipListResponseSchema.parse(cleared.json()).some((c) => c.confirmed)).toBe(false);

    const [long, short] = await list(call, jobId, instanceId);
    await call('POST', apiPaths.clipConfirm(jobId, instanceId, short?.id ?? ''), {
      cut: 'default',
      subtitle: 'default',
    });
    const go = await call('POST', apiPaths.instanceConfirm(jobId, instanceId));
    expect(go.statusCode).toBe(200);
    expect(go.json()).toEqual({ ok: true });
    const locked = await call('POST', apiPaths.clipConfirm(jobId, instanceId, long?.id ?? ''), {
      cut: 'default',
      subtitle: 'default',
    });
    expect(locked.statusCode).toBe(409);
    expect(errOf(locked)).toBe(
      'This clip can no longer be changed: its edit is not waiting for confirmation.',
    );
    expect((await call('POST', apiPaths.instanceConfirm(jobId, instanceId))).statusCode).toBe(409);

    const done = await waitForStatus(call, jobId, ['finished', 'failed']);
    expect(done.status).toBe('finished');
    const after = await list(call, jobId, instanceId);
    expect(after.find((c) => c.id === short?.id)?.status).toBe('finished');
    expect(after.find((c) => c.id === long?.id)?.status).toBe('awaiting-confirmation');
    const { assets } = assetListResponseSchema.parse(
      (await call('GET', apiPaths.autojobAssets(jobId))).json(),
    );
    const edited = assets.filter((a) => a.asset_type === 'edited_video');
    expect(edited.map((a) => a.clip_id)).toEqual([short?.id]);
    expect(edited[0]?.name).toMatch(/ - Short one \(clip at \d+m\d{2}s\)\.mp4$/);
  });
});
