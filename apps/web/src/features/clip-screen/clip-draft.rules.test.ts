import { describe, expect, it } from 'vitest';
import { MAX_DRAFT_UNDO_STEPS, clipDraftSchema } from '@roughcut/shared';
import type { Clip } from '@roughcut/shared';
import {
  applyDraft,
  changesBeyondGaps,
  draftContentKey,
  draftOfEdits,
  loadedEditsState,
} from './clip-draft.rules.ts';
import type { ClipEditsState } from './clip-draft.rules.ts';
import { FIXTURE_CLIP } from './clip-screen.fixtures.ts';
import { deleteGapEdit, moveHandleEdit } from './gap-editing.rules.ts';
import { applyTolerance, deletePhrase, editPhraseText } from './phrase-validity.rules.ts';

const FILLER = { id: 'gap-2', start: 5.6, end: 5.8, kind: 'filler' as const };
/** The fixture with a kept filler (detected, not in the cut), as the server sends it. */
const CLIP: Clip = { ...FIXTURE_CLIP, detected_gaps: [...FIXTURE_CLIP.gaps, FILLER] };

/** Every kind of change the clip screen makes. */
function edited(): ClipEditsState {
  const loaded = loadedEditsState(CLIP);
  let gapState = moveHandleEdit(loaded.gapState, 'gap-1', 'end', 4.9, CLIP);
  gapState = deleteGapEdit(gapState, 'gap-0', { ctrlKey: true });
  let phrases = applyTolerance(loaded.phrases, 0.9);
  phrases = editPhraseText(phrases, 'phrase-1', 'rough cuts save hours');
  phrases = deletePhrase(phrases, 'phrase-2');
  return {
    confirmedSteps: ['subtitles', 'speech-gaps'],
    gapState,
    phrases,
    tolerance: 0.9,
    drawSettings: { ...loaded.drawSettings, size: 40, italic: true },
    reframe: 'split',
  };
}

describe('clip drafts', () => {
  it('holds every change, as the server checks it', () => {
    const draft = draftOfEdits(edited(), CLIP);
    expect(clipDraftSchema.parse(draft)).toEqual(draft);
    expect(draft).toMatchObject({
      confirmed_steps: ['speech-gaps', 'subtitles'],
      cut: [{ id: 'gap-1', start: 4.25, end: 4.9 }],
      deleted_gaps: [FILLER, { id: 'gap-0', start: 2.5, end: 3 }],
      history: [
        { kind: 'move', id: 'gap-1', side: 'end', from: 5 },
        { kind: 'delete', id: 'gap-0' },
      ],
      phrases: [
        { start: 1, end: 2.5, phrase: 'welcome to the show', valid: true },
        { start: 3, end: 4.25, phrase: 'rough cuts save hours', valid: true },
      ],
      tolerance: 0.9,
      subtitle: { size: 40, italic: true },
      reframe: 'split',
    });
  });

  it('opens a clip with its draft exactly as the user left it', () => {
    const state = edited();
    const restored = applyDraft(CLIP, draftOfEdits(state, CLIP));
    expect(restored).toEqual({ ...state, confirmedSteps: ['speech-gaps', 'subtitles'] });
    // The phrases keep the clip's ids and recognised words.
    expect(restored.phrases[1]).toMatchObject({ id: 'phrase-1', words: CLIP.segments[1]?.words });
  });

  it('opens a clip without a draft as loaded (SPEC 4.4), and a loaded draft changes nothing', () => {
    const loaded = loadedEditsState(CLIP);
    expect(loaded).toMatchObject({ confirmedSteps: [], tolerance: 0.8, reframe: 'centre' });
    expect(loaded.phrases.map((p) => p.valid)).toEqual([undefined, false, undefined]);
    expect(loaded.gapState.deletedGaps).toEqual([FILLER]);
    const draft = draftOfEdits(loaded, CLIP);
    expect(draftContentKey(draftOfEdits(applyDraft(CLIP, draft), CLIP))).toBe(
      draftContentKey(draft),
    );
  });

  it('gives long form no framing, and keeps the last undo steps', () => {
    const long = { ...CLIP, is_long_form: true };
    let gapState = loadedEditsState(long).gapState;
    for (let i = 0; i < MAX_DRAFT_UNDO_STEPS + 5; i += 1) {
      gapState = moveHandleEdit(gapState, 'gap-1', 'end', i % 2 ? 4.8 : 4.7, long);
    }
    const draft = draftOfEdits({ ...loadedEditsState(long), gapState }, long);
    expect(draft.reframe).toBeUndefined();
    expect(draft.history).toHaveLength(MAX_DRAFT_UNDO_STEPS);
    expect(draft.history.at(-1)).toEqual({ kind: 'move', id: 'gap-1', side: 'end', from: 4.8 });
    expect(applyDraft(long, { ...draft, reframe: 'follow' }).reframe).toBe('centre');
  });

  it('counts no change in the undo history alone', () => {
    const loaded = loadedEditsState(CLIP);
    let gapState = moveHandleEdit(loaded.gapState, 'gap-1', 'end', 4.7, CLIP);
    gapState = moveHandleEdit(gapState, 'gap-1', 'end', 5, CLIP);
    const there = draftOfEdits({ ...loaded, gapState }, CLIP);
    expect(there.history).toHaveLength(2);
    expect(draftContentKey(there)).toBe(draftContentKey(draftOfEdits(loaded, CLIP)));
  });

  it('tells when a draft holds more than the gaps a cut-only confirm takes', () => {
    const loaded = loadedEditsState(CLIP);
    const base = draftOfEdits(loaded, CLIP);
    const gapsOnly = draftOfEdits(
      {
        ...loaded,
        confirmedSteps: ['speech-gaps'],
        gapState: deleteGapEdit(loaded.gapState, 'gap-0', { ctrlKey: true }),
      },
      CLIP,
    );
    expect(changesBeyondGaps(gapsOnly, base)).toBe(false);
    expect(changesBeyondGaps(draftOfEdits(edited(), CLIP), base)).toBe(true);
    const framed = draftOfEdits({ ...loaded, reframe: 'follow' }, CLIP);
    expect(changesBeyondGaps(framed, base)).toBe(true);
  });
});
