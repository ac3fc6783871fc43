import type { ClipEditStep, Gap } from '@roughcut/shared';

export type PreviewCut = {
  /** The gaps the render will cut, so the preview skips exactly these. */
  gaps: readonly Gap[];
  /** Whether they are the gap edits made on this screen (Speech Gaps confirmed). */
  edited: boolean;
};

/**
 * What the Subtitles step's preview cuts, for the current confirmation state: Submit sends the
 * edited gaps only while Speech Gaps is confirmed; otherwise the render keeps the clip's stored
 * cut (`clip.gaps`: an earlier confirmed cut, else the detected gaps, as the server's clipPlan).
 */
export function previewCut(
  confirmedSteps: readonly ClipEditStep[],
  editedGaps: readonly Gap[],
  storedGaps: readonly Gap[],
): PreviewCut {
  return confirmedSteps.includes('speech-gaps')
    ? { gaps: editedGaps, edited: true }
    : { gaps: storedGaps, edited: false };
}
