import type { ClipEditStep, ClipReframe, DrawSettings } from '@roughcut/shared';
import { useCallback, useMemo, useState } from 'react';
import type { ClipEditsState } from './clip-draft.rules.ts';
import type { GapEditState } from './gap-editing.rules.ts';
import {
  INITIAL_SELECTED_STEP,
  confirmAllSteps,
  toggleConfirmedStep,
} from './clip-confirm.rules.ts';
import {
  applyTolerance,
  deletePhrase,
  editPhraseText,
  tickPhrase,
} from './phrase-validity.rules.ts';
import type { ReviewPhrase } from './phrase-validity.rules.ts';

export type PhraseActions = {
  edit: (id: string, text: string) => void;
  tick: (id: string) => void;
  remove: (id: string) => void;
};

export type ClipEdits = {
  selectedStep: ClipEditStep;
  confirmedSteps: ClipEditStep[];
  gapState: GapEditState;
  phrases: ReviewPhrase[];
  tolerance: number;
  drawSettings: DrawSettings;
  reframe: ClipReframe;
  /** Every change at once (a new object after each), for the draft. */
  state: ClipEditsState;
  selectStep: (step: ClipEditStep) => void;
  toggleSelectedStep: () => void;
  confirmAll: () => void;
  setGapState: (next: GapEditState) => void;
  setTolerance: (tolerance: number) => void;
  setDrawSettings: (next: DrawSettings) => void;
  setReframe: (next: ClipReframe) => void;
  phraseActions: PhraseActions;
};

/**
 * SPEC 4.4: what the user changes on the clip screen, from `initial` (the clip as loaded, or the
 * user's draft of it): the selected and confirmed steps, the gap edits, the phrases (low-confidence
 * ones marked invalid on first display), the confidence tolerance, the subtitle style and framing.
 */
export function useClipEdits(initial: ClipEditsState): ClipEdits {
  const [selectedStep, setSelectedStep] = useState<ClipEditStep>(INITIAL_SELECTED_STEP);
  const [confirmedSteps, setConfirmedSteps] = useState<ClipEditStep[]>(initial.confirmedSteps);
  const [gapState, setGapState] = useState<GapEditState>(initial.gapState);
  const [tolerance, setToleranceValue] = useState(initial.tolerance);
  const [phrases, setPhrases] = useState<ReviewPhrase[]>(initial.phrases);
  const [drawSettings, setDrawSettings] = useState<DrawSettings>(initial.drawSettings);
  const [reframe, setReframe] = useState<ClipReframe>(initial.reframe);

  const setTolerance = useCallback((next: number) => {
    setToleranceValue(next);
    setPhrases((current) => applyTolerance(current, next));
  }, []);

  // NOTE: stable callbacks, so the memoised phrase rows re-render only when their phrase changes.
  const phraseActions = useMemo<PhraseActions>(
    () => ({
      edit: (id, text) => setPhrases((current) => editPhraseText(current, id, text)),
      tick: (id) => setPhrases((current) => tickPhrase(current, id)),
      remove: (id) => setPhrases((current) => deletePhrase(current, id)),
    }),
    [],
  );

  // NOTE: `initial` itself until something changes, so opening the screen is no change.
  const state = useMemo<ClipEditsState>(() => {
    const next = { confirmedSteps, gapState, phrases, tolerance, drawSettings, reframe };
    const same = (Object.keys(next) as (keyof ClipEditsState)[]).every(
      (key) => next[key] === initial[key],
    );
    return same ? initial : next;
  }, [initial, confirmedSteps, gapState, phrases, tolerance, drawSettings, reframe]);

  return {
    selectedStep,
    confirmedSteps,
    gapState,
    phrases,
    tolerance,
    drawSettings,
    reframe,
    state,
    selectStep: setSelectedStep,
    toggleSelectedStep: () =>
      setConfirmedSteps((current) => toggleConfirmedStep(current, selectedStep)),
    confirmAll: () => setConfirmedSteps(confirmAllSteps()),
    setGapState,
    setTolerance,
    setDrawSettings,
    setReframe,
    phraseActions,
  };
}
