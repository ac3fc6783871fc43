// A vertical short clip: kept spans joined, centre-cropped to 9:16, scaled, subtitles burned in.
import { copyFile } from 'node:fs/promises';
import type { ProbeResult, ProgressFn, Span } from '../types.ts';
import { assFilter } from './cut-graph.ts';
import { centreCrop, reframeFilters } from './reframe.ts';
import { runFullEncode, spansToSeconds, withTempDir, writeAssFile } from './render-common.ts';
import type { RenderSubtitles } from './render-common.ts';
import { assertSomethingKept, renderFps, snapSpans } from './spans.ts';

export const SHORT_WIDTH = 1080;
export const SHORT_HEIGHT = 1920;

export type ShortClipRenderOptions = {
  outPath: string;
  keep: Span[];
  probe: ProbeResult;
  subtitles?: RenderSubtitles | null;
  /** Where to keep a copy of the burned subtitle script. */
  subtitlesOutPath?: string;
  width?: number;
  height?: number;
  /** Folder of extra font files the subtitles name; OS fonts are found by fontconfig anyway. */
  fontsDir?: string;
  signal?: AbortSignal;
  onProgress?: ProgressFn;
};

export async function renderShortClip(
  inputPath: string,
  options: ShortClipRenderOptions,
): Promise<{ outPath: string; durationS: number }> {
  const { probe, outPath } = options;
  const width = options.width ?? SHORT_WIDTH;
  const height = options.height ?? SHORT_HEIGHT;
  const spans = snapSpans(options.keep, renderFps(probe), probe.durationS);
  assertSomethingKept(spans);
  return withTempDir(outPath, async (dir) => {
    const videoTail = reframeFilters(centreCrop(probe, width, height), width, height);
    if (options.subtitles) {
      const assPath = await writeAssFile(
        dir,
        options.subtitles,
        spansToSeconds(spans, renderFps(probe)),
      );
      if (options.subtitlesOutPath) await copyFile(assPath, options.subtitlesOutPath);
      videoTail.push(assFilter(assPath, options.fontsDir));
    }
    const durationS = await runFullEncode({
      inputPath,
      outPath,
      dir,
      spans,
      probe,
      videoTail,
      signal: options.signal,
      onProgress: options.onProgress,
    });
    return { outPath, durationS };
  });
}
