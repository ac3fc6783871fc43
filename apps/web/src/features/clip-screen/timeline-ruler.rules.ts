import { markerSpacing, visibleDuration, visibleWindow, type Viewport } from './timeline.rules.ts';
import { formatClipTime } from '../../lib/time.format.ts';

// Issue 33: the ruler labels at least 5 ticks at any zoom, on SPEC 9's marker spacing.

/** The fewest labelled ticks on screen when there is room for them. */
export const MIN_RULER_LABELS = 5;

const LABEL_STEPS = [
  0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 18_000, 36_000,
];
/** Less round steps, for when none of the round ones gives 5 labels with room. */
const ODD_STEPS = [0.3, 0.4, 3, 4, 20, 180, 1200];

/** Whether one step is a whole number of the other (in tenths, so 0.5 and 1.5 compare exactly). */
const aligned = (a: number, b: number): boolean => {
  const [lo, hi] = [Math.round(a * 10), Math.round(b * 10)].sort((x, y) => x - y) as [
    number,
    number,
  ];
  return lo > 0 && hi % lo === 0;
};

/** The labelled ticks' times in [from, to]: multiples of `step` with `labelPx` of room after. */
export function rulerLabelTimes(
  step: number,
  from: number,
  to: number,
  pxPerSecond: number,
  labelPx: number,
): number[] {
  const room = pxPerSecond > 0 ? labelPx / pxPerSecond : 0;
  const labels: number[] = [];
  for (let i = Math.ceil(from / step - 1e-9); i * step <= to + 1e-9; i += 1) {
    const time = Math.round(i * step * 10) / 10 + 0;
    if (time <= to - room + 1e-9) labels.push(time);
  }
  return labels;
}

/**
 * The step of the ruler's labelled ticks in the visible window [from, to] (local seconds).
 * NOTE (how it follows SPEC 9): the spec's marker spacing for the zoom is the base and stays the
 * step whenever it puts at least 5 labels on screen, each with `labelPx` of room. Otherwise the
 * step is the nearest one to it that does, a divisor of the spacing (finer labelled ticks, among
 * which the spec's markers still fall, when it gives fewer than 5) or a multiple of it (when its
 * labels would overlap on a long clip, while its markers are still drawn as ticks); only when none
 * of those can, another round step. When no step can do both (a timeline too narrow for 5
 * labels), labels that do not overlap come first.
 */
export function rulerLabelStep(
  spacing: number,
  from: number,
  to: number,
  pxPerSecond: number,
  labelPx: number,
): number {
  if (!(pxPerSecond > 0) || !(to > from)) return spacing;
  const steps = [spacing, ...[...LABEL_STEPS, ...ODD_STEPS].filter((s) => s !== spacing)];
  // NOTE: a step too fine for its labels is left out before they are counted (it has many).
  const candidates = steps
    .filter((step) => step * pxPerSecond >= labelPx)
    .map((step) => ({
      step,
      count: rulerLabelTimes(step, from, to, pxPerSecond, labelPx).length,
      distance: Math.abs(Math.log(step / spacing)),
      // NOTE: a step that does not divide the spacing (nor it the step) labels ticks off the
      // spec's markers: taken only when none that does gives 5 (a very short clip zoomed in).
      rank: (aligned(step, spacing) ? 0 : 2) + (ODD_STEPS.includes(step) ? 1 : 0),
    }));
  if (candidates.length === 0) return Math.max(...steps);
  const both = candidates.filter((c) => c.count >= MIN_RULER_LABELS);
  const pool = both.length > 0 ? both : candidates;
  const best = pool.sort(
    (a, b) =>
      (both.length > 0 ? 0 : b.count - a.count) ||
      a.rank - b.rank ||
      a.distance - b.distance ||
      b.step - a.step,
  )[0];
  return best?.step ?? spacing;
}

/** A label's width in pixels; by default about 5.3 px a character (11 px Inter). */
export type MeasureText = (text: string) => number;
const estimate: MeasureText = (text) => text.length * 5.3;
/** Between a tick and its label, and after the label. */
const LABEL_PAD_PX = 7;

/** The ruler's labelled ticks for a view `widthPx` wide, and their step. */
export function rulerLabelsFor(
  view: Viewport,
  widthPx: number,
  measure: MeasureText = estimate,
): { step: number; labels: number[]; decimals: 0 | 1 } {
  const visible = visibleDuration(view.duration, view.zoom);
  const spacing = markerSpacing(view.zoom);
  if (!(visible > 0) || !(widthPx > 0)) return { step: spacing, labels: [], decimals: 0 };
  const { start, end } = visibleWindow(view);
  const pxPerSecond = widthPx / visible;
  // NOTE: the room depends on the step (tenths below a second), so whole seconds are tried first.
  const roomFor = (decimals: 0 | 1) =>
    Math.max(measure(formatClipTime(start, decimals)), measure(formatClipTime(end, decimals))) +
    LABEL_PAD_PX;
  let decimals: 0 | 1 = 0;
  let room = roomFor(0);
  let step = rulerLabelStep(spacing, start, end, pxPerSecond, room);
  if (step < 1) {
    decimals = 1;
    room = roomFor(1);
    step = rulerLabelStep(spacing, start, end, pxPerSecond, room);
    if (step >= 1) decimals = 0;
  }
  return { step, labels: rulerLabelTimes(step, start, end, pxPerSecond, room), decimals };
}
