import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isFillerWord } from '@roughcut/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { assembleSpeech, speakSentence } from '../testing/test-media.ts';
import { encodeWav } from '../testing/wav.ts';
import { alignEachUtterance } from './align-words.ts';

// A held "um" between two phrases, 0.15 s pauses either side, as the recogniser would leave it out.
const PIECES = ['Keep every word,', 'um', 'and cut only the quiet parts.'];

let dir = '';

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('alignEachUtterance with fillers', () => {
  it('hears a hesitation the recogniser left out and keeps every given word in order', async () => {
    dir = await mkdtemp(join(tmpdir(), 'align-fillers-int-'));
    const clips = [];
    for (const text of PIECES) {
      const options = text === 'um' ? { stretch: 2 } : {};
      clips.push({ text, pcm: await speakSentence(text, dir, 'slt', options) });
    }
    const track = assembleSpeech(clips, { silenceS: 0.15, leadInS: 0.7, tailS: 0.8, fps: 25 });
    const wav = join(dir, 'speech.wav');
    await writeFile(wav, encodeWav(track.pcm));
    const um = track.sentences[1]!;
    const given = [PIECES[0], PIECES[2]]
      .join(' ')
      .split(' ')
      .map((text) => ({ text, confidence: 0.9 }));
    const span = { start: 0.45, end: (track.sentences.at(-1)?.end ?? 0) + 0.25 };

    const [withFillers = []] = await alignEachUtterance(wav, [{ ...span, words: given }], {
      fillers: true,
    });
    const [without = []] = await alignEachUtterance(wav, [{ ...span, words: given }]);

    const heard = withFillers.filter((w) => isFillerWord(w.text));
    expect(heard).toHaveLength(1);
    expect(heard[0]!.start).toBeLessThan(um.end);
    expect(heard[0]!.end).toBeGreaterThan(um.start);
    expect(withFillers.filter((w) => !isFillerWord(w.text)).map((w) => w.text)).toEqual(
      given.map((w) => w.text),
    );
    expect(without.map((w) => w.text)).toEqual(given.map((w) => w.text));
  }, 60_000);
});
