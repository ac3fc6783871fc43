// The analysis's first two stages run side by side: ffprobe's packet scan (the keyframes only the
// render needs, and the measured length) beside ffmpeg's extraction of the sound, on two cores
// where they used to run one after the other (decision 0005, eighth pass).
import { extractAudio } from '../audio/extract-audio.ts';
import { probeMedia } from '../media/probe.ts';
import type { ProbeResult, ProgressFn } from '../types.ts';

export type ProbeAndExtractOptions = {
  signal?: AbortSignal;
  /** Called when the extraction starts (the probe's header has passed its checks). */
  onExtracting?: () => ProgressFn;
};

/**
 * Probes `inputPath` with keyframes and writes its sound as the 16 kHz mono WAV `wavPath`. The
 * extraction starts once the header is valid, so a file that is no video fails as before, with
 * the probe's error; a probe that fails later (a truncated file) stops the extraction and its
 * error is the one reported.
 */
export async function probeAndExtract(
  inputPath: string,
  wavPath: string,
  options: ProbeAndExtractOptions = {},
): Promise<ProbeResult> {
  const stop = new AbortController();
  const forward = () => stop.abort(options.signal?.reason);
  if (options.signal?.aborted) forward();
  options.signal?.addEventListener('abort', forward, { once: true });
  let headerOk: (header: ProbeResult) => void = () => undefined;
  const header = new Promise<ProbeResult>((resolve) => (headerOk = resolve));
  const probing = probeMedia(inputPath, {
    signal: stop.signal,
    keyframes: true,
    onHeader: (h) => headerOk(h),
  });
  // NOTE: a failed probe stops the extraction; its rejection is awaited below, never left unheard.
  probing.catch(() => stop.abort(new Error('probe failed')));
  try {
    const { durationS } = await Promise.race([header, probing]);
    const onProgress = options.onExtracting?.();
    try {
      await extractAudio(inputPath, wavPath, {
        signal: stop.signal,
        durationS,
        ...(onProgress ? { onProgress } : {}),
      });
    } catch (error) {
      await probing;
      throw error;
    }
    return await probing;
  } catch (error) {
    stop.abort(error);
    // NOTE: the scan is a process of its own; it has ended before the caller hears the failure.
    await probing.catch(() => undefined);
    throw error;
  } finally {
    options.signal?.removeEventListener('abort', forward);
  }
}
