// Sound without recognisable words is never cut to nothing: a tone, music, digital silence, and
// speech-like sound in no language the recogniser knows (flite speech played backwards).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clipKeptSpans } from '@roughcut/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderEngineClip } from '../render/engine-clip.ts';
import { speechKept } from '../testing/quality-metrics.ts';
import { makeSoundOnlyVideo } from '../testing/speech-corpus.ts';
import type { SoundOnlyKind } from '../testing/speech-corpus.ts';
import type { TalkingVideo } from '../testing/test-media.ts';
import { analyseVideo } from './analyse.ts';
import type { Analysis } from './analyse.ts';

let dir = '';
const SOUND = { soundFromS: 1, soundToS: 5, durationS: 6.4 };

async function analyse(kind: SoundOnlyKind): Promise<{ video: TalkingVideo; analysis: Analysis }> {
  const video = await makeSoundOnlyVideo({ dir, kind, ...SOUND });
  const analysis = await analyseVideo(video.path, {
    workDir: join(dir, `work-${kind}`),
    language: 'en',
    maxWordsInPhrase: 5,
    steps: { longForm: true, shortForm: true },
  });
  return { video, analysis };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rc-no-words-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('a video with sound but no words', () => {
  it.each(['tone', 'music'] as const)(
    '%s: finishes with a "Full video" clip, no transcription, and only the silence cut',
    async (kind) => {
      const { video, analysis } = await analyse(kind);
      expect(analysis.speech).toBe(false);
      const [clip, ...others] = analysis.clips;
      expect(others).toEqual([]);
      expect(clip).toMatchObject({ title: 'Full video', is_long_form: true, segments: [] });
      const kept = clipKeptSpans({ start: 0, end: video.durationS }, analysis.gaps);
      expect(speechKept(video.speechSpans, kept)).toBe(1);
      expect(analysis.gaps.map((g) => [g.start, g.end > SOUND.soundToS])).toEqual([
        [0, false],
        [expect.any(Number), true],
      ]);
      if (kind === 'tone') {
        // The render this used to refuse with "Nothing is left to render".
        const render = await renderEngineClip(video.path, {
          clip: clip!,
          probe: analysis.probe,
          outPath: join(dir, 'tone-long-form.mp4'),
          removeGaps: analysis.gaps,
          subtitles: null,
        });
        const keptS = kept.reduce((s, k) => s + k.end - k.start, 0);
        expect(render.durationS).toBeGreaterThanOrEqual(SOUND.soundToS - SOUND.soundFromS);
        expect(Math.abs(render.durationS - keptS)).toBeLessThanOrEqual(0.05);
      }
    },
  );

  it('no sound at all: keeps the whole video (nothing to cut to)', async () => {
    const { analysis } = await analyse('silence');
    expect(analysis.speech).toBe(false);
    expect(analysis.gaps).toEqual([]);
    expect(analysis.clips[0]).toMatchObject({ title: 'Full video', segments: [] });
  });

  it('speech the recogniser cannot read is kept whole and shown as phrases to type', async () => {
    const { video, analysis } = await analyse('reversed-speech');
    const kept = clipKeptSpans({ start: 0, end: video.durationS }, analysis.gaps);
    expect(speechKept(video.speechSpans, kept)).toBe(1);
    const clip = analysis.clips.find((c) => c.is_long_form)!;
    const covered = clip.segments.reduce(
      (s, k) =>
        s + Math.max(0, Math.min(k.end, SOUND.soundToS) - Math.max(k.start, SOUND.soundFromS)),
      0,
    );
    expect(covered).toBeGreaterThanOrEqual(0.9 * (SOUND.soundToS - SOUND.soundFromS));
  });
});
