import { z } from 'zod';

/**
 * GET /api/manage/languages → {languages: [{code, name}]}: the transcription languages the
 * server's installed speech engines support (SPEC 2.7 "Select Language", default en).
 * NOTE: not in the spec's call table; the create panel uses it to offer only what can work.
 */
export const LANGUAGES_ROUTE = '/api/manage/languages';

export const languageOptionSchema = z.object({ code: z.string().min(1), name: z.string() });
export type LanguageOption = z.infer<typeof languageOptionSchema>;

export const languageListResponseSchema = z.object({ languages: z.array(languageOptionSchema) });
export type LanguageListResponse = z.infer<typeof languageListResponseSchema>;
