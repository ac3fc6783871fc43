import { LANGUAGE_CODES, LANGUAGES, isLanguageCode } from '@roughcut/shared';
import { EngineError } from '../types.ts';
import type { Transcriber, TranscriberConfig } from '../types.ts';
import { createMoonshineTranscriber, isMoonshineUsable } from './moonshine-transcriber.ts';
import { createOpenAiTranscriber } from './openai-transcriber.ts';
import { isPocketsphinxInstalled } from '../media/pocketsphinx-install.ts';
import { createPocketsphinxTranscriber } from './pocketsphinx-transcriber.ts';
import {
  checkWhisperModel,
  createWhisperTranscriber,
  loadWhisperBinding,
} from './whisper-transcriber.ts';

/** WHISPER_MODEL names a ggml file and the native binding loads on this machine. */
async function whisperUsable(config: TranscriberConfig): Promise<boolean> {
  if (!config.whisperModel) return false;
  return Promise.all([checkWhisperModel(config.whisperModel), loadWhisperBinding()]).then(
    () => true,
    () => false,
  );
}

const pocketsphinxUsable = async (config: TranscriberConfig) =>
  config.pocketsphinx !== false && (await isPocketsphinxInstalled());

const moonshineUsable = async (config: TranscriberConfig) =>
  config.moonshine === true && (await isMoonshineUsable());

/** Language codes some configured and installed engine can transcribe, in the spec's order. */
// NOTE: the light entry's languages/available-languages.ts loads this file when it is asked.
export async function availableLanguages(config: TranscriberConfig): Promise<string[]> {
  if (config.transcribeUrl || (await whisperUsable(config))) return [...LANGUAGE_CODES];
  return (await moonshineUsable(config)) || (await pocketsphinxUsable(config)) ? ['en'] : [];
}

export const languageName = (code: string): string =>
  isLanguageCode(code) ? LANGUAGES[code] : code;

/**
 * The best engine for the language: remote, then whisper, then for English Moonshine tiny, with
 * pocketsphinx as the fallback when the Moonshine model cannot load.
 */
export async function createTranscriber(
  config: TranscriberConfig,
  language: string,
): Promise<Transcriber> {
  if (isLanguageCode(language)) {
    if (config.transcribeUrl) {
      return createOpenAiTranscriber({
        url: config.transcribeUrl,
        apiKey: config.transcribeApiKey,
        model: config.transcribeModel,
      });
    }
    let whisperError: Error | undefined;
    if (config.whisperModel) {
      try {
        return await createWhisperTranscriber(config.whisperModel);
      } catch (error) {
        whisperError = error instanceof Error ? error : new Error(String(error));
      }
    }
    if (language === 'en' && (await moonshineUsable(config))) {
      return createMoonshineTranscriber();
    }
    if (language === 'en' && (await pocketsphinxUsable(config))) {
      return createPocketsphinxTranscriber();
    }
    // A broken WHISPER_MODEL says more than "unavailable": it tells the operator what to fix.
    if (whisperError) throw whisperError;
  }
  const available = await availableLanguages(config);
  const names = available.map(languageName).join(', ') || 'none';
  throw new EngineError(
    'language_unavailable',
    `Transcription in ${languageName(language)} is not available on this server. Available languages: ${names}.`,
  );
}
