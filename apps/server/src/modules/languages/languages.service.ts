import { availableLanguages, transcriberConfigFromEnv } from '@roughcut/engine';
import { LANGUAGES, isLanguageCode } from '@roughcut/shared';
import type { LanguageListResponse } from '@roughcut/shared';

const CACHE_MS = 60_000;
let cached: { at: number; value: LanguageListResponse } | undefined;

/**
 * The languages the installed speech engines can transcribe, in the spec's order (en first).
 * NOTE: cached for a minute: finding out means looking for binaries and model files on disk.
 */
export async function listAvailableLanguages(now = Date.now()): Promise<LanguageListResponse> {
  if (cached && now - cached.at < CACHE_MS) return cached.value;
  const codes = new Set(await availableLanguages(transcriberConfigFromEnv()));
  const languages = Object.entries(LANGUAGES)
    .filter(([code]) => codes.has(code) && isLanguageCode(code))
    .map(([code, name]) => ({ code, name }));
  cached = { at: now, value: { languages } };
  return cached.value;
}
