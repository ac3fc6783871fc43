// The proof that the render obeys the clip screen, at API level on the real engine and queue: a
// generated talking video is analysed, one clip is edited (a gap edge moved, a gap deleted, a
// phrase's text changed, a phrase deleted), confirmed, continued and rendered; the output's length
// is the kept spans' to a frame and the burned subtitle script holds exactly the edited phrases.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiPaths,
  clipKeptSpans,
  clipListResponseSchema,
  clipSchema,
  totalLength,
  waveformResponseSchema,
} from '@roughcut/shared';
import { TEST_DATABASES, startTestApp } from '../../test/test-app.ts';
import type { TestApp } from '../../test/test-app.ts';
import { talkingVideo } from '../../test/test-media.ts';
import { startVideoEdit, waitForRun } from '../../test/video-edits.ts';
import { editedAssetsOfClip } from '../assets/assets.repository.ts';
import { subtitlesKeyOf } from '../pipeline/render.job.ts';

const run = promisify(execFile);
const FPS = 25;
/** A phrase that would move the subtitle and break its line if it reached libass as tags. */
const EDITED_TEXT = 'Edited {\\an8}hi\\N';

async function videoStreamDuration(file: string): Promise<number> {
  const { stdout } = await run('ffprobe', [
    ...['-v', 'error', '-select_streams', 'v:0'],
    ...['-show_entries', 'stream=duration', '-of', 'csv=p=0', file],
  ]);
  return Number(stdout.trim());
}

describe.each(TEST_DATABASES)('the render obeys the clip screen on %s', (kind) => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    dir = await mkdtemp(path.join(os.tmpdir(), 'roughcut-clip-edit-'));
  });
  afterAll(async () => {
    await t?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('renders the edited cut and burns the edited phrases', { timeout: 600_000 }, async () => {
    const edit = await startVideoEdit(t, await readFile(await talkingVideo(dir)), {
      steps: ['short-form-clips'],
      name: 'Clip edit',
      // NOTE: the edit's default framing reaches the clips the run finds (no face here: the
      // render falls back to the centre crop, so the cut and phrases below are unchanged).
      beforeStart: async ({ call, job }) => {
        expect(
          (await call('POST', apiPaths.autojob(job.id), { reframe: 'follow' })).statusCode,
        ).toBe(200);
      },
    });
    const { call, job } = edit;
    const waiting = await waitForRun(edit, 'awaiting-confirmation');
    const instanceId = waiting.job_instance?.id ?? '';
    const [listed] = clipListResponseSchema.parse(
      (await call('GET', apiPaths.instanceClips(job.id, instanceId))).json(),
    );
    const clip = clipSchema.parse(
      (await call('GET', apiPaths.clip(job.id, instanceId, listed?.id ?? ''))).json(),
    );

    expect(clip.reframe).toBe('follow');
    // What the screen needs: words with confidences, gap-N gaps, the window and its waveform.
    const spoken = clip.segments.filter((s) => s.phrase !== '');
    expect(spoken.length).toBeGreaterThanOrEqual(3);
    expect(spoken.every((s) => (s.words ?? []).length > 0)).toBe(true);
    expect(spoken[0]?.words?.[0]?.confidence).toBeGreaterThan(0);
    expect(clip.detected_gaps.length).toBeGreaterThanOrEqual(2);
    expect(clip.gaps).toEqual(clip.detected_gaps);
    const waveform = waveformResponseSchema.parse(
      (await call('GET', apiPaths.clipWaveform(job.id, instanceId, clip.id))).json(),
    );
    expect(waveform).toMatchObject({ start: clip.start, rate: 100 });
    expect(waveform.peaks).toHaveLength(Math.ceil((clip.end - clip.start) * 100 - 1e-9));
    const peakIn = (s: { start: number; end: number }) =>
      Math.max(
        ...waveform.peaks.slice(
          Math.ceil((s.start - clip.start) * 100) + 5,
          Math.floor((s.end - clip.start) * 100) - 5,
        ),
      );
    const firstGap = clip.detected_gaps[0] ?? { start: 0, end: 0 };
    expect(peakIn(spoken[0] ?? firstGap)).toBeGreaterThan(0.8);
    expect(peakIn(firstGap)).toBeLessThan(0.1);

    // The edits: the first gap's end dragged 0.4 s earlier, the last gap deleted, the first
    // phrase's text changed and the third phrase deleted.
    const gaps = clip.detected_gaps;
    const cut = gaps.slice(0, -1).map((g, i) => (i === 0 ? { ...g, end: g.end - 0.4 } : g));
    const deleted = spoken[2];
    const phrases = clip.segments
      .filter((s) => s !== deleted)
      .map((s) => ({
        start: s.start,
        end: s.end,
        phrase: s === spoken[0] ? EDITED_TEXT : s.phrase,
      }));
    const confirmed = await call('POST', apiPaths.clipConfirm(job.id, instanceId, clip.id), {
      cut,
      subtitle: clip.draw_settings,
      phrases,
    });
    expect(confirmed.statusCode).toBe(200);
    const kept = clipKeptSpans(clip, cut);
    expect((await call('POST', apiPaths.instanceConfirm(job.id, instanceId))).statusCode).toBe(200);
    await waitForRun(edit, 'finished');

    const [asset] = await editedAssetsOfClip(t.app.ctx.db, clip.id);
    const outPath = t.app.ctx.storage.resolve(asset?.storageKey ?? '');
    const duration = await videoStreamDuration(outPath);
    expect(Math.abs(duration - totalLength(kept))).toBeLessThanOrEqual(1 / FPS + 1e-3);
    // The moved edge and the deleted gap really changed the length the detected cut would give.
    expect(totalLength(kept) - totalLength(clipKeptSpans(clip, gaps))).toBeGreaterThan(0.5);

    const script = await readFile(subtitlesKeyOfPath(t, asset?.storageKey ?? ''), 'utf8');
    const dialogue = script.split('\n').filter((line) => line.startsWith('Dialogue:'));
    expect(dialogue).toHaveLength(phrases.filter((p) => p.phrase.trim() !== '').length);
    // Burned literally: braces and backslashes became inert look-alikes, never override tags.
    expect(script).toContain('Edited \uFF5B\u29F5an8\uFF5Dhi\u29F5N');
    expect(script).not.toContain('{\\an8}');
    expect(script).not.toContain(spoken[0]?.phrase ?? '');
    expect(script).not.toContain(`,${deleted?.phrase ?? ''}`);
    for (const p of phrases.slice(1).filter((x) => x.phrase !== '')) {
      expect(script).toContain(`,${p.phrase}`);
    }
  });
});

const subtitlesKeyOfPath = (t: TestApp, videoKey: string): string =>
  t.app.ctx.storage.resolve(subtitlesKeyOf(videoKey));
