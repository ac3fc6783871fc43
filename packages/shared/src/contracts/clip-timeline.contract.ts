import { z } from 'zod';

// SPEC section 3 "Clip" and "Gap": the words, segments and gaps a clip is made of. All times are
// seconds of the SOURCE video: the clip screen plays the source restricted to the clip's
// [start, end].

const seconds = z.number().min(0).finite();

/** A recognised word; confidence 0 (unsure) to 1 (certain). */
export const wordSchema = z.object({
  text: z.string(),
  start: seconds,
  end: seconds,
  confidence: z.number().min(0).max(1),
});
export type Word = z.infer<typeof wordSchema>;

/**
 * A clip segment {start, end, phrase} with its words (the server always sends them). A segment
 * with `phrase: ''` and no words is speech the audio shows but the recogniser did not understand:
 * it is kept uncut and burns no subtitle; the user may type its text or delete the phrase.
 */
export const segmentSchema = z
  .object({
    start: seconds,
    end: seconds,
    phrase: z.string(),
    words: z.array(wordSchema).optional(),
  })
  .refine((s) => s.end >= s.start, { error: 'A segment cannot end before it starts.' });
export type Segment = z.infer<typeof segmentSchema>;

/** A span of the source video, seconds: a clip's window, or a kept part a render joins. */
export type Span = { start: number; end: number };

/**
 * A subtitle phrase as the engine makes and burns it: a segment with the words it was made of
 * (the server stores segments so; the clip screen's editable form is ReviewPhrase).
 */
export type Phrase = { start: number; end: number; phrase: string; words: Word[] };

/** What a removable span is: a silence between speech, or a filler ("um", "uh") inside it. */
export const GAP_KINDS = ['silence', 'filler'] as const;
export const gapKindSchema = z.enum(GAP_KINDS);
export type GapKind = z.infer<typeof gapKindSchema>;

/**
 * Gap {id: 'gap-N', start, end, kind?}: a span to cut. `kind` is absent on silences (every body
 * written before fillers existed stays valid); read it with `gapKind`.
 */
export const gapSchema = z
  .object({
    id: z.string().regex(/^gap-\d+$/, 'Gap ids have the form gap-N.'),
    start: seconds,
    end: seconds,
    kind: gapKindSchema.optional(),
  })
  .refine((g) => g.end > g.start, { error: 'A gap must end after it starts.' });
export type Gap = z.infer<typeof gapSchema>;

/** A clip's window in the source video, seconds. */
export type ClipWindow = Span;
