import { z } from 'zod';

// GET /api/manage/languages → {languages: [{code, name, available, needs}]}: every language of
// SPEC 5 (about 99 codes, en first), each saying whether the server's installed speech engines can
// transcribe it and, when not, what would enable it (SPEC 2.7 "Select Language", default en).
// NOTE: not in the spec's call table; the create panel uses it to disable what cannot work.

export const languageOptionSchema = z.object({
  code: z.string().min(1),
  name: z.string(),
  available: z.boolean(),
  /** For an unavailable language: what enables it, in words ("Needs a Whisper model ..."). */
  needs: z.string().nullable(),
});
export type LanguageOption = z.infer<typeof languageOptionSchema>;

export const languageListResponseSchema = z.object({ languages: z.array(languageOptionSchema) });
export type LanguageListResponse = z.infer<typeof languageListResponseSchema>;
