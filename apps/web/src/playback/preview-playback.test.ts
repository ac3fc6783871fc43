import { DEFAULT_DRAW_SETTINGS } from '@roughcut/shared';
import { describe, expect, it } from 'vitest';
import {
  clipElapsed,
  previewFrameRatio,
  previewFrameSize,
  previewSubtitles,
  previewPlan,
  seekBy,
  sourceTimeAt,
} from './preview-playback.ts';

// The clip's window [1, 13.5] and the gaps the render cuts from it.
const window = { start: 1, end: 13.5 };
const gaps = [
  { start: 1, end: 2 },
  { start: 5, end: 7 },
  { start: 9, end: 10 },
  { start: 10.05, end: 12 }, // within 0.1 s of the previous gap: one gap
  { start: 13, end: 13.5 },
];

describe('preview playback', () => {
  const plan = previewPlan(window, gaps);

  it('plays the kept spans the render keeps and skips the gaps between them', () => {
    expect(plan.spans).toEqual([
      { start: 2, end: 5 },
      { start: 7, end: 9 },
      { start: 12, end: 13 },
    ]);
    expect(plan.gaps).toEqual([
      { start: 5, end: 7 },
      { start: 9, end: 12 },
    ]);
    expect(plan.start).toBe(2);
    expect(plan.end).toBe(13);
    expect(plan.duration).toBeCloseTo(6);
  });

  it('maps between source time and time played', () => {
    expect(clipElapsed(2, plan)).toBe(0);
    expect(clipElapsed(6, plan)).toBeCloseTo(3);
    expect(clipElapsed(8, plan)).toBeCloseTo(4);
    expect(sourceTimeAt(4, plan)).toBeCloseTo(8);
    expect(sourceTimeAt(99, plan)).toBe(13);
  });

  it('seeks 5 s through the clip as played', () => {
    expect(seekBy(2, 5, plan)).toBeCloseTo(12);
    expect(seekBy(12.5, -5, plan)).toBeCloseTo(2.5);
    expect(seekBy(12.5, -2, plan)).toBeCloseTo(7.5);
    expect(seekBy(3, -5, plan)).toBe(2);
    expect(seekBy(12.5, 5, plan)).toBeCloseTo(12.95);
  });

  it('frames short clips in portrait and long form in the source ratio', () => {
    expect(previewFrameRatio(false, { width: 1920, height: 1080 })).toBeCloseTo(0.5625);
    expect(previewFrameRatio(true, { width: 1920, height: 1080 })).toBeCloseTo(16 / 9);
    expect(previewFrameRatio(true, null)).toBeCloseTo(16 / 9);
  });
});

describe('the preview subtitles', () => {
  const segments = [{ start: 1, end: 2.5, phrase: 'welcome to the show', words: [] }];
  const clip = { segments, draw_settings: DEFAULT_DRAW_SETTINGS };
  const all = [{ start: 0, end: 10 }];

  it('draws the phrases only when the render burns them', () => {
    expect(previewSubtitles({ ...clip, subtitles_burned: true }, all)).toContain(
      'welcome to the show',
    );
    expect(previewSubtitles({ ...clip, subtitles_burned: false }, all)).toBeNull();
  });

  it("lights the spoken word at the recogniser's source times when the clip's style asks", () => {
    const words = [
      { text: 'welcome', start: 1, end: 1.5, confidence: 0.9 },
      { text: 'home', start: 1.7, end: 2.4, confidence: 0.9 },
    ];
    const ass = previewSubtitles(
      {
        segments: [{ start: 1, end: 2.5, phrase: 'welcome home', words }],
        draw_settings: { ...DEFAULT_DRAW_SETTINGS, word_highlight: true },
        subtitles_burned: true,
      },
      all,
    );
    const lines = ass?.split('\n').filter((l) => l.startsWith('Dialogue:'));
    expect(lines).toEqual([
      'Dialogue: 0,0:00:01.00,0:00:01.70,Default,,0,0,0,,{\\1c&H00D6FF&\\1a&H00&}welcome{\\r} home',
      'Dialogue: 0,0:00:01.70,0:00:02.50,Default,,0,0,0,,welcome {\\1c&H00D6FF&\\1a&H00&}home',
    ]);
  });

  it('leaves out a filler word whose sound the cut removes, and keeps a kept one', () => {
    const words = [
      { text: 'Um,', start: 1, end: 1.4, confidence: 0.9 },
      { text: 'welcome', start: 1.5, end: 2, confidence: 0.9 },
      { text: 'home', start: 2.1, end: 2.5, confidence: 0.9 },
    ];
    const burned = {
      segments: [{ start: 1, end: 2.5, phrase: 'Um, welcome home', words }],
      draw_settings: DEFAULT_DRAW_SETTINGS,
      subtitles_burned: true,
    };
    const cut = previewSubtitles(burned, [
      { start: 0, end: 0.95 },
      { start: 1.45, end: 10 },
    ]);
    expect(cut).toContain(',Welcome home');
    expect(cut).not.toContain('Um');
    expect(previewSubtitles(burned, all)).toContain(',Um, welcome home');
  });

  it("lays them out on the render's frame", () => {
    expect(previewFrameSize(false, { width: 1920, height: 1080 })).toEqual({
      width: 1080,
      height: 1920,
    });
    expect(previewFrameSize(true, { width: 1280, height: 720 })).toEqual({
      width: 1280,
      height: 720,
    });
    expect(previewFrameSize(true, null)).toEqual({ width: 1920, height: 1080 });
  });
});
