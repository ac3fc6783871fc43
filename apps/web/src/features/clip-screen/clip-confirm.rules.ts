import { CLIP_EDIT_STEPS, NOTHING_CONFIRMED_MESSAGE, sortGaps } from '@roughcut/shared';
import type {
  ClipEditStep,
  ConfirmPhrase,
  CustomConfirmClipRequest,
  DrawSettings,
  Gap,
  JobStatus,
} from '@roughcut/shared';

// SPEC 2.10, 4.4 and 5 "Clip confirmation submit".

export const CLIP_EDIT_STEP_LABELS: Record<ClipEditStep, string> = {
  'speech-gaps': 'Speech Gaps',
  subtitles: 'Subtitles',
};

export const INITIAL_SELECTED_STEP: ClipEditStep = 'speech-gaps';

/** Confirm Edit / Unconfirm Edit: toggles the selected step in or out of the confirmed list. */
export const toggleConfirmedStep = (
  confirmed: readonly ClipEditStep[],
  step: ClipEditStep,
): ClipEditStep[] =>
  confirmed.includes(step) ? confirmed.filter((s) => s !== step) : [...confirmed, step];

/** Confirm All confirms both steps. */
export const confirmAllSteps = (): ClipEditStep[] => [...CLIP_EDIT_STEPS];

/** The top bar's toggle reads Unconfirm Edit when the selected step is confirmed. */
export const confirmEditButtonLabel = (
  confirmed: readonly ClipEditStep[],
  selected: ClipEditStep,
): 'Confirm Edit' | 'Unconfirm Edit' =>
  confirmed.includes(selected) ? 'Unconfirm Edit' : 'Confirm Edit';

/** The clip screen is editable only while awaiting confirmation and not yet confirmed. */
export const isClipEditable = (clip: { status: JobStatus; confirmed: boolean }): boolean =>
  clip.status === 'awaiting-confirmation' && !clip.confirmed;

/** What the clip screen shows: failure, loading (confirming or running), or the editor. */
export const clipScreenState = (
  clip: { status: JobStatus; confirmed: boolean } | null | undefined,
  confirming: boolean,
): 'failed' | 'loading' | 'editor' | 'view' => {
  if (clip === null || clip === undefined) return 'loading';
  if (clip.status === 'failed') return 'failed';
  if (
    confirming ||
    clip.status === 'processing' ||
    (clip.status === 'awaiting-confirmation' && clip.confirmed)
  )
    return 'loading';
  return isClipEditable(clip) ? 'editor' : 'view';
};

/** The edited phrase list as sent: in time order, text trimmed, client-only fields dropped. */
export const phrasesForConfirm = (
  phrases: readonly { start: number; end: number; phrase: string }[],
): ConfirmPhrase[] =>
  [...phrases]
    .sort((a, b) => a.start - b.start || a.end - b.end)
    .map((p) => ({ start: p.start, end: p.end, phrase: p.phrase.trim() }));

/**
 * The cut as a confirm sends it: sorted, each gap with its kind (issue 33: without it the server
 * stores a cut filler as a silence, and it comes back drawn and counted as one).
 */
export const cutForConfirm = (gaps: readonly Gap[]): Gap[] =>
  sortGaps(gaps).map(({ id, start, end, kind }) => ({
    id,
    start,
    end,
    ...(kind === undefined ? {} : { kind }),
  }));

/**
 * Submit Confirm: the payload, or the alert when nothing is confirmed. The cut (the gaps still in
 * the list, i.e. not deleted) goes only if Speech Gaps is confirmed; the subtitle settings and the
 * edited phrases (text changes and deletions applied) only if Subtitles is.
 */
export const buildClipConfirmPayload = (input: {
  confirmedSteps: readonly ClipEditStep[];
  gaps: readonly Gap[];
  drawSettings: DrawSettings;
  phrases: readonly { start: number; end: number; phrase: string }[];
}): { ok: true; payload: CustomConfirmClipRequest } | { ok: false; error: string } => {
  const cut = input.confirmedSteps.includes('speech-gaps');
  const subtitle = input.confirmedSteps.includes('subtitles');
  if (!cut && !subtitle) return { ok: false, error: NOTHING_CONFIRMED_MESSAGE };
  return {
    ok: true,
    payload: {
      ...(cut ? { cut: cutForConfirm(input.gaps) } : {}),
      ...(subtitle
        ? { subtitle: { ...input.drawSettings }, phrases: phrasesForConfirm(input.phrases) }
        : {}),
    },
  };
};
