// The long-form render: the kept spans of the whole video joined, frame-accurate, A/V in sync.
import { copyFile } from 'node:fs/promises';
import type { ProbeResult, ProgressFn, Span } from '../types.ts';
import { assFilter } from './cut-graph.ts';
import { runFullEncode, spansToSeconds, withTempDir, writeAssFile } from './render-common.ts';
import type { RenderSubtitles } from './render-common.ts';
import { runSmartCut } from './smart-cut.ts';
import { smartCutBlocker } from './smart-cut-parts.ts';
import { assertSomethingKept, pictureShortfallS, renderFps, snapSpans } from '../frames/spans.ts';

export type LongFormOptions = {
  outPath: string;
  keep: Span[];
  probe: ProbeResult;
  subtitles?: RenderSubtitles | null;
  /** Where to keep a copy of the burned subtitle script. */
  subtitlesOutPath?: string;
  /** Folder of the subtitle font files for libass. */
  fontsDir?: string;
  /** Copy untouched GOPs and re-encode only around cuts, where the input allows (default true). */
  smartCut?: boolean;
  signal?: AbortSignal;
  onProgress?: ProgressFn;
};

export type LongFormResult = {
  outPath: string;
  durationS: number;
  method: 'smart-cut' | 'full-encode';
};

export async function renderLongForm(
  inputPath: string,
  options: LongFormOptions,
): Promise<LongFormResult> {
  const { probe, outPath, signal, onProgress } = options;
  const spans = snapSpans(options.keep, renderFps(probe), probe.durationS);
  assertSomethingKept(spans);
  const subtitles = options.subtitles ?? null;
  // NOTE: copied GOPs cannot hold the last picture where the sound goes on after it.
  const useSmartCut =
    (options.smartCut ?? true) &&
    smartCutBlocker(probe, !!subtitles) === null &&
    pictureShortfallS(spans, renderFps(probe), probe) === 0;
  return withTempDir(outPath, async (dir) => {
    if (useSmartCut) {
      const durationS = await runSmartCut({
        inputPath,
        outPath,
        dir,
        spans,
        probe,
        signal,
        onProgress,
      });
      return { outPath, durationS, method: 'smart-cut' };
    }
    const assPath = subtitles
      ? await writeAssFile(dir, subtitles, spansToSeconds(spans, renderFps(probe)))
      : null;
    if (assPath && options.subtitlesOutPath) await copyFile(assPath, options.subtitlesOutPath);
    const videoTail = assPath ? [assFilter(assPath, options.fontsDir)] : [];
    const durationS = await runFullEncode({
      inputPath,
      outPath,
      dir,
      spans,
      probe,
      videoTail,
      signal,
      onProgress,
    });
    return { outPath, durationS, method: 'full-encode' };
  });
}
