import { describe, expect, it } from 'vitest';
import { DEFAULT_DRAW_SETTINGS } from '../draw-settings.ts';
import { MAX_DRAFT_UNDO_STEPS, clipDraftSchema } from './clip-draft.contract.ts';
import { confirmPhraseListSchema } from './clip-confirm.contract.ts';

const DRAFT = {
  confirmed_steps: ['speech-gaps'],
  cut: [{ id: 'gap-1', start: 1, end: 2, kind: 'filler' }],
  deleted_gaps: [{ id: 'gap-0', start: 0, end: 0.5 }],
  history: [{ kind: 'delete', id: 'gap-0' }],
  phrases: [{ start: 2, end: 3, phrase: 'hello ', valid: null }],
  tolerance: 0.8,
  subtitle: DEFAULT_DRAW_SETTINGS,
  reframe: 'follow',
};

const firstMessage = (input: unknown): string | undefined => {
  const result = clipDraftSchema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe('the clip draft contract', () => {
  it('keeps every field as sent, a filler gap and a phrase typed with its space included', () => {
    expect(clipDraftSchema.parse(DRAFT)).toEqual(DRAFT);
  });

  it("holds a draft's phrases to the confirm's list rules, with the confirm's words", () => {
    const phrases = [
      { start: 3, end: 4, phrase: 'b' },
      { start: 1, end: 2, phrase: 'a' },
    ];
    const confirm = confirmPhraseListSchema.safeParse(phrases);
    const expected = confirm.success ? 'accepted' : confirm.error.issues[0]?.message;
    expect(expected).toBe('Phrases must be in time order. Reload the clip and try again.');
    const draft = { ...DRAFT, phrases: phrases.map((p) => ({ ...p, valid: true })) };
    expect(firstMessage(draft)).toBe(expected);
  });

  it('refuses a step twice, a tolerance out of 0 to 1 and a history past its bound', () => {
    expect(firstMessage({ ...DRAFT, confirmed_steps: ['subtitles', 'subtitles'] })).toBe(
      'Each step can be confirmed once.',
    );
    expect(firstMessage({ ...DRAFT, tolerance: 1.5 })).toBeDefined();
    const history = Array.from({ length: MAX_DRAFT_UNDO_STEPS + 1 }, () => DRAFT.history[0]);
    expect(firstMessage({ ...DRAFT, history })).toBeDefined();
    expect(
      firstMessage({ ...DRAFT, history: [{ kind: 'move', id: 'gap-1', side: 'up', from: 1 }] }),
    ).toBeDefined();
  });
});
