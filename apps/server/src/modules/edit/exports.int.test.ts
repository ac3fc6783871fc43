// Every export downloads for a finished edit, at API level on the real engine and queue: the long
// form and each clip as editor timelines that parse back to the rendered videos' lengths (within a
// frame), and as transcripts timed on the cut video with the user's phrase edits; another user
// gets 404.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EXPORT_FORMATS,
  TIMELINE_FORMATS,
  apiPaths,
  clipListResponseSchema,
  clipSchema,
} from '@roughcut/shared';
import type { ExportFormat } from '@roughcut/shared';
import { readLength, readTimeline } from '@roughcut/engine/testing';
import { TEST_DATABASES, startTestApp } from '../../test/test-app.ts';
import type { TestApp } from '../../test/test-app.ts';
import { talkingVideo } from '../../test/test-media.ts';
import { caller, signUp, startVideoEdit, waitForRun } from '../../test/video-edits.ts';
import { editedAssetsOfClip } from '../assets/index.ts';

const run = promisify(execFile);
const FPS = 25;
const EDITED_TEXT = 'Edited & <checked> text';

async function videoFrames(file: string): Promise<number> {
  const { stdout } = await run('ffprobe', [
    ...['-v', 'error', '-select_streams', 'v:0', '-count_packets'],
    ...['-show_entries', 'stream=nb_read_packets', '-of', 'csv=p=0', file],
  ]);
  return Number(stdout.trim());
}

describe.each(TEST_DATABASES)('exports of a finished edit on %s', (kind) => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    dir = await mkdtemp(path.join(os.tmpdir(), 'roughcut-exports-'));
  });
  afterAll(async () => {
    await t?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('downloads every export of the edit and of each clip', { timeout: 600_000 }, async () => {
    const edit = await startVideoEdit(t, await readFile(await talkingVideo(dir)), {
      name: 'Export me',
    });
    const { call, job } = edit;
    const waiting = await waitForRun(edit, 'awaiting-confirmation');
    const instanceId = waiting.job_instance?.id ?? '';
    const listed = clipListResponseSchema.parse(
      (await call('GET', apiPaths.instanceClips(job.id, instanceId))).json(),
    );
    const longForm = listed.find((c) => c.is_long_form);
    const short = listed.find((c) => !c.is_long_form);
    expect(longForm && short).toBeTruthy();
    // The short's first phrase is edited on the clip screen before it is confirmed.
    const clip = clipSchema.parse(
      (await call('GET', apiPaths.clip(job.id, instanceId, short?.id ?? ''))).json(),
    );
    const first = clip.segments.find((s) => s.phrase !== '');
    const phrases = clip.segments.map((s) => ({
      start: s.start,
      end: s.end,
      phrase: s === first ? EDITED_TEXT : s.phrase,
    }));
    const confirmed = await call('POST', apiPaths.clipConfirm(job.id, instanceId, clip.id), {
      cut: clip.gaps,
      subtitle: clip.draw_settings,
      phrases,
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await call('POST', apiPaths.instanceClipsConfirm(job.id, instanceId))).statusCode).toBe(
      200,
    );
    expect((await call('POST', apiPaths.instanceConfirm(job.id, instanceId))).statusCode).toBe(200);
    await waitForRun(edit, 'finished');

    const download = async (url: string, format: ExportFormat) => {
      const response = await call('GET', url);
      expect(response.statusCode, `${format}: ${response.body}`).toBe(200);
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="Export me - /,
      );
      expect(String(response.headers['content-disposition'])).toContain(
        `.${format === 'xmeml' ? 'xml' : format}"`,
      );
      return response.body;
    };

    for (const target of [longForm, short]) {
      const id = target?.id ?? '';
      const [asset] = await editedAssetsOfClip(t.app.ctx.db, id);
      const frames = await videoFrames(t.app.ctx.storage.resolve(asset?.storageKey ?? ''));
      for (const format of EXPORT_FORMATS) {
        const body = await download(apiPaths.clipExport(job.id, instanceId, id, format), format);
        const timelineFormat = TIMELINE_FORMATS.find((f) => f === format);
        if (timelineFormat) {
          const timeline = readTimeline(timelineFormat, body, { num: FPS, den: 1 });
          expect(timeline.rate).toEqual({ num: FPS, den: 1 });
          expect(new Set(timeline.media)).toEqual(new Set(['talk.mp4']));
          expect(Math.abs(readLength(timeline.video) - frames), format).toBeLessThanOrEqual(1);
        }
      }
    }
    // The whole edit's export is its long form's.
    for (const format of EXPORT_FORMATS) {
      expect(await download(apiPaths.editExport(job.id, format), format)).toBe(
        await download(apiPaths.clipExport(job.id, instanceId, longForm?.id ?? '', format), format),
      );
    }

    // The short's transcript holds the edited text, timed on the cut clip (its window starts at 0).
    const srt = await download(apiPaths.clipExport(job.id, instanceId, clip.id, 'srt'), 'srt');
    expect(srt).toContain(EDITED_TEXT);
    expect(srt).not.toContain(first?.phrase ?? '?');
    expect(srt).toMatch(/^1\n00:00:00,\d{3} --> /);
    const txt = await download(apiPaths.clipExport(job.id, instanceId, clip.id, 'txt'), 'txt');
    expect(txt.startsWith(EDITED_TEXT)).toBe(true);

    // Another user reaches none of it.
    const other = caller(t, await signUp(t));
    for (const url of [
      apiPaths.editExport(job.id, 'fcpxml'),
      apiPaths.clipExport(job.id, instanceId, clip.id, 'srt'),
    ]) {
      const refused = await other('GET', url);
      expect(refused.statusCode).toBe(404);
      expect(refused.body).not.toContain('talk.mp4');
    }
  });
});
