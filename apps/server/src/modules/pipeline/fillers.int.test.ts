// Issue 22's fillers through the app: generated speech with fillers at known times is uploaded to
// two edits, one created with "Remove filler words". Both runs list the same detected fillers
// (kind 'filler'); the one that asked starts with them cut, without a real word losing sound, the
// other keeps them, offered on the timeline. A clip-screen confirm keeps a filler a filler.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILLER_CORPUS, makeFillerVideo, scoreFillers } from '@roughcut/engine/testing/fillers';
import type { FillerVideo } from '@roughcut/engine/testing/fillers';
import {
  DEFAULT_DRAW_SETTINGS,
  apiPaths,
  autoJobSchema,
  clipListResponseSchema,
  clipSchema,
  isFillerWord,
} from '@roughcut/shared';
import type { Clip, Gap } from '@roughcut/shared';
import { TEST_DATABASES, startTestApp } from '../../test/test-app.ts';
import type { TestApp } from '../../test/test-app.ts';
import { startVideoEdit, waitForRun } from '../../test/video-edits.ts';
import type { VideoEdit } from '../../test/video-edits.ts';
import { editedAssetsOfClip } from '../assets/assets.repository.ts';
import { subtitlesKeyOf } from './render-clip.ts';

const isFiller = (g: Gap) => g.kind === 'filler';

/** Two sentences of the corpus's first voice: three fillers ("um", "uh", "um"), about 12 s. */
const CASE = (() => {
  const first = FILLER_CORPUS[0];
  if (!first) throw new Error('no filler corpus');
  return { ...first, sentences: first.sentences.slice(0, 2) };
})();

async function longFormOf(edit: VideoEdit): Promise<{ clip: Clip; instanceId: string }> {
  const waiting = await waitForRun(edit, 'awaiting-confirmation');
  const instanceId = waiting.job_instance?.id ?? '';
  const clips = clipListResponseSchema.parse(
    (await edit.call('GET', apiPaths.instanceClips(edit.job.id, instanceId))).json(),
  );
  const clip = clips.find((c) => c.is_long_form);
  if (!clip) throw new Error('no long form');
  return { clip, instanceId };
}

describe.each(TEST_DATABASES)('filler removal through the app, on %s', (kind) => {
  let t: TestApp;
  let dir: string;
  let video: FillerVideo;
  beforeAll(async () => {
    t = await startTestApp(kind);
    dir = await mkdtemp(path.join(os.tmpdir(), 'roughcut-fillers-'));
    video = await makeFillerVideo(CASE, dir);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it(
    'cuts the fillers when the edit asks, and only lists them when not',
    { timeout: 600_000 },
    async () => {
      const bytes = await readFile(video.path);
      const steps = ['optimised-long-form' as const];
      const removing = await startVideoEdit(t, bytes, {
        steps,
        name: 'Fillers removed',
        beforeStart: async ({ call, job }) => {
          const updated = await call('POST', apiPaths.autojob(job.id), { remove_fillers: true });
          expect(autoJobSchema.parse(updated.json()).remove_fillers).toBe(true);
        },
      });
      const keeping = await startVideoEdit(t, bytes, { steps, name: 'Fillers kept' });
      const kept = autoJobSchema.parse(
        (await keeping.call('GET', apiPaths.autojob(keeping.job.id))).json(),
      );
      expect(kept.remove_fillers).toBe(false);

      const removed = await longFormOf(removing);
      const detected = removed.clip.detected_gaps;
      const silences = detected.filter((g) => !isFiller(g));
      const fillers = detected.filter(isFiller);
      const score = scoreFillers(video, silences, fillers);
      expect(score.truth).toBe(3);
      expect(score.found).toBeGreaterThanOrEqual(2);
      expect(fillers.length).toBeLessThanOrEqual(score.truth);
      // Every detected gap starts cut, the fillers included, and no real word loses its sound.
      expect(removed.clip.gaps).toEqual(detected);
      expect(removed.clip.edits.cut).toBe(false);
      const cutFillers = removed.clip.gaps.filter(isFiller);
      expect(scoreFillers(video, silences, cutFillers).wordsCut).toEqual([]);

      const listed = await longFormOf(keeping);
      expect(listed.clip.detected_gaps.filter(isFiller).map((g) => [g.start, g.end])).toEqual(
        fillers.map((g) => [g.start, g.end]),
      );
      expect(listed.clip.gaps).toEqual(listed.clip.detected_gaps.filter((g) => !isFiller(g)));

      // The clip screen cuts one filler of the kept edit: the stored cut still knows it is a filler.
      const oneFiller = listed.clip.detected_gaps.find(isFiller);
      if (!oneFiller) throw new Error('no filler detected');
      const confirm = await keeping.call(
        'POST',
        apiPaths.clipConfirm(keeping.job.id, listed.instanceId, listed.clip.id),
        { cut: [...listed.clip.gaps, oneFiller].sort((a, b) => a.start - b.start) },
      );
      expect(confirm.statusCode).toBe(200);
      const confirmed = clipSchema.parse(confirm.json());
      expect(confirmed.gaps.filter(isFiller)).toEqual([oneFiller]);
      expect(confirmed.edits.cut).toBe(true);

      // The removing edit's long form with subtitles: its burned script has every real word the
      // recogniser wrote and not one filler word.
      const words = removed.clip.segments.flatMap((p) => p.words ?? []).map((w) => w.text);
      expect(words.filter(isFillerWord).length).toBeGreaterThan(0);
      const { call, job } = removing;
      const subtitled = await call(
        'POST',
        apiPaths.clipConfirm(job.id, removed.instanceId, removed.clip.id),
        { cut: removed.clip.gaps, subtitle: DEFAULT_DRAW_SETTINGS },
      );
      expect(subtitled.statusCode).toBe(200);
      const go = await call('POST', apiPaths.instanceConfirm(job.id, removed.instanceId));
      expect(go.statusCode).toBe(200);
      await waitForRun(removing, 'finished');
      const [asset] = await editedAssetsOfClip(t.app.ctx.db, removed.clip.id);
      const script = await readFile(
        t.app.ctx.storage.resolve(subtitlesKeyOf(asset?.storageKey ?? '')),
        'utf8',
      );
      const burned = script
        .split('\n')
        .filter((line) => line.startsWith('Dialogue:'))
        .flatMap((line) => line.split(',').slice(9).join(',').split(/\s+/));
      expect(burned.filter(isFillerWord)).toEqual([]);
      const bare = (w: string) => w.toLowerCase().replace(/[^\p{L}\d']/gu, '');
      expect(new Set(burned.map(bare))).toEqual(
        new Set(words.filter((w) => !isFillerWord(w)).map(bare)),
      );
    },
  );
});
