// Cut edges over background sound, on the quality corpus's noise and music cases: the voice
// detector and both level tracks on the real audio (no recogniser: words are not needed to place an
// edge). Kept as a regression test for issue 12's edge target: <= 40 ms beyond the padding, every
// true pause longer than the rule cut, no speech lost. `./roughcut bench quality` has the table.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { computeEnergyTrack } from '../audio/energy-track.ts';
import { extractAudio } from '../audio/extract-audio.ts';
import { findGaps } from '../edit/segments.ts';
import { scoreGaps, speechKept } from '../testing/quality-metrics.ts';
import { QUALITY_CORPUS, makeCorpusVideo } from '../testing/speech-corpus.ts';
import { detectVoice } from './silero-vad.ts';
import { gatherSpeechEvidence } from './speech-evidence.ts';

const dir = await mkdtemp(join(tmpdir(), 'rc-edge-quality-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

const CASES = QUALITY_CORPUS.filter((c) => c.background !== 'none');

describe('cut edges over room tone and a music bed', () => {
  it.each(CASES.map((c) => [c.name, c] as const))(
    '%s: every pause cut, no speech lost, edges within 40 ms',
    async (name, c) => {
      const video = await makeCorpusVideo(c, join(dir, name));
      const wav = join(dir, name, 'audio.wav');
      await extractAudio(video.path, wav);
      const [energy, voice] = await Promise.all([computeEnergyTrack(wav), detectVoice(wav)]);
      const evidence = gatherSpeechEvidence({
        voice,
        energy,
        words: [],
        durationS: video.durationS,
      });
      const gaps = findGaps(evidence.regions, video.durationS);
      const score = scoreGaps(gaps, video.speechSpans, video.gaps, video.durationS);
      expect(speechKept(video.speechSpans, evidence.regions)).toBeCloseTo(1, 9);
      expect(score.precision).toBe(1);
      expect(score.recall).toBe(1);
      expect(score.maxEdgeErrorS).toBeLessThanOrEqual(0.04 + 1e-9);
    },
    120_000,
  );
});
