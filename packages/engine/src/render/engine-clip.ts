// One clip rendered as long form or as a vertical short from its plan: the kept spans, the
// phrases and the style. The server hands over the plan it stored; the CLI makes one from a clip.
import type { DrawSettings } from '@roughcut/shared';
import { clipKeptSpans } from '@roughcut/shared';
import type { EngineClip } from '../edit/clips.ts';
import type { Gap, Phrase, ProbeResult, ProgressFn, Span } from '../types.ts';
import { planReframe } from '../reframe/plan-reframe.ts';
import type { ReframeOutcome } from '../reframe/plan-reframe.ts';
import { renderLongForm } from './long-form.ts';
import type { ReframeMode } from '../frames/crop.ts';
import { renderShortClip, SHORT_HEIGHT, SHORT_WIDTH } from './short-clip.ts';

export type EngineClipRenderOptions = {
  clip: EngineClip;
  probe: ProbeResult;
  outPath: string;
  removeGaps: Gap[];
  subtitles: DrawSettings | null;
  /** Where to keep a copy of the subtitle script that was burned in (none burned: not written). */
  subtitlesOutPath?: string;
  /** The subtitle fonts folder for libass (the server's; see docs/fonts.md). */
  fontsDir?: string;
  smartCut?: boolean;
  /** Shorts only: centre crop (default), follow the speaker, or split two people. */
  reframe?: ReframeMode;
  signal?: AbortSignal;
  onProgress?: ProgressFn;
};

/** What one clip renders, computed once per clip (the server's clip plan is one). */
export type ClipRenderPlan = {
  isLongForm: boolean;
  /** The source spans to join, in order: the clip's window minus the gaps to remove. */
  keptSpans: Span[];
  /** The phrases to burn ('' ones burn nothing), each with its words. */
  segments: Phrase[];
  /** The style to burn, or null for no subtitles. */
  subtitles: DrawSettings | null;
};

export type ClipPlanRenderOptions = Omit<
  EngineClipRenderOptions,
  'clip' | 'removeGaps' | 'subtitles'
> & { plan: ClipRenderPlan };

export type EngineClipRenderResult = {
  outPath: string;
  durationS: number;
  method: 'smart-cut' | 'full-encode';
  keep: Span[];
  /** Shorts framed other than by the centre crop: the plan that was rendered. */
  reframe?: ReframeOutcome;
};

/** The clip's source window; a clip without a window falls back to its segments' range. */
export function clipWindow(clip: EngineClip): Span {
  if (clip.end > clip.start) return { start: clip.start, end: clip.end };
  if (!clip.segments.length) return { start: clip.start, end: clip.end };
  return {
    start: Math.min(...clip.segments.map((s) => s.start)),
    end: Math.max(...clip.segments.map((s) => s.end)),
  };
}

/** The shared kept-spans rule, so the render keeps exactly what the preview plays. */
export const clipKeep = (clip: EngineClip, removeGaps: readonly Gap[]): Span[] =>
  clipKeptSpans(clipWindow(clip), removeGaps);

/** An engine clip and the gaps to remove, rendered through its plan. */
export async function renderEngineClip(
  inputPath: string,
  options: EngineClipRenderOptions,
): Promise<EngineClipRenderResult> {
  const { clip, removeGaps, subtitles, ...rest } = options;
  const plan: ClipRenderPlan = {
    isLongForm: clip.is_long_form,
    keptSpans: clipKeep(clip, removeGaps),
    segments: clip.segments,
    subtitles,
  };
  return renderClipPlan(inputPath, { ...rest, plan });
}

export async function renderClipPlan(
  inputPath: string,
  options: ClipPlanRenderOptions,
): Promise<EngineClipRenderResult> {
  const { plan, probe, outPath, signal, onProgress } = options;
  const keep = plan.keptSpans;
  const subtitles = plan.subtitles ? { segments: plan.segments, settings: plan.subtitles } : null;
  if (plan.isLongForm) {
    const result = await renderLongForm(inputPath, {
      outPath,
      keep,
      probe,
      subtitles,
      subtitlesOutPath: options.subtitlesOutPath,
      fontsDir: options.fontsDir,
      smartCut: options.smartCut,
      signal,
      onProgress,
    });
    return { ...result, keep };
  }
  const reframe =
    options.reframe && options.reframe !== 'centre'
      ? await planReframe(inputPath, probe, {
          mode: options.reframe,
          keep,
          speech: plan.segments.map((s) => ({ start: s.start, end: s.end })),
          width: SHORT_WIDTH,
          height: SHORT_HEIGHT,
          signal,
        })
      : undefined;
  const result = await renderShortClip(inputPath, {
    reframe,
    outPath,
    keep,
    probe,
    subtitles,
    subtitlesOutPath: options.subtitlesOutPath,
    fontsDir: options.fontsDir,
    signal,
    onProgress,
  });
  return { ...result, method: 'full-encode', keep, ...(reframe ? { reframe } : {}) };
}
