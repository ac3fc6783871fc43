import { describe, expect, it } from 'vitest';
import {
  buildAlignmentDictionary,
  buildAlignmentGrammar,
  parseAlignedFillers,
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

  it('with fillers, loops hesitations between words only, each a dictionary word of its own', () => {
    const grammar = buildAlignmentGrammar([hello, world], { fillers: true });
    expect(grammar).toContain('TRANSITION 1 1 0.002 f_um');
    expect(grammar).toContain('TRANSITION 1 1 0.002 f_uh');
    expect(grammar).not.toMatch(/TRANSITION 0 0 /);
    expect(grammar).not.toMatch(/TRANSITION 2 2 /);
    expect(buildAlignmentGrammar([hello, world])).not.toContain('f_um');
    const dictionary = buildAlignmentDictionary([hello, world], { fillers: true });
    expect(dictionary).toContain('f_um AH M\n');
    expect(dictionary).toContain('w1 W ER L D\n');
  });

  it('reads the fillers heard, each after the word it followed', () => {
    const output = [
      'w0 f_um w1',
      'w0 0.350 0.670 1.000000',
      '<sil> 0.680 0.800 1.000000',
      'f_um 0.810 1.190 1.000000',
      'w1 1.300 1.600 1.000000',
      'f_uh 1.700 1.790 1.000000',
    ].join('\n');
    expect(parseAlignedFillers(output)).toEqual([
      { text: 'um', after: 0, start: 0.81, end: 1.2 },
      { text: 'uh', after: 1, start: 1.7, end: 1.8 },
    ]);
    expect(parseAlignmentOutput(output, 2).map((p) => p.index)).toEqual([0, 1]);
  });
});

describe('alignment grammar with replaceable words', () => {
  it('lets a filler stand in for a replaceable word at a cost', () => {
    const grammar = buildAlignmentGrammar([hello, world, hello], {
      fillers: true,
      replaceable: [false, true, false],
    });
    expect(grammar).toContain('TRANSITION 1 2 0.3 f_uh');
    expect(grammar).not.toContain('TRANSITION 0 1 0.3 f_uh');
    expect(grammar).not.toContain('TRANSITION 2 3 0.3 f_uh');
  });
});
