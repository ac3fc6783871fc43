import { describe, expect, it } from 'vitest';
import {
  parsePocketsphinxLine,
  parsePocketsphinxOutput,
  posteriorToConfidence,
} from './pocketsphinx-parse.ts';
import { buildPocketsphinxArgs } from './pocketsphinx-transcriber.ts';

// Captured from `pocketsphinx_continuous -infile x.wav -time yes -logfn /dev/null` (0.8+5prealpha),
// two utterances; the [NOISE] and ++UM++ lines are the noise dictionary's fillers.
const CAPTURED = `hello world this is a test
<s> 0.880 1.210 0.998801
hello 1.220 1.560 0.560813
world 1.570 2.000 0.999900
<sil> 2.010 2.170 1.000000
this 2.180 2.350 0.961432
is 2.360 2.480 0.990000
[NOISE] 2.490 2.600 0.800000
a(2) 2.610 2.650 0.661432
++UM++ 2.660 2.800 0.700000
test 2.810 3.200 0.994012
</s> 3.210 3.400 1.000000
the quick brown fox
<s> 5.100 5.200 1.000000
the(2) 5.210 5.330 0.537960
quick 5.340 5.700 0.126042
brown 5.710 6.000 0.170060
[SPEECH] 6.010 6.100 0.500000
fox 6.110 6.400 0.000000
</s> 6.410 6.600 1.000000
`;

describe('parsePocketsphinxOutput', () => {
  it('keeps words with times and confidences, drops fillers and variants', () => {
    const words = parsePocketsphinxOutput(CAPTURED);
    expect(words.map((w) => w.text)).toEqual([
      'hello',
      'world',
      'this',
      'is',
      'a',
      'test',
      'the',
      'quick',
      'brown',
      'fox',
    ]);
    expect(words[0]).toEqual({ text: 'hello', start: 1.22, end: 1.56, confidence: 0.560813 });
    expect(words[4]).toEqual({ text: 'a', start: 2.61, end: 2.65, confidence: 0.661432 });
    expect(words.at(-1)).toEqual({ text: 'fox', start: 6.11, end: 6.4, confidence: 0 });
  });

  it('returns words sorted by start, whatever the line order', () => {
    const lines = CAPTURED.split('\n').reverse().join('\n');
    const starts = parsePocketsphinxOutput(lines).map((w) => w.start);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });

  it('ignores hypothesis lines, blank lines and malformed lines', () => {
    expect(parsePocketsphinxLine('hello world this is a test')).toBeUndefined();
    expect(parsePocketsphinxLine('')).toBeUndefined();
    expect(parsePocketsphinxLine('word 1.0 0.5 0.9')).toBeUndefined();
    expect(parsePocketsphinxLine('INFO: something 1 2 3')).toBeUndefined();
    expect(parsePocketsphinxOutput('')).toEqual([]);
  });
});

describe('posteriorToConfidence', () => {
  it('passes probabilities through and maps sphinx log posteriors into 0-1', () => {
    expect(posteriorToConfidence(0.25)).toBe(0.25);
    expect(posteriorToConfidence(0)).toBe(0);
    expect(posteriorToConfidence(1)).toBe(1);
    expect(posteriorToConfidence(-6931)).toBeCloseTo(0.5, 2);
    expect(posteriorToConfidence(-1e7)).toBeCloseTo(0, 6);
    expect(posteriorToConfidence(Number.NaN)).toBe(0);
  });
});

describe('buildPocketsphinxArgs', () => {
  it('passes the wav and model as separate arguments with word times on', () => {
    const args = buildPocketsphinxArgs('/tmp/a b.wav', { hmm: '/m/h', lm: '/m/l', dict: '/m/d' });
    expect(args.slice(0, 8)).toEqual([
      '-infile',
      '/tmp/a b.wav',
      '-hmm',
      '/m/h',
      '-lm',
      '/m/l',
      '-dict',
      '/m/d',
    ]);
    expect(args.join(' ')).toContain('-time yes');
    expect(args.join(' ')).toContain('-logfn /dev/null');
  });
});
