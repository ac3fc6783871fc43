import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_DRAW_SETTINGS,
  NOTHING_CONFIRMED_MESSAGE,
  apiPaths,
  assetListResponseSchema,
  clipListResponseSchema,
  clipSchema,
  waveformResponseSchema,
} from '@roughcut/shared';
import type { Clip } from '@roughcut/shared';
import { TEST_DATABASES, startTestApp } from '../../test/test-app.ts';
import type { TestApp } from '../../test/test-app.ts';
import { talkingVideo } from '../../test/test-media.ts';
import { errOf, waitForStatus } from '../../test/video-edits.ts';
import type { Call } from '../../test/video-edits.ts';
import { editedAssetsOfClip } from '../assets/assets.repository.ts';
import { subtitlesKeyOf } from '../pipeline/render.job.ts';
import { MAX_WAVEFORM_VALUES, saveWaveform } from './clip-waveform.storage.ts';
import { LONG_GAPS, SHORT_GAPS, SHORT_SEGMENTS, reviewable } from './clips.fixtures.ts';
import { clips } from '../../db/tables/clips.schema.ts';

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

  const list = async (call: Call, jobId: string, instanceId: string): Promise<Clip[]> =>
    clipListResponseSchema.parse(
      (await call('GET', apiPaths.instanceClips(jobId, instanceId))).json(),
    );

  it('lists clips by engagement score and returns one clip as it will render', async () => {
    const { call, jobId, instanceId } = await reviewable(t, talk);
    const all = await list(call, jobId, instanceId);
    expect(all.map((c) => c.title)).toEqual(['Whole talk', 'Short one']);
    const one = clipSchema.parse(
      (await call('GET', apiPaths.clip(jobId, instanceId, all[1]?.id ?? ''))).json(),
    );
    expect(one).toMatchObject({
      auto_job_id: jobId,
      auto_job_instance_id: instanceId,
      status: 'awaiting-confirmation',
      confirmed: false,
      failure_reason: null,
      is_long_form: false,
      engagement_score: 6.5,
      start: 1,
      end: 6,
      segments: SHORT_SEGMENTS,
      draw_settings: DEFAULT_DRAW_SETTINGS,
      gaps: SHORT_GAPS,
      detected_gaps: SHORT_GAPS,
      subtitles_burned: true,
      edits: { cut: false, subtitles: false },
      score_features: { hook: 0.5 },
    });
    expect(all[0]).toMatchObject({ start: 0, end: 8, gaps: LONG_GAPS, subtitles_burned: false });
  });

  it('stores the clip screen edits, shows them on reload and keeps them over unconfirm', async () => {
    const { call, jobId, instanceId } = await reviewable(t, talk);
    const [, short] = await list(call, jobId, instanceId);
    const id = short?.id ?? '';
    const styled = { ...DEFAULT_DRAW_SETTINGS, size: 40, bold: true };
    const cut = [{ id: 'gap-2', start: 3.8, end: 4.7 }];
    const phrases = [
      { start: 1, end: 3.2, phrase: 'Welcome to THE' },
      { start: 4.7, end: 6, phrase: 'video editing test' },
    ];
    const confirmed = await call('POST', apiPaths.clipConfirm(jobId, instanceId, id), {
      cut,
      subtitle: styled,
      phrases,
    });
    expect(confirmed.statusCode).toBe(200);
    const reloaded = clipSchema.parse(
      (await call('GET', apiPaths.clip(jobId, instanceId, id))).json(),
    );
    expect(clipSchema.parse(confirmed.json())).toEqual(reloaded);
    expect(reloaded).toMatchObject({
      confirmed: true,
      gaps: cut,
      detected_gaps: SHORT_GAPS,
      draw_settings: styled,
      edits: { cut: true, subtitles: true },
    });
    expect(reloaded.segments.map((s) => s.phrase)).toEqual([
      'Welcome to THE',
      'video editing test',
    ]);
    // Edited text carries the typed words, unchanged text its recognised words.
    expect(reloaded.segments[0]?.words?.map((w) => [w.text, w.confidence])).toEqual([
      ['Welcome', 1],
      ['to', 1],
      ['THE', 1],
    ]);
    expect(reloaded.segments[1]?.words).toEqual(SHORT_SEGMENTS[2]?.words);

    const unconfirmed = await call('POST', apiPaths.clipUnconfirm(jobId, instanceId, id));
    expect(unconfirmed.statusCode).toBe(200);
    expect(clipSchema.parse(unconfirmed.json())).toEqual({ ...reloaded, confirmed: false });
    await call('POST', apiPaths.instanceClipsConfirm(jobId, instanceId));
    await call('POST', apiPaths.instanceClipsUnconfirm(jobId, instanceId));
    const again = await call('POST', apiPaths.clipConfirm(jobId, instanceId, id), {
      cut: 'default',
      subtitle: 'default',
    });
    expect(clipSchema.parse(again.json())).toEqual(reloaded);

    // A later confirm of Speech Gaps alone keeps the stored phrases and style.
    const gapsOnly = await call('POST', apiPaths.clipConfirm(jobId, instanceId, id), {
      cut: SHORT_GAPS,
    });
    expect(clipSchema.parse(gapsOnly.json())).toMatchObject({
      gaps: SHORT_GAPS,
      draw_settings: styled,
      segments: reloaded.segments,
    });
  });

  it('gives long form subtitles only once Subtitles is confirmed', async () => {
    const { call, jobId, instanceId } = await reviewable(t, talk);
    const [long] = await list(call, jobId, instanceId);
    const url = apiPaths.clipConfirm(jobId, instanceId, long?.id ?? '');
    const plain = clipSchema.parse(
      (await call('POST', url, { cut: 'default', subtitle: 'default' })).json(),
    );
    expect(plain.subtitles_burned).toBe(false);
    const styled = { ...DEFAULT_DRAW_SETTINGS, size: 30 };
    const subtitled = clipSchema.parse((await call('POST', url, { subtitle: styled })).json());
    expect(subtitled).toMatchObject({ subtitles_burned: true, draw_settings: styled });
  });

  it('rejects bad confirmations with a clear err and changes nothing', async () => {
    const { call, jobId, instanceId } = await reviewable(t, talk);
    const [, short] = await list(call, jobId, instanceId);
    const url = apiPaths.clipConfirm(jobId, instanceId, short?.id ?? '');
    const reject = async (body: unknown, pattern: string | RegExp) => {
      const response = await call('POST', url, body);
      expect(response.statusCode).toBe(400);
      if (typeof pattern === 'string') expect(errOf(response)).toBe(pattern);
      else expect(errOf(response)).toMatch(pattern);
    };
    await reject({}, NOTHING_CONFIRMED_MESSAGE);
    await reject(
      {
        cut: [
          { id: 'gap-1', start: 1.5, end: 3 },
          { id: 'gap-2', start: 2, end: 4 },
        ],
      },
      /must not overlap/,
    );
    await reject(
      { cut: [{ id: 'gap-1', start: 0.2, end: 2 }] },
      'Gap gap-1 (0.20 s to 2.00 s) lies outside the clip (1.00 s to 6.00 s). Drag its edges back inside and try again.',
    );
    await reject({ cut: [{ id: 'gap-1', start: 2, end: 2.05 }] }, /at least 0.1 s/);
    await reject({ cut: [], phrases: [] }, /confirm Subtitles too/);
    const subtitle = DEFAULT_DRAW_SETTINGS;
    await reject({ subtitle, phrases: [{ start: 1, end: 2, phrase: 'a\nb' }] }, /line breaks/);
    await reject({ subtitle, phrases: [{ start: 1, end: 2, phrase: 'x'.repeat(501) }] }, /500/);
    await reject(
      {
        subtitle,
        phrases: [
          { start: 4, end: 5, phrase: 'b' },
          { start: 1, end: 2, phrase: 'a' },
        ],
      },
      /time order/,
    );
    await reject({ subtitle, phrases: [{ start: 5, end: 7, phrase: 'late' }] }, /outside the clip/);
    await reject({ subtitle: { ...subtitle, size: 101 } }, /'subtitle.size'.*0 to 100/);
    const after = clipSchema.parse(
      (await call('GET', apiPaths.clip(jobId, instanceId, short?.id ?? ''))).json(),
    );
    expect(after).toMatchObject({ confirmed: false, edits: { cut: false, subtitles: false } });
  });

  it('refuses phrase lists the clip screen cannot make (the one-confirm render block)', async () => {
    const { call, jobId, instanceId } = await reviewable(t, talk);
    const [, short] = await list(call, jobId, instanceId);
    const url = apiPaths.clipConfirm(jobId, instanceId, short?.id ?? '');
    const subtitle = DEFAULT_DRAW_SETTINGS;
    const reject = async (phrases: unknown[], err: string | RegExp) => {
      const response = await call('POST', url, { subtitle, phrases });
      expect(response.statusCode).toBe(400);
      if (typeof err === 'string') expect(errOf(response)).toBe(err);
      else expect(errOf(response)).toMatch(err);
    };
    const flood = Array.from({ length: 20_000 }, () => ({
      start: 1,
      end: 6,
      phrase: 'x'.repeat(500),
    }));
    await reject(
      flood,
      'This clip has 3 phrases and the confirmation carries 20000. Phrases can be edited or deleted, not added. Reload the clip and try again.',
    );
    await reject(
      [
        { start: 1, end: 3.2, phrase: 'Welcome' },
        { start: 2, end: 6, phrase: 'again' },
      ],
      "The phrases at 1.00 s and 2.00 s overlap. Phrases keep the times of the clip's own phrases: reload the clip and try again.",
    );
    await reject(
      [{ start: 1, end: 6, phrase: 'one long phrase' }],
      "The phrase at 1.00 s to 6.00 s is not one of this clip's phrases. Phrases can be edited or deleted, not added or moved: reload the clip and try again.",
    );
    await reject(
      [{ start: 1, end: 3.2, phrase: 'x'.repeat(200) }],
      'The phrase at 1.00 s holds 200 characters; a phrase of 2.20 s can hold at most 139, more than anyone says in that time. Shorten it.',
    );
    const after = clipSchema.parse(
      (await call('GET', apiPaths.clip(jobId, instanceId, short?.id ?? ''))).json(),
    );
    expect(after).toMatchObject({ confirmed: false, edits: { cut: false, subtitles: false } });
    // What the screen can make: an edit at the limit, a deletion, the phrases as they stand.
    const fine = await call('POST', url, {
      subtitle,
      phrases: [
        { start: 1, end: 3.2, phrase: 'x'.repeat(139) },
        { start: 4.7, end: 6, phrase: 'video editing test' },
      ],
    });
    expect(fine.statusCode).toBe(200);
    expect(clipSchema.parse(fine.json()).segments).toHaveLength(2);
  });

  it('answers a bounded waveform for a clip whose window a lying header stretched', async () => {
    const { call, jobId, instanceId } = await reviewable(t, talk);
    const [long] = await list(call, jobId, instanceId);
    const db = Float32Array.from({ length: 800 }, (_, i) => (i < 100 ? -20 : -90));
    await saveWaveform(t.app.ctx.storage, jobId, instanceId, { frameS: 0.01, db });
    // NOTE: a clip stored before lengths were measured: its window runs 36,000,000 s.
    await t.app.ctx.db
      .update(clips)
      .set({ endS: 36_000_000 })
      .where(eq(clips.id, long?.id ?? ''));
    const response = await call('GET', apiPaths.clipWaveform(jobId, instanceId, long?.id ?? ''));
    expect(response.statusCode).toBe(200);
    const answer = waveformResponseSchema.parse(response.json());
    expect(answer.peaks.length).toBeLessThanOrEqual(MAX_WAVEFORM_VALUES);
    expect(answer.peaks[0]).toBe(1);
    expect(response.body.length).toBeLessThan(1024 * 1024);
  });

  it("answers 404 for another user's job, instance or clip, and changes nothing", async () => {
    const mine = await reviewable(t, talk);
    const theirs = await reviewable(t, talk);
    const [, clip] = await list(theirs.call, theirs.jobId, theirs.instanceId);
    const { jobId, instanceId } = theirs;
    const clipId = clip?.id ?? '';
    const calls: ['GET' | 'POST', string, unknown?][] = [
      ['GET', apiPaths.instanceClips(jobId, instanceId)],
      ['GET', apiPaths.clip(jobId, instanceId, clipId)],
      ['GET', apiPaths.clipWaveform(jobId, instanceId, clipId)],
      ['POST', apiPaths.clipConfirm(jobId, instanceId, clipId), { cut: [] }],
      ['POST', apiPaths.clipUnconfirm(jobId, instanceId, clipId)],
      ['POST', apiPaths.instanceClipsConfirm(jobId, instanceId)],
      ['POST', apiPaths.instanceConfirm(jobId, instanceId)],
      // Their clip through my own job and instance is not found either.
      ['GET', apiPaths.clip(mine.jobId, mine.instanceId, clipId)],
      ['POST', apiPaths.clipConfirm(mine.jobId, mine.instanceId, clipId), { cut: [] }],
    ];
    for (const [method, url, body] of calls) {
      const response = await mine.call(method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await list(theirs.call, jobId, instanceId)).every((c) => !c.confirmed)).toBe(true);
  });

  it('confirms and unconfirms all, then Continue locks the clips and renders', async () => {
    const { call, jobId, instanceId } = await reviewable(t, talk);
    const none = await call('POST', apiPaths.instanceConfirm(jobId, instanceId));
    expect(none.statusCode).toBe(400);
    expect(errOf(none)).toBe('Please confirm at least one clip before continuing.');

    const all = await call('POST', apiPaths.instanceClipsConfirm(jobId, instanceId));
    expect(clipListResponseSchema.parse(all.json()).every((c) => c.confirmed)).toBe(true);
    const cleared = await call('POST', apiPaths.instanceClipsUnconfirm(jobId, instanceId));
    expect(clipListResponseSchema.parse(cleared.json()).some((c) => c.confirmed)).toBe(false);

    const [long, short] = await list(call, jobId, instanceId);
    await call('POST', apiPaths.clipConfirm(jobId, instanceId, short?.id ?? ''), {
      cut: 'default',
      subtitle: 'default',
    });
    const go = await call('POST', apiPaths.instanceConfirm(jobId, instanceId));
    expect(go.json()).toEqual({ ok: true });
    const locked = await call('POST', apiPaths.clipConfirm(jobId, instanceId, long?.id ?? ''), {
      cut: 'default',
      subtitle: 'default',
    });
    expect(locked.statusCode).toBe(409);
    expect(errOf(locked)).toBe(
      'This clip can no longer be changed: its edit is not waiting for confirmation.',
    );

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
    const [row] = await editedAssetsOfClip(t.app.ctx.db, short?.id ?? '');
    const key = row?.storageKey ?? '';
    const script = await readFile(t.app.ctx.storage.resolve(subtitlesKeyOf(key)), 'utf8');
    expect(script).toContain(',Welcome to the');
    expect(script).toContain(',video editing test');
  });
});
