// The server's one call per clip: its kept spans (window minus the gaps to remove), rendered as
// long form or as a vertical short.
import type { DrawSettings } from '@roughcut/shared';
import { clipKeptSpans } from '@roughcut/shared';
import type { EngineClip } from '../edit/clips.ts';
import type { Gap, ProbeResult, ProgressFn, Span } from '../types.ts';
import { planReframe } from '../reframe/plan-reframe.ts';
import type { ReframeOutcome } from '../reframe/plan-reframe.ts';
import { renderLongForm } from './long-form.ts';
import type { ReframeMode } from './reframe.ts';
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

export async function renderEngineClip(
  inputPath: string,
  options: EngineClipRenderOptions,
): Promise<EngineClipRenderResult> {
  const { clip, probe, outPath, signal, onProgress } = options;
  const keep = clipKeep(clip, options.removeGaps);
  const subtitles = options.subtitles
    ? {
        segments: clip.segments.map((s) => ({
          start: s.start,
          end: s.end,
          phrase: s.phrase,
          words: s.words,
        })),
        settings: options.subtitles,
      }
    : null;
  if (clip.is_long_form) {
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
          speech: clip.segments.map((s) => ({ start: s.start, end: s.end })),
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
