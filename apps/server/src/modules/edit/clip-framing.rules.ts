// A short's framing plan (issue 21) against the clip as it stands: the stored plan is the clip's
// only while it was planned for the clip's framing and window; otherwise the clip needs planning
// again (a changed framing or a moved window), and meanwhile the preview says so and the render
// finds the path itself.
import type { ClipFramingResponse, ClipReframe, FramingPlan } from '@roughcut/shared';
import type { StoredFraming } from '../../db/tables/clips.schema.ts';

export type ClipFramingSource = {
  isLongForm: boolean;
  reframe: ClipReframe;
  startS: number;
  endS: number;
  framing: StoredFraming | null;
};

/** The framing that needs a plan: a short followed or split. Long form keeps the whole picture. */
export const plannedFraming = (
  clip: Pick<ClipFramingSource, 'isLongForm' | 'reframe'>,
): Exclude<ClipReframe, 'centre'> | null =>
  clip.isLongForm || clip.reframe === 'centre' ? null : clip.reframe;

/** The stored plan when it is the clip's: planned for its framing and its window. */
export function currentFramingPlan(clip: ClipFramingSource): FramingPlan | null {
  const asked = plannedFraming(clip);
  const stored = clip.framing;
  if (!asked || !stored) return null;
  const same = stored.asked === asked && stored.startS === clip.startS && stored.endS === clip.endS;
  return same ? stored.plan : null;
}

/** A short followed or split whose plan is missing or stale: the framing job plans it. */
export const needsFramingPlan = (clip: ClipFramingSource): boolean =>
  plannedFraming(clip) !== null && currentFramingPlan(clip) === null;

/** GET .../framing: centre and long form at once; follow and split once their plan is stored. */
export function framingResponse(clip: ClipFramingSource): ClipFramingResponse {
  if (!plannedFraming(clip)) return { state: 'ready', plan: { mode: 'centre' } };
  const plan = currentFramingPlan(clip);
  return plan ? { state: 'ready', plan } : { state: 'pending', plan: null };
}
