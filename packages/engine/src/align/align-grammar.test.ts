import { describe, expect, it } from 'vitest';
import {
  buildAlignmentDictionary,
  buildAlignmentGrammar,
  parseAlignmentOutput,
} from './align-grammar.ts';

const hello = { pronunciations: ['HH AH L OW', 'HH EH L OW'], guessed: false };
const world = { pronunciations: ['W ER L D'], guessed: false };

describe('alignment grammar', () => {
  it('walks the words in order, each one skippable at a small cost', () => {
    const grammar = buildAlignmentGrammar([hello, undefined, world]);
    expect(grammar).toContain('NUM_STATES 4');
    expect(grammar).toContain('FINAL_STATE 3');
    expect(grammar).toContain('TRANSITION 0 1 0.999 w0');
    expect(grammar).toContain('TRANSITION 0 1 0.001\n');
    expect(grammar).toContain('TRANSITION 1 2 1.0\n');
    expect(grammar).toContain('TRANSITION 2 3 0.999 w2');
  });

  it('names each position its own word, alternatives numbered', () => {
    expect(buildAlignmentDictionary([hello, undefined, world])).toBe(
      'w0 HH AH L OW\nw0(2) HH EH L OW\nw2 W ER L D\n',
    );
  });

  it('reads positions and frame-end times from the output, skipping fillers and repeats', () => {
    const output = [
      'w0 w2',
      '<sil> 0.000 0.340 1.000000',
      'w0(2) 0.350 0.670 1.000000',
      '[NOISE] 0.680 0.700 1.000000',
      'w2 0.710 1.080 1.000000',
      'w2 1.090 1.200 1.000000',
    ].join('\n');
    expect(parseAlignmentOutput(output, 3)).toEqual([
      { index: 0, start: 0.35, end: 0.68 },
      { index: 2, start: 0.71, end: 1.09 },
    ]);
  });
});
