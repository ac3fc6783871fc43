import { describe, expect, it } from 'vitest';
import { DEFAULT_DRAW_SETTINGS, customConfirmClipRequestSchema } from '@roughcut/shared';
import {
  buildClipConfirmPayload,
  CLIP_EDIT_STEP_LABELS,
  clipScreenState,
  confirmAllSteps,
  confirmEditButtonLabel,
  INITIAL_SELECTED_STEP,
  isClipEditable,
  phrasesForConfirm,
  toggleConfirmedStep,
} from './clip-confirm.rules.ts';

const gaps = [{ id: 'gap-0', start: 0, end: 0.5 }];
const phrases = [
  { id: 'phrase-1', start: 2, end: 3, phrase: '  edited text ', valid: true, words: [] },
  { id: 'phrase-0', start: 0.5, end: 2, phrase: 'first', valid: undefined, words: [] },
];
const sentPhrases = [
  { start: 0.5, end: 2, phrase: 'first' },
  { start: 2, end: 3, phrase: 'edited text' },
];

describe('confirmed steps (spec 4.4)', () => {
  it('starts on speech-gaps with nothing confirmed, toggles and confirms all', () => {
    expect(INITIAL_SELECTED_STEP).toBe('speech-gaps');
    const one = toggleConfirmedStep([], 'speech-gaps');
    expect(one).toEqual(['speech-gaps']);
    expect(toggleConfirmedStep(one, 'speech-gaps')).toEqual([]);
    expect(confirmAllSteps()).toEqual(['speech-gaps', 'subtitles']);
    expect(confirmEditButtonLabel(one, 'speech-gaps')).toBe('Unconfirm Edit');
    expect(confirmEditButtonLabel(one, 'subtitles')).toBe('Confirm Edit');
    expect(CLIP_EDIT_STEP_LABELS).toEqual({ 'speech-gaps': 'Speech Gaps', subtitles: 'Subtitles' });
  });
});

describe('submit (spec 5)', () => {
  it('refuses with no confirmed steps', () => {
    expect(
      buildClipConfirmPayload({
        confirmedSteps: [],
        gaps,
        drawSettings: DEFAULT_DRAW_SETTINGS,
        phrases,
      }),
    ).toEqual({
      ok: false,
      error: 'Unable to submit - you have not confirmed any edits yet for this clip.',
    });
  });

  it('includes the cut only with speech-gaps and the subtitle only with subtitles', () => {
    expect(
      buildClipConfirmPayload({
        confirmedSteps: ['speech-gaps'],
        gaps,
        drawSettings: DEFAULT_DRAW_SETTINGS,
        phrases,
      }),
    ).toEqual({ ok: true, payload: { cut: gaps } });
    expect(
      buildClipConfirmPayload({
        confirmedSteps: ['subtitles'],
        gaps,
        drawSettings: DEFAULT_DRAW_SETTINGS,
        phrases,
      }),
    ).toEqual({ ok: true, payload: { subtitle: DEFAULT_DRAW_SETTINGS, phrases: sentPhrases } });
    const both = buildClipConfirmPayload({
      confirmedSteps: ['subtitles', 'speech-gaps'],
      gaps,
      drawSettings: DEFAULT_DRAW_SETTINGS,
      phrases,
    });
    expect(both).toEqual({
      ok: true,
      payload: { cut: gaps, subtitle: DEFAULT_DRAW_SETTINGS, phrases: sentPhrases },
    });
    if (both.ok) expect(customConfirmClipRequestSchema.parse(both.payload)).toEqual(both.payload);
  });

  it('sends the cut in time order and the phrases without client fields', () => {
    const unordered = [
      { id: 'gap-3', start: 4, end: 5 },
      { id: 'gap-1', start: 1, end: 1.5 },
    ];
    const result = buildClipConfirmPayload({
      confirmedSteps: ['speech-gaps'],
      gaps: unordered,
      drawSettings: DEFAULT_DRAW_SETTINGS,
      phrases: [],
    });
    expect(result.ok && result.payload.cut).toEqual([
      { id: 'gap-1', start: 1, end: 1.5 },
      { id: 'gap-3', start: 4, end: 5 },
    ]);
    expect(phrasesForConfirm(phrases)).toEqual(sentPhrases);
    // Issue 33: each gap keeps its kind, so a cut filler is still a filler after the confirm.
    const kinds = buildClipConfirmPayload({
      confirmedSteps: ['speech-gaps'],
      gaps: [
        { id: 'gap-2', start: 2, end: 2.4, kind: 'filler' },
        { id: 'gap-1', start: 0, end: 1, kind: 'silence' },
        { id: 'gap-3', start: 3, end: 4 },
      ],
      drawSettings: DEFAULT_DRAW_SETTINGS,
      phrases: [],
    });
    expect(kinds.ok && kinds.payload.cut).toEqual([
      { id: 'gap-1', start: 0, end: 1, kind: 'silence' },
      { id: 'gap-2', start: 2, end: 2.4, kind: 'filler' },
      { id: 'gap-3', start: 3, end: 4 },
    ]);
    if (kinds.ok)
      expect(customConfirmClipRequestSchema.parse(kinds.payload)).toEqual(kinds.payload);
    // Deleting every phrase is an edit too: nothing is burned in.
    const none = buildClipConfirmPayload({
      confirmedSteps: ['subtitles'],
      gaps,
      drawSettings: DEFAULT_DRAW_SETTINGS,
      phrases: [],
    });
    expect(none.ok && none.payload.phrases).toEqual([]);
  });
});

describe('clip screen state (spec 2.10)', () => {
  it('is editable only while awaiting and unconfirmed', () => {
    expect(isClipEditable({ status: 'awaiting-confirmation', confirmed: false })).toBe(true);
    expect(isClipEditable({ status: 'awaiting-confirmation', confirmed: true })).toBe(false);
    expect(isClipEditable({ status: 'finished', confirmed: true })).toBe(false);
  });

  it('shows failure, loading or the editor', () => {
    expect(clipScreenState({ status: 'failed', confirmed: false }, false)).toBe('failed');
    expect(clipScreenState({ status: 'processing', confirmed: false }, false)).toBe('loading');
    expect(clipScreenState({ status: 'awaiting-confirmation', confirmed: true }, false)).toBe(
      'loading',
    );
    expect(clipScreenState({ status: 'awaiting-confirmation', confirmed: false }, true)).toBe(
      'loading',
    );
    expect(clipScreenState({ status: 'awaiting-confirmation', confirmed: false }, false)).toBe(
      'editor',
    );
    expect(clipScreenState({ status: 'finished', confirmed: true }, false)).toBe('view');
    expect(clipScreenState(null, false)).toBe('loading');
  });
});
