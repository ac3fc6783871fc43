// A short's framing plans (issue 21) against the clip as it stands: one face track gives the
// follow and the split plan, stored with the window they were planned for, so they are the clip's
// whichever framing it has or the clip screen picks, until the window moves; then the clip needs
// planning again, and meanwhile the preview says so and the render finds the path itself.
import type { ClipFramingResponse, ClipReframe, FramingPlan } from '@roughcut/shared';
import type { StoredFraming } from '../../db/tables/clips.schema.ts';

export type ClipFramingSource = {
  isLongForm: boolean;
  reframe: ClipReframe;
  startS: number;
  endS: number;
  framing: StoredFraming | null;
};

type PlannedReframe = Exclude<ClipReframe, 'centre'>;

/**
 * The framing that needs a plan: a short followed or split (`reframe`: a pick, else the clip's
 * own framing). Long form keeps the whole picture; centre needs none.
 */
export const plannedFraming = (
  clip: Pick<ClipFramingSource, 'isLongForm' | 'reframe'>,
  reframe: ClipReframe = clip.reframe,
): PlannedReframe | null => (clip.isLongForm || reframe === 'centre' ? null : reframe);

/** The stored plans when they were planned for the clip's window. */
export function windowPlans(clip: ClipFramingSource): StoredFraming | null {
  const stored = clip.framing;
  return stored && stored.startS === clip.startS && stored.endS === clip.endS ? stored : null;
}

/** The stored plan of the clip's own framing when it is current; null for centre and long form. */
export function currentFramingPlan(clip: ClipFramingSource): FramingPlan | null {
  const asked = plannedFraming(clip);
  return asked ? (windowPlans(clip)?.[asked] ?? null) : null;
}

/** A short followed or split whose plans are missing or stale: the framing job plans it. */
export const needsFramingPlan = (clip: ClipFramingSource): boolean =>
  plannedFraming(clip) !== null && windowPlans(clip) === null;

/**
 * The clips one frame-clips job plans: the one it names (the clip screen asked for a pick, so
 * any short, even a centred one), else every short whose own framing needs a plan. A short whose
 * plans for its window are stored already is left alone, so a retry or a repeated job is cheap.
 */
export function clipsToFrame<C extends ClipFramingSource & { id: string }>(
  clips: readonly C[],
  clipId?: string,
): C[] {
  if (clipId === undefined) return clips.filter(needsFramingPlan);
  return clips.filter((c) => c.id === clipId && !c.isLongForm && windowPlans(c) === null);
}

/**
 * GET .../framing for a framing (`reframe`: a pick, else the clip's own): centre and long form at
 * once; follow and split once the plans for the clip's window are stored.
 */
export function framingResponse(
  clip: ClipFramingSource,
  reframe: ClipReframe = clip.reframe,
): ClipFramingResponse {
  const asked = plannedFraming(clip, reframe);
  if (!asked) return { state: 'ready', plan: { mode: 'centre' } };
  const plans = windowPlans(clip);
  return plans ? { state: 'ready', plan: plans[asked] } : { state: 'pending', plan: null };
}
