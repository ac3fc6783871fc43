import { isFillerGap } from '@roughcut/shared';
import type { Gap, Span, Word } from '@roughcut/shared';
import {
  drawnMarkerStride,
  fitChipText,
  minorTickStep,
  visibleIndexRange,
  waveformColumns,
} from './timeline-geometry.ts';
import type { HandleHit, Waveform } from './timeline-geometry.ts';
import {
  markerSpacing,
  rulerMarkers,
  timeToPixel,
  visibleDuration,
  visibleWindow,
  type Viewport,
} from './timeline.rules.ts';

// Draws the timeline's visible window on one canvas: ruler, words, waveform and gap regions.

export const TIMELINE_HEIGHT = 148;
export const RULER_HEIGHT = 26;
export const WORDS_TOP = RULER_HEIGHT + 6;
export const WORDS_HEIGHT = 22;
export const WAVE_TOP = WORDS_TOP + WORDS_HEIGHT + 6;
export const WAVE_HEIGHT = TIMELINE_HEIGHT - WAVE_TOP - 8;

export const COLORS = {
  background: '#f8fafc',
  ruler: '#ffffff',
  rulerLine: '#e2e8f0',
  minorTick: '#cbd5e1',
  tick: '#94a3b8',
  label: '#475569',
  word: '#e0e7ff',
  wordText: '#312e81',
  wordUnsure: '#fee2e2',
  wordUnsureText: '#991b1b',
  speech: '#e2e8f0',
  wave: '#64748b',
  gap: 'rgba(250, 204, 21, 0.42)',
  gapEdge: '#ca8a04',
  gapActive: '#a16207',
  filler: 'rgba(217, 70, 239, 0.30)',
  fillerStripe: 'rgba(162, 28, 175, 0.55)',
  fillerEdge: '#a21caf',
  fillerActive: '#701a75',
  fillerKept: 'rgba(217, 70, 239, 0.07)',
  selected: 'rgba(37, 99, 235, 0.16)',
  selectedEdge: '#2563eb',
  outside: 'rgba(15, 23, 42, 0.06)',
} as const;

/** Words below this confidence are tinted so doubtful recognition shows at a glance. */
const UNSURE_CONFIDENCE = 0.5;

export type TimelineScene = {
  /** Source time of the timeline's 0 (the clip window's start); the viewport is in local time. */
  origin: number;
  view: Viewport;
  /** The spans to cut: silences (yellow) and removed fillers (striped magenta). */
  gaps: readonly Gap[];
  /** Fillers left in (deleted from the cut): a dashed outline that can be removed again. */
  keptFillers?: readonly Gap[];
  words: readonly Word[];
  /** Speech the recogniser did not understand (segments without words). */
  speech: readonly Span[];
  waveform: Waveform | undefined;
  active: HandleHit | null;
  /** The gap a tap or press selected (issue 33): outlined, for Delete. */
  selectedId?: string | null;
  /** The ruler's labelled ticks (local seconds), drawn taller; their text is laid over in HTML. */
  labels?: readonly number[];
};

export function drawTimeline(
  ctx: CanvasRenderingContext2D,
  scene: TimelineScene,
  width: number,
  dpr: number,
): void {
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, width, TIMELINE_HEIGHT);
  ctx.fillStyle = COLORS.background;
  ctx.fillRect(0, 0, width, TIMELINE_HEIGHT);
  const local = visibleWindow(scene.view);
  const from = scene.origin + local.start;
  const to = scene.origin + local.end;
  const x = (source: number) => timeToPixel(source - scene.origin, scene.view, width);

  drawRuler(ctx, scene.view, width, scene.labels ?? []);
  drawWaveform(ctx, scene.waveform, from, to, width);
  drawWords(ctx, scene, from, to, x);
  drawKeptFillers(ctx, scene.keptFillers ?? [], from, to, x);
  drawGaps(ctx, scene, from, to, x);
}

/** Diagonal stripes over a rectangle: with the colour, how a filler differs from a silence. */
function drawStripes(
  ctx: CanvasRenderingContext2D,
  left: number,
  top: number,
  width: number,
  height: number,
): void {
  if (width < 2) return;
  ctx.save();
  ctx.beginPath();
  ctx.rect(left, top, width, height);
  ctx.clip();
  ctx.strokeStyle = COLORS.fillerStripe;
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  for (let at = left - height; at < left + width; at += 7) {
    ctx.moveTo(at, top + height);
    ctx.lineTo(at + height, top);
  }
  ctx.stroke();
  ctx.restore();
}

function drawKeptFillers(
  ctx: CanvasRenderingContext2D,
  fillers: readonly Gap[],
  from: number,
  to: number,
  x: (time: number) => number,
): void {
  const top = RULER_HEIGHT + 1;
  const height = TIMELINE_HEIGHT - RULER_HEIGHT - 2;
  const [fFrom, fTo] = visibleIndexRange(fillers, from, to);
  ctx.save();
  ctx.setLineDash([4, 3]);
  ctx.lineWidth = 1.5;
  for (let i = fFrom; i < fTo; i += 1) {
    const filler = fillers[i];
    if (!filler) continue;
    const left = x(filler.start);
    const width = Math.max(1, x(filler.end) - left);
    ctx.fillStyle = COLORS.fillerKept;
    ctx.fillRect(left, top, width, height);
    ctx.strokeStyle = COLORS.fillerEdge;
    ctx.strokeRect(left + 0.75, top + 0.75, Math.max(0.5, width - 1.5), height - 1.5);
  }
  ctx.restore();
}

/**
 * The ruler's ticks: unlabelled minor ones, SPEC 9's markers at the zoom's spacing, and the
 * labelled ticks (issue 33: at least 5 on screen, see rulerLabelStep), tallest.
 */
function drawRuler(
  ctx: CanvasRenderingContext2D,
  view: Viewport,
  width: number,
  labels: readonly number[],
): void {
  ctx.fillStyle = COLORS.ruler;
  ctx.fillRect(0, 0, width, RULER_HEIGHT);
  ctx.fillStyle = COLORS.rulerLine;
  ctx.fillRect(0, RULER_HEIGHT - 1, width, 1);
  const visible = visibleDuration(view.duration, view.zoom);
  const labelStep = labels.length > 1 ? (labels[1] ?? 0) - (labels[0] ?? 0) : Infinity;
  const finest = Math.min(markerSpacing(view.zoom), labelStep);
  const minor = visible > 0 ? minorTickStep(finest, width / visible) : null;
  if (minor !== null) {
    const { start, end } = visibleWindow(view);
    ctx.fillStyle = COLORS.minorTick;
    for (let i = Math.ceil(start / minor - 1e-9); i * minor <= end + 1e-9; i += 1) {
      ctx.fillRect(Math.round(timeToPixel(i * minor, view, width)), RULER_HEIGHT - 5, 1, 4);
    }
  }
  const spacing = markerSpacing(view.zoom);
  // NOTE: a long clip zoomed in has markers a pixel or two apart (0.5 s over minutes): only
  // every `stride`-th is drawn then, on round times, so they stay at least 4 px apart.
  const stride = visible > 0 ? drawnMarkerStride(spacing, width / visible) : 1;
  ctx.fillStyle = COLORS.tick;
  rulerMarkers(view).forEach((marker) => {
    if (Math.round(marker / spacing) % stride !== 0) return;
    ctx.fillRect(Math.round(timeToPixel(marker, view, width)), RULER_HEIGHT - 9, 1, 8);
  });
  ctx.fillStyle = COLORS.label;
  for (const label of labels) {
    ctx.fillRect(Math.round(timeToPixel(label, view, width)), RULER_HEIGHT - 13, 1, 12);
  }
}

function drawWaveform(
  ctx: CanvasRenderingContext2D,
  waveform: Waveform | undefined,
  from: number,
  to: number,
  width: number,
): void {
  if (!waveform) return;
  const columns = waveformColumns(waveform, from, to, Math.floor(width));
  const middle = WAVE_TOP + WAVE_HEIGHT / 2;
  ctx.fillStyle = COLORS.wave;
  for (let c = 0; c < columns.length; c += 1) {
    const half = Math.max(0.5, ((columns[c] ?? 0) * WAVE_HEIGHT) / 2);
    ctx.fillRect(c, middle - half, 1, half * 2);
  }
}

function drawWords(
  ctx: CanvasRenderingContext2D,
  scene: TimelineScene,
  from: number,
  to: number,
  x: (time: number) => number,
): void {
  ctx.font = '11px Inter, system-ui, sans-serif';
  ctx.textBaseline = 'middle';
  const [sFrom, sTo] = visibleIndexRange(scene.speech, from, to);
  for (let i = sFrom; i < sTo; i += 1) {
    const span = scene.speech[i];
    if (!span) continue;
    ctx.fillStyle = COLORS.speech;
    ctx.fillRect(x(span.start), WORDS_TOP, Math.max(1, x(span.end) - x(span.start)), WORDS_HEIGHT);
  }
  const [wFrom, wTo] = visibleIndexRange(scene.words, from, to);
  // NOTE: words a few pixels wide (a long clip zoomed out) are drawn as runs, one rectangle per
  // run of touching words, instead of thousands of slivers.
  let run: { left: number; right: number; color: string } | null = null;
  const flush = () => {
    if (run === null) return;
    ctx.fillStyle = run.color;
    ctx.fillRect(run.left, WORDS_TOP, Math.max(1, run.right - run.left), WORDS_HEIGHT);
    run = null;
  };
  for (let i = wFrom; i < wTo; i += 1) {
    const word = scene.words[i];
    if (!word) continue;
    const left = x(word.start);
    const w = Math.max(1, x(word.end) - left - 1);
    const unsure = word.confidence < UNSURE_CONFIDENCE;
    const color = unsure ? COLORS.wordUnsure : COLORS.word;
    if (w < 3) {
      if (run !== null && (run.color !== color || left > run.right + 1)) flush();
      run = run ?? { left, right: left + w, color };
      run.right = Math.max(run.right, left + w);
      continue;
    }
    flush();
    ctx.fillStyle = color;
    ctx.fillRect(left, WORDS_TOP, w, WORDS_HEIGHT);
    // NOTE: the whole word, or its start and an ellipsis, or nothing: never a letter cut in two
    // (the whole word shows on hover, focus or tap).
    const text = w < 14 ? '' : fitChipText(word.text, w - 6, (t) => ctx.measureText(t).width);
    if (text === '') continue;
    ctx.fillStyle = unsure ? COLORS.wordUnsureText : COLORS.wordText;
    ctx.fillText(text, left + 3, WORDS_TOP + WORDS_HEIGHT / 2);
  }
  flush();
}

function drawGaps(
  ctx: CanvasRenderingContext2D,
  scene: TimelineScene,
  from: number,
  to: number,
  x: (time: number) => number,
): void {
  const top = RULER_HEIGHT;
  const height = TIMELINE_HEIGHT - RULER_HEIGHT;
  const [gFrom, gTo] = visibleIndexRange(scene.gaps, from, to);
  for (let i = gFrom; i < gTo; i += 1) {
    const gap = scene.gaps[i];
    if (!gap) continue;
    const left = x(gap.start);
    const right = x(gap.end);
    const filler = isFillerGap(gap);
    ctx.fillStyle = filler ? COLORS.filler : COLORS.gap;
    ctx.fillRect(left, top, Math.max(1, right - left), height);
    if (filler) drawStripes(ctx, left, top, right - left, height);
    const grips = right - left >= 10;
    for (const side of ['start', 'end'] as const) {
      const active = scene.active?.id === gap.id && scene.active.side === side;
      const edge = side === 'start' ? left : right;
      const [edgeColor, activeColor] = filler
        ? [COLORS.fillerEdge, COLORS.fillerActive]
        : [COLORS.gapEdge, COLORS.gapActive];
      ctx.fillStyle = active ? activeColor : edgeColor;
      const w = active ? 4 : 2;
      ctx.fillRect(side === 'start' ? edge : edge - w, top, w, height);
      // A grip on each edge says it can be dragged; narrow gaps keep only the line.
      if (grips)
        ctx.fillRect(side === 'start' ? edge : edge - 5, WAVE_TOP + WAVE_HEIGHT / 2 - 9, 5, 18);
    }
    if (gap.id === scene.selectedId) {
      ctx.fillStyle = COLORS.selected;
      ctx.fillRect(left, top, Math.max(1, right - left), height);
      ctx.strokeStyle = COLORS.selectedEdge;
      ctx.lineWidth = 3;
      ctx.strokeRect(left + 1.5, top + 1.5, Math.max(1, right - left - 3), height - 3);
    }
  }
}
