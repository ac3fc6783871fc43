// The measuring recogniser hears flite speech right, and hears it again the same way: the quality
// bench's word retention rests on both.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hearUtterance, pcmToFloat } from './moonshine-recogniser.ts';
import { alignedWords } from './quality-metrics.ts';
import { speakSentence } from './test-media.ts';

const dir = await mkdtemp(join(tmpdir(), 'rc-moonshine-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

const TEXT = 'Cutting silence by hand takes hours every single week.';

describe('Moonshine recogniser', () => {
  it('hears a sentence word for word, twice alike, and nothing in silence', async () => {
    const pcm = await speakSentence(TEXT, dir, 'slt');
    const audio = pcmToFloat(pcm.samples);
    const heard = await hearUtterance(audio);
    const truth = TEXT.split(' ');
    expect(alignedWords(heard.split(/\s+/), truth), heard).toHaveLength(truth.length);
    expect(await hearUtterance(audio)).toBe(heard);
    expect((await hearUtterance(new Float32Array(16_000))).trim()).toBe('');
  }, 60_000);
});
