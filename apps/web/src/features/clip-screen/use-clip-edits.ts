import {
  DEFAULT_CONFIDENCE_TOLERANCE,
  INITIAL_SELECTED_STEP,
  applyTolerance,
  confirmAllSteps,
  deletePhrase,
  editPhraseText,
  markInitialValidity,
  phrasesFromSegments,
  tickPhrase,
  toggleConfirmedStep,
} from '@roughcut/shared';
import type {
  Clip,
  ClipEditStep,
  DrawSettings,
  GapEditState,
  ReviewPhrase,
} from '@roughcut/shared';
import { useCallback, useMemo, useState } from 'react';
import { initialGapEditState } from './timeline.rules.ts';

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
  selectStep: (step: ClipEditStep) => void;
  toggleSelectedStep: () => void;
  confirmAll: () => void;
  setGapState: (next: GapEditState) => void;
  setTolerance: (tolerance: number) => void;
  setDrawSettings: (next: DrawSettings) => void;
  phraseActions: PhraseActions;
};

/**
 * SPEC 4.4: what the user changes on the clip screen, from the clip as loaded: the selected and
 * confirmed steps, the gap edits (from the clip's gaps), the phrases (low-confidence ones
 * marked invalid on first display), the confidence tolerance and the subtitle style.
 */
export function useClipEdits(clip: Clip): ClipEdits {
  const [selectedStep, setSelectedStep] = useState<ClipEditStep>(INITIAL_SELECTED_STEP);
  const [confirmedSteps, setConfirmedSteps] = useState<ClipEditStep[]>([]);
  // NOTE: after an earlier confirm, the detected gaps it dropped start out as deletions (undoable).
  const [gapState, setGapState] = useState<GapEditState>(() =>
    initialGapEditState(clip.gaps, clip.detected_gaps),
  );
  const [tolerance, setToleranceValue] = useState(DEFAULT_CONFIDENCE_TOLERANCE);
  const [phrases, setPhrases] = useState<ReviewPhrase[]>(() =>
    markInitialValidity(phrasesFromSegments(clip.segments), DEFAULT_CONFIDENCE_TOLERANCE),
  );
  const [drawSettings, setDrawSettings] = useState<DrawSettings>(() => ({
    ...clip.draw_settings,
  }));

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

  return {
    selectedStep,
    confirmedSteps,
    gapState,
    phrases,
    tolerance,
    drawSettings,
    selectStep: setSelectedStep,
    toggleSelectedStep: () =>
      setConfirmedSteps((current) => toggleConfirmedStep(current, selectedStep)),
    confirmAll: () => setConfirmedSteps(confirmAllSteps()),
    setGapState,
    setTolerance,
    setDrawSettings,
    phraseActions,
  };
}
