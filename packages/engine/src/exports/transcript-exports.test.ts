import { DEFAULT_DRAW_SETTINGS } from '@roughcut/shared';
import { describe, expect, it } from 'vitest';
import {
  cutTimelinePhrases,
  formatCueTime,
  toAss,
  toPlainText,
  toSrt,
  toVtt,
} from './transcript-exports.ts';

const phrases = [
  { start: 0.5, end: 2.25, phrase: 'Welcome to the show.' },
  { start: 3661.001, end: 3662.5, phrase: 'It is <b>great</b> & fun' },
  { start: 3663, end: 3664, phrase: 'right?' },
];

describe('formatCueTime', () => {
  it('formats hh:mm:ss,mmm and hh:mm:ss.mmm', () => {
    expect(formatCueTime(0, ',')).toBe('00:00:00,000');
    expect(formatCueTime(3661.0015, '.')).toBe('01:01:01.002');
    expect(formatCueTime(-1, ',')).toBe('00:00:00,000');
  });
});

describe('toSrt', () => {
  it('numbers cues from 1 with comma milliseconds', () => {
    expect(toSrt(phrases)).toBe(
      '1\n00:00:00,500 --> 00:00:02,250\nWelcome to the show.\n\n' +
        '2\n01:01:01,001 --> 01:01:02,500\nIt is <b>great</b> & fun\n\n' +
        '3\n01:01:03,000 --> 01:01:04,000\nright?\n',
    );
  });
  it('keeps each cue on one line so text cannot fake a cue', () => {
    const srt = toSrt([{ start: 0, end: 1, phrase: 'a\n\n2\n00:00:05,000 --> 00:00:06,000\nb' }]);
    expect(srt.split('\n\n')).toHaveLength(1);
  });
  it('sorts and skips empty or zero-length phrases', () => {
    expect(
      toSrt([
        { start: 5, end: 6, phrase: 'second' },
        { start: 1, end: 1, phrase: 'zero' },
        { start: 2, end: 3, phrase: ' ' },
        { start: 0, end: 1, phrase: 'first' },
      ]),
    ).toBe('1\n00:00:00,000 --> 00:00:01,000\nfirst\n\n2\n00:00:05,000 --> 00:00:06,000\nsecond\n');
  });
});

describe('toVtt', () => {
  it('starts with WEBVTT and escapes markup', () => {
    expect(toVtt(phrases)).toBe(
      'WEBVTT\n\n00:00:00.500 --> 00:00:02.250\nWelcome to the show.\n\n' +
        '01:01:01.001 --> 01:01:02.500\nIt is &lt;b&gt;great&lt;/b&gt; &amp; fun\n\n' +
        '01:01:03.000 --> 01:01:04.000\nright?\n',
    );
  });
  it('is a valid empty file without phrases', () => {
    expect(toVtt([])).toBe('WEBVTT\n');
  });
});

describe('toAss', () => {
  it('is the ASS script of buildAss', () => {
    const ass = toAss(phrases, DEFAULT_DRAW_SETTINGS);
    expect(ass).toContain('PlayResX: 384\nPlayResY: 288');
    expect(ass).toContain(
      'Dialogue: 0,1:01:01.00,1:01:02.50,Default,,0,0,0,,It is <b>great</b> & fun',
    );
  });
});

describe('toPlainText', () => {
  it('joins phrases, breaking lines after sentence ends', () => {
    expect(toPlainText(phrases)).toBe('Welcome to the show.\nIt is <b>great</b> & fun right?\n');
  });
  it('is empty without phrases', () => {
    expect(toPlainText([])).toBe('');
  });
});

describe('cutTimelinePhrases', () => {
  const probe = { fps: 25, variableFrameRate: false, durationS: 30 };
  it('maps source times through the render’s frame-snapped spans', () => {
    // 1.01 s snaps to frame 25 (1.0 s); 5.0-6.0 s is cut away.
    const keep = [
      { start: 1.01, end: 5 },
      { start: 6, end: 10 },
    ];
    expect(
      cutTimelinePhrases(
        [
          { start: 1.5, end: 2, phrase: 'inside' },
          { start: 4.5, end: 6.5, phrase: 'across the cut' },
          { start: 5.2, end: 5.8, phrase: 'cut away' },
          { start: 0.2, end: 1.2, phrase: 'lead-in' },
        ],
        keep,
        probe,
      ),
    ).toEqual([
      { start: 0, end: 0.2, phrase: 'lead-in' },
      { start: 0.5, end: 1, phrase: 'inside' },
      { start: 3.5, end: 4.5, phrase: 'across the cut' },
    ]);
  });
  it('is the identity for a video kept whole', () => {
    const phrases = [{ start: 1.25, end: 2.5, phrase: 'a' }];
    expect(cutTimelinePhrases(phrases, [{ start: 0, end: 30 }], probe)).toEqual(phrases);
  });
});
