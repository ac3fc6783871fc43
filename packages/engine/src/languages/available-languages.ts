// Which languages this machine can transcribe, for the engine's light entry (index.ts). NOTE: the
// recognisers are asked through a dynamic import, so a process that imports this (the API) loads
// none of them until it is asked, and never at start-up.
import type { TranscriberConfig } from '../types.ts';

const nonEmpty = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

export function transcriberConfigFromEnv(env: NodeJS.ProcessEnv = process.env): TranscriberConfig {
  return {
    whisperModel: nonEmpty(env.WHISPER_MODEL),
    transcribeUrl: nonEmpty(env.TRANSCRIBE_URL),
    transcribeApiKey: nonEmpty(env.TRANSCRIBE_API_KEY),
    transcribeModel: nonEmpty(env.TRANSCRIBE_MODEL),
    pocketsphinx: true,
    moonshine: true,
  };
}

/** Language codes some configured and installed engine can transcribe, in the spec's order. */
export async function availableLanguages(config: TranscriberConfig): Promise<string[]> {
  const factory = await import('../transcribe/transcriber-factory.ts');
  return factory.availableLanguages(config);
}
