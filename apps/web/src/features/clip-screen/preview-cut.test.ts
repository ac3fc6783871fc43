import { DEFAULT_DRAW_SETTINGS, clipKeptSpans } from '@roughcut/shared';
import type { ClipEditStep, Gap } from '@roughcut/shared';
import { describe, expect, it } from 'vitest';
import { previewCut } from './preview-cut.ts';
import { buildClipConfirmPayload } from './clip-confirm.rules.ts';

const stored: Gap[] = [
  { id: 'gap-1', start: 2, end: 3 },
  { id: 'gap-2', start: 5, end: 6 },
];
// One edge dragged, one gap deleted.
const edited: Gap[] = [{ id: 'gap-1', start: 1.5, end: 3 }];
const window = { start: 0, end: 10 };

/** The gaps the server renders for a submit: the payload's cut, else the stored cut. */
const renderedGaps = (steps: ClipEditStep[]): readonly Gap[] => {
  const result = buildClipConfirmPayload({
    confirmedSteps: steps,
    gaps: edited,
    drawSettings: DEFAULT_DRAW_SETTINGS,
    phrases: [],
  });
  return result.ok && result.payload.cut !== undefined ? result.payload.cut : stored;
};

describe('previewCut', () => {
  it('plays the stored cut while Speech Gaps is not confirmed', () => {
    expect(previewCut(['subtitles'], edited, stored)).toEqual({ gaps: stored, edited: false });
    expect(previewCut([], edited, stored).gaps).toBe(stored);
  });

  it('plays the edited gaps once Speech Gaps is confirmed', () => {
    expect(previewCut(['speech-gaps'], edited, stored)).toEqual({ gaps: edited, edited: true });
    expect(previewCut(['subtitles', 'speech-gaps'], edited, stored).edited).toBe(true);
  });

  it.each<[ClipEditStep[]]>([[['subtitles']], [['speech-gaps']], [['speech-gaps', 'subtitles']]])(
    'keeps the same spans as the render for %j',
    (steps) => {
      expect(clipKeptSpans(window, previewCut(steps, edited, stored).gaps)).toEqual(
        clipKeptSpans(window, renderedGaps(steps)),
      );
    },
  );
});
