// The models an analysis needs, opened before a process takes its first job: opening them
// compiles the ONNX graphs in one stretch of work that gives the event loop no turn (10 to 15 s
// on a loaded two-core machine), which inside a job would hold up every other job's heartbeat.
import { loadMoonshine } from '../transcribe/moonshine-model.ts';
import { isMoonshineUsable } from '../transcribe/moonshine-transcriber.ts';
import { transcriberConfigFromEnv } from '../languages/available-languages.ts';
import type { TranscriberConfig } from '../types.ts';
import { loadVoiceDetector } from '../vad/silero-vad.ts';

/**
 * Opens the voice detector and, when English would be transcribed offline by Moonshine (no
 * remote server, no whisper.cpp model), the recogniser. Rejects when one cannot load; the
 * analysis then reports it (or falls back) as it would have anyway.
 */
export async function warmUpAnalysis(
  config: TranscriberConfig = transcriberConfigFromEnv(),
): Promise<void> {
  await loadVoiceDetector();
  const moonshineFirst = !config.transcribeUrl && !config.whisperModel && config.moonshine === true;
  if (moonshineFirst && (await isMoonshineUsable())) await loadMoonshine();
}
