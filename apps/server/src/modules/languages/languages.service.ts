import {
  availableLanguages,
  transcriberConfigFromEnv,
} from '../../engine-adapter/engine-basics.adapter.ts';
import type { TranscriberConfig } from '../../engine-adapter/engine-basics.adapter.ts';
import { LANGUAGES, languageRequirement } from '@roughcut/shared';
import type { LanguageListResponse } from '@roughcut/shared';

const CACHE_MS = 60_000;
let cached: { key: string; at: number; value: LanguageListResponse } | undefined;

/** What enables a language no installed engine covers, given what is configured. */
function needsFor(code: string, config: TranscriberConfig): string {
  // NOTE: a configured model that does not load is the operator's likeliest mistake: say so.
  if (config.whisperModel) {
    return `Needs a working Whisper model: WHISPER_MODEL is set but ${config.whisperModel} could not be loaded`;
  }
  return languageRequirement(code);
}

/**
 * Every listed language in the spec's order (en first), each marked available when an installed
 * speech engine can transcribe it. NOTE: cached for a minute: finding out means looking for
 * binaries and model files on disk.
 */
export async function listLanguages(
  config: TranscriberConfig = transcriberConfigFromEnv(),
  now = Date.now(),
): Promise<LanguageListResponse> {
  const key = JSON.stringify(config);
  if (cached?.key === key && now - cached.at < CACHE_MS) return cached.value;
  const codes = new Set(await availableLanguages(config));
  const languages = Object.entries(LANGUAGES).map(([code, name]) => {
    const available = codes.has(code);
    return { code, name, available, needs: available ? null : needsFor(code, config) };
  });
  cached = { key, at: now, value: { languages } };
  return cached.value;
}
