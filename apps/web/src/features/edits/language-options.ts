import { LANGUAGES } from '@roughcut/shared';
import type { LanguageOption } from '@roughcut/shared';

/** Whether the server has said which languages it can transcribe. */
export type LanguagesStatus = 'checking' | 'failed' | 'known';

export type LanguageGroup = {
  /** null for the languages this server can transcribe. */
  needs: string | null;
  languages: LanguageOption[];
};

/**
 * Every spec language, usable while the server's answer is pending or failed. NOTE: marked
 * available, since only the server knows its engines; a job it cannot transcribe fails saying so.
 */
export const ALL_LANGUAGES: LanguageOption[] = Object.entries(LANGUAGES).map(([code, name]) => ({
  code,
  name,
  available: true,
  needs: null,
}));

/**
 * What the language select offers: the server's list once it answered with one, otherwise every
 * spec language while the answer is pending or failed.
 */
export function offeredLanguages(
  answered: readonly LanguageOption[] | undefined,
  failed: boolean,
): { languages: readonly LanguageOption[]; status: LanguagesStatus } {
  if (answered?.length) return { languages: answered, status: 'known' };
  return { languages: ALL_LANGUAGES, status: failed ? 'failed' : 'checking' };
}

/** Available languages first, then one group per reason, each in the spec's order. */
export function groupLanguages(languages: readonly LanguageOption[]): LanguageGroup[] {
  const groups: LanguageGroup[] = [{ needs: null, languages: [] }];
  for (const language of languages) {
    const needs = language.available ? null : (language.needs ?? 'Not available on this server');
    let group = groups.find((g) => g.needs === needs);
    if (!group) {
      group = { needs, languages: [] };
      groups.push(group);
    }
    group.languages.push(language);
  }
  return groups.filter((g) => g.languages.length > 0);
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** The line under the select: what can be transcribed here and what the rest need. */
export function languageHelp(languages: readonly LanguageOption[]): string {
  const available = languages.filter((l) => l.available);
  const others = languages.length - available.length;
  if (others === 0) return `This server can transcribe all ${languages.length} languages.`;
  if (available.length === 0) {
    return 'No language can be transcribed on this server yet: the list says what each needs.';
  }
  const names =
    available.length <= 3
      ? available.map((l) => l.name).join(', ')
      : `${available.length} languages`;
  const needs = groupLanguages(languages).find((g) => g.needs !== null)?.needs;
  return `${names} ${available.length === 1 ? 'is' : 'are'} available here; the other ${others} ${others === 1 ? 'language' : 'languages'} ${
    needs ? lowerFirst(needs).replace(/^needs /, 'need ') : 'are not available'
  }.`;
}
