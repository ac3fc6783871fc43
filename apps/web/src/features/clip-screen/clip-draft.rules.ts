import {
  CLIP_EDIT_STEPS,
  DEFAULT_CONFIDENCE_TOLERANCE,
  MAX_DRAFT_UNDO_STEPS,
  PHRASE_TIME_TOLERANCE_S,
  clipReframe,
  sortGaps,
} from '@roughcut/shared';
import type {
  Clip,
  ClipDraft,
  ClipEditStep,
  ClipReframe,
  DraftPhrase,
  DrawSettings,
  Gap,
} from '@roughcut/shared';
import { initialGapEditState } from './gap-editing.rules.ts';
import type { GapEditState } from './gap-editing.rules.ts';
import { markInitialValidity, phrasesFromSegments } from './phrase-validity.rules.ts';
import type { ReviewPhrase } from './phrase-validity.rules.ts';

// Issue 31: what a clip draft holds, the screen's edits made from a clip and its draft, and the
// draft made from the edits. The server keeps the draft; these rules decide what is a change.

/** Every change the clip screen and the timeline editor make to one clip (SPEC 4.4 and 4.6). */
export type ClipEditsState = {
  confirmedSteps: ClipEditStep[];
  gapState: GapEditState;
  phrases: ReviewPhrase[];
  tolerance: number;
  drawSettings: DrawSettings;
  /** A short's framing; long form has none (its value is never sent). */
  reframe: ClipReframe;
};

type DraftWindow = Pick<Clip, 'is_long_form'>;

/** The edits a clip opens with when it has no draft: the clip as loaded (SPEC 4.4). */
export const loadedEditsState = (clip: Clip): ClipEditsState => ({
  confirmedSteps: [],
  // NOTE: after an earlier confirm, the detected gaps it dropped start out as deletions (undoable).
  gapState: initialGapEditState(clip.gaps, clip.detected_gaps),
  phrases: markInitialValidity(phrasesFromSegments(clip.segments), DEFAULT_CONFIDENCE_TOLERANCE),
  tolerance: DEFAULT_CONFIDENCE_TOLERANCE,
  drawSettings: { ...clip.draw_settings },
  reframe: clipReframe(clip),
});

const copyGap = ({ id, start, end, kind }: Gap): Gap => ({
  id,
  start,
  end,
  ...(kind === undefined ? {} : { kind }),
});

/**
 * The draft of the edits. Steps in the screen's order, gaps sorted, phrases in time order (as
 * the confirm sends them, text as typed); the deleted gaps keep their order (Undo Delete's stack)
 * and the undo history its last steps.
 */
export const draftOfEdits = (state: ClipEditsState, clip: DraftWindow): ClipDraft => ({
  confirmed_steps: CLIP_EDIT_STEPS.filter((step) => state.confirmedSteps.includes(step)),
  cut: sortGaps(state.gapState.gaps).map(copyGap),
  deleted_gaps: state.gapState.deletedGaps.map(copyGap),
  history: (state.gapState.history ?? []).slice(-MAX_DRAFT_UNDO_STEPS).map((edit) => ({ ...edit })),
  phrases: [...state.phrases]
    .sort((a, b) => a.start - b.start || a.end - b.end)
    .map(({ start, end, phrase, valid }) => ({ start, end, phrase, valid: valid ?? null })),
  tolerance: state.tolerance,
  subtitle: { ...state.drawSettings },
  ...(clip.is_long_form ? {} : { reframe: state.reframe }),
});

const sameTimes = (a: { start: number; end: number }, b: { start: number; end: number }) =>
  Math.abs(a.start - b.start) <= PHRASE_TIME_TOLERANCE_S &&
  Math.abs(a.end - b.end) <= PHRASE_TIME_TOLERANCE_S;

/**
 * The clip's phrases as the draft left them: each draft phrase takes the text and validity it was
 * given onto the clip's phrase with its times (keeping that phrase's id and words); a clip phrase
 * the draft does not hold was deleted.
 */
function phrasesFromDraft(loaded: readonly ReviewPhrase[], saved: readonly DraftPhrase[]) {
  const matchOf = firstUnusedMatch(loaded);
  const phrases: ReviewPhrase[] = [];
  for (const phrase of saved) {
    const match = matchOf(phrase);
    if (match === undefined) continue;
    phrases.push({ ...match, phrase: phrase.phrase, valid: phrase.valid ?? undefined });
  }
  return phrases;
}

/**
 * The first phrase of `loaded` (in its order) with the times asked for and not matched before.
 * WARNING (issue 35): a search of every phrase per draft phrase made opening a 4-hour clip's
 * draft quadratic (7,200 phrases); sorted by start once, each looks only near its own start.
 */
function firstUnusedMatch(
  loaded: readonly ReviewPhrase[],
): (phrase: { start: number; end: number }) => ReviewPhrase | undefined {
  const used = new Uint8Array(loaded.length);
  const order = loaded
    .map((_, i) => i)
    .sort((a, b) => (loaded[a]?.start ?? 0) - (loaded[b]?.start ?? 0) || a - b);
  const startAt = (k: number) => loaded[order[k] ?? 0]?.start ?? 0;
  return (phrase) => {
    let low = 0;
    let high = order.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (startAt(mid) < phrase.start - PHRASE_TIME_TOLERANCE_S) low = mid + 1;
      else high = mid;
    }
    let best: number | undefined;
    for (
      let k = low;
      k < order.length && startAt(k) <= phrase.start + PHRASE_TIME_TOLERANCE_S;
      k++
    ) {
      const index = order[k] ?? 0;
      const candidate = loaded[index];
      if (!candidate || used[index] || (best !== undefined && index > best)) continue;
      if (sameTimes(candidate, phrase)) best = index;
    }
    if (best === undefined) return undefined;
    used[best] = 1;
    return loaded[best];
  };
}

/** The edits a clip opens with when the user left a draft of it. */
export function applyDraft(clip: Clip, draft: ClipDraft): ClipEditsState {
  const loaded = loadedEditsState(clip);
  return {
    confirmedSteps: CLIP_EDIT_STEPS.filter((step) => draft.confirmed_steps.includes(step)),
    gapState: {
      gaps: sortGaps(draft.cut.map(copyGap)),
      deletedGaps: draft.deleted_gaps.map(copyGap),
      history: draft.history.map((edit) => ({ ...edit })),
    },
    phrases: phrasesFromDraft(loaded.phrases, draft.phrases),
    tolerance: draft.tolerance,
    drawSettings: { ...draft.subtitle },
    reframe: clip.is_long_form ? loaded.reframe : (draft.reframe ?? loaded.reframe),
  };
}

/**
 * What a draft changes, as one comparable string. NOTE: the undo history is left out: a handle
 * dragged away and back, or an undone step, changes nothing worth keeping or asking about.
 */
export const draftContentKey = (draft: ClipDraft): string =>
  JSON.stringify({ ...draft, history: undefined });

/**
 * Whether the draft holds changes beyond the speech gaps (steps, phrases, tolerance, style,
 * framing): what the timeline editor's Save, a cut-only confirm, would leave behind.
 */
export function changesBeyondGaps(draft: ClipDraft, loaded: ClipDraft): boolean {
  const rest = (d: ClipDraft) =>
    JSON.stringify({
      ...d,
      confirmed_steps: d.confirmed_steps.filter((step) => step !== 'speech-gaps'),
      cut: undefined,
      deleted_gaps: undefined,
      history: undefined,
    });
  return rest(draft) !== rest(loaded);
}
