import { describe, expect, it } from 'vitest';
import { DEFAULT_DRAW_SETTINGS } from '@roughcut/shared';
import type { Segment } from '@roughcut/shared';
import { clipPlan, editsAfterConfirm, phrasesToStore, typedWords } from './clip-plan.rules.ts';
import type { ClipPlanSource } from './clip-plan.rules.ts';

const word = (text: string, start: number, end: number, confidence = 0.6) => ({
  text,
  start,
  end,
  confidence,
});
const segments: Segment[] = [
  { start: 1, end: 2, phrase: 'helo world', words: [word('helo', 1, 1.4), word('world', 1.5, 2)] },
  { start: 3, end: 4, phrase: '', words: [] },
  { start: 5, end: 6, phrase: 'goodbye', words: [word('goodbye', 5, 6, 0.9)] },
];
const detected = [
  { id: 'gap-1', start: 2, end: 3 },
  { id: 'gap-2', start: 4, end: 5 },
];
const styled = { ...DEFAULT_DRAW_SETTINGS, size: 30 };

const short = (over: Partial<ClipPlanSource> = {}): ClipPlanSource => ({
  startS: 0.5,
  endS: 6.5,
  isLongForm: false,
  segments,
  gaps: detected,
  drawSettings: DEFAULT_DRAW_SETTINGS,
  edits: null,
  reframe: 'centre',
  ...over,
});

describe('clip plan', () => {
  it("carries the clip's stored framing to the render", () => {
    expect(clipPlan(short()).reframe).toBe('centre');
    expect(clipPlan(short({ reframe: 'follow' })).reframe).toBe('follow');
  });

  it('without edits: detected gaps cut, detected phrases burned in the clip style', () => {
    const plan = clipPlan(short());
    expect(plan.gaps).toEqual(detected);
    expect(plan.segments).toEqual(segments);
    expect(plan.subtitles).toEqual(DEFAULT_DRAW_SETTINGS);
    expect(plan.keptSpans).toEqual([
      { start: 0.5, end: 2 },
      { start: 3, end: 4 },
      { start: 5, end: 6.5 },
    ]);
  });

  it('burns no subtitles on long form until Subtitles is confirmed', () => {
    expect(clipPlan(short({ isLongForm: true })).subtitles).toBeNull();
    const confirmed = clipPlan(short({ isLongForm: true, edits: { subtitle: styled } }));
    expect(confirmed.subtitles).toEqual(styled);
    expect(confirmed.drawSettings).toEqual(styled);
  });

  it('gives segments without stored words an empty word list', () => {
    const bare = clipPlan(short({ segments: [{ start: 1, end: 2, phrase: 'x' }] }));
    expect(bare.segments).toEqual([{ start: 1, end: 2, phrase: 'x', words: [] }]);
  });

  it('cuts the detected fillers only when the edit asked for them removed, and a confirmed cut rules', () => {
    const um = { id: 'gap-3', start: 1.4, end: 1.5, kind: 'filler' as const };
    const withFiller = { gaps: [...detected, um] };
    expect(clipPlan(short(withFiller)).gaps).toEqual(detected);
    const removed = clipPlan(short({ ...withFiller, removeFillers: true }));
    expect(removed.gaps).toEqual([...detected, um]);
    expect(removed.keptSpans).toEqual([
      { start: 0.5, end: 1.4 },
      { start: 1.5, end: 2 },
      { start: 3, end: 4 },
      { start: 5, end: 6.5 },
    ]);
    const confirmed = short({ ...withFiller, removeFillers: true, edits: { cut: detected } });
    expect(clipPlan(confirmed).gaps).toEqual(detected);
  });
});

describe('phrases to store', () => {
  it('keeps recognised words for unchanged text and types the words of edited text', () => {
    const stored = phrasesToStore(
      [
        { start: 1, end: 2, phrase: 'hello world' },
        { start: 5, end: 6, phrase: 'goodbye' },
      ],
      segments,
    );
    expect(stored[0]?.words).toEqual([
      { text: 'hello', start: 1, end: 1.5, confidence: 1 },
      { text: 'world', start: 1.5, end: 2, confidence: 1 },
    ]);
    expect(stored[1]).toEqual(segments[2]);
  });

  it('types no words for an emptied phrase', () => {
    expect(typedWords({ start: 1, end: 2, phrase: '  ' })).toEqual([]);
  });
});

describe('edits after a confirm', () => {
  const cut = [{ id: 'gap-2', start: 0, end: 5 }];

  it('keeps the stored edits on the job page default', () => {
    const edits = { cut: [{ id: 'gap-1', start: 2, end: 2.9 }] };
    expect(editsAfterConfirm(short({ edits }), { cut: 'default', subtitle: 'default' })).toBe(
      edits,
    );
    expect(editsAfterConfirm(short(), { cut: 'default', subtitle: 'default' })).toBeNull();
  });

  it('clamps the cut to the window and keeps the parts not carried', () => {
    const phrases = [{ start: 5, end: 6, phrase: 'bye now' }];
    const first = editsAfterConfirm(short(), { subtitle: styled, phrases });
    expect(first?.phrases?.map((p) => p.phrase)).toEqual(['bye now']);
    const second = editsAfterConfirm(short({ edits: first }), { cut });
    expect(second?.cut).toEqual([{ id: 'gap-2', start: 0.5, end: 5 }]);
    expect(second?.phrases).toEqual(first?.phrases);
    expect(second?.subtitle).toEqual(styled);
  });

  it('keeps a confirmed filler a filler', () => {
    const um = { id: 'gap-3', start: 0.2, end: 1, kind: 'filler' as const };
    expect(editsAfterConfirm(short(), { cut: [um] })?.cut).toEqual([{ ...um, start: 0.5 }]);
  });

  it('confirms the phrases as they stand when Subtitles comes without a phrase list', () => {
    const edits = editsAfterConfirm(short(), { subtitle: styled });
    expect(edits?.phrases).toEqual(segments);
  });

  it('restores the recognised words when text is typed back as it was recognised', () => {
    const edited = editsAfterConfirm(short(), {
      subtitle: styled,
      phrases: [{ start: 1, end: 2, phrase: 'hello world' }],
    });
    const back = editsAfterConfirm(short({ edits: edited }), {
      subtitle: styled,
      phrases: [{ start: 1, end: 2, phrase: 'helo world' }],
    });
    expect(back?.phrases?.[0]?.words).toEqual(segments[0]?.words);
  });
});
