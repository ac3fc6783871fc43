import { z } from 'zod';
import { DEFAULT_CLIP_REFRAME, MAX_ENGAGEMENT_SCORE, MIN_GAP_LENGTH_S } from '../constants.ts';
import type { ClipReframe } from '../constants.ts';
import { boundedDrawSettingsSchema } from '../draw-bounds.ts';
import { drawSettingsSchema } from '../draw-settings.ts';
import { clipReframeSchema, entityIdSchema, jobStatusSchema } from './autojob.contract.ts';
import { hasUnstorableCharacters } from './common.contract.ts';

// SPEC section 3 "Clip", "Gap", "Confirm payload" and section 7 "Clips". All times (the clip's
// window, segments, words, gaps) are seconds of the SOURCE video: the clip screen plays the source
// restricted to the clip's [start, end].

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

/** Optional per-clip scoring details behind engagement_score (engine-defined names, 0 to 1). */
export const scoreFeaturesSchema = z.record(z.string(), z.number().finite());
export type ScoreFeatures = z.infer<typeof scoreFeaturesSchema>;

/**
 * Clip. GET .../instance/{instance_id}/clips items and GET .../clip/{clip_id}. The response shows
 * exactly what the render will make of the clip, so a reload of the clip screen shows it:
 * - `segments`: the phrases that will be burned in: the user's edited phrases once a clip-screen
 *   confirm carried them, the detected ones otherwise;
 * - `gaps`: the gaps that will be cut: the confirmed cut once one was confirmed, the detected gaps
 *   otherwise; `detected_gaps`: the engine's own, never changed (the "found" count, a reset);
 * - `draw_settings`: the style that will be burned (the confirmed one, else the clip's own);
 * - `subtitles_burned`: whether the render burns subtitles at all (short clips always; long form
 *   only once Subtitles was confirmed on the clip screen);
 * - `edits`: which parts a clip-screen confirm has stored;
 * - `reframe`: how a short is framed in 9:16 (the confirmed choice, else the edit's default; absent
 *   in older answers: 'centre'; read it with `clipReframe`).
 *
 * WARNING (what unconfirm keeps): Unconfirm (one clip or all) clears `confirmed` only; the stored
 * edits stay, so a user who unconfirms to tweak a clip starts from their edits. A later confirm
 * replaces the parts it carries and keeps the others as stored: the job page's
 * {cut: 'default', subtitle: 'default'} keeps every stored edit (the detected defaults where none
 * was made); a clip-screen confirm without `cut` keeps the stored cut (else the detected gaps), and
 * without `subtitle` keeps the stored phrases and style (else the detected phrases in the clip's
 * own settings, and no subtitles for long form). To reset the cut, confirm `detected_gaps`.
 */
export const clipSchema = z.object({
  id: entityIdSchema,
  auto_job_id: entityIdSchema,
  auto_job_instance_id: entityIdSchema,
  title: z.string(),
  description: z.string(),
  engagement_score: z.number().min(0).max(MAX_ENGAGEMENT_SCORE),
  status: jobStatusSchema,
  confirmed: z.boolean(),
  failure_reason: z.string().nullable(),
  is_long_form: z.boolean(),
  /** The clip's window in the source video (not in the spec's table). */
  start: seconds,
  end: seconds,
  segments: z.array(segmentSchema),
  draw_settings: drawSettingsSchema,
  score_features: scoreFeaturesSchema.optional(),
  gaps: z.array(gapSchema),
  detected_gaps: z.array(gapSchema),
  subtitles_burned: z.boolean(),
  edits: z.object({ cut: z.boolean(), subtitles: z.boolean() }),
  reframe: clipReframeSchema.optional(),
});
export type Clip = z.infer<typeof clipSchema>;

/** The clip's framing, 'centre' when the answer predates the setting. */
export const clipReframe = (clip: Pick<Clip, 'reframe'>): ClipReframe =>
  clip.reframe ?? DEFAULT_CLIP_REFRAME;

/** Params of .../autojob/{id}/instance/{instance_id}/... paths. */
export const instanceParamsSchema = z.object({ id: entityIdSchema, instance_id: entityIdSchema });
export type InstanceParams = z.infer<typeof instanceParamsSchema>;

/** Params of .../autojob/{id}/instance/{instance_id}/clip/{clip_id}/... paths. */
export const clipParamsSchema = instanceParamsSchema.extend({ clip_id: entityIdSchema });
export type ClipParams = z.infer<typeof clipParamsSchema>;

/** GET /api/manage/autojob/{id}/instance/{instance_id}/clips → a plain list of clips. */
export const clipListResponseSchema = z.array(clipSchema);
export type ClipListResponse = z.infer<typeof clipListResponseSchema>;

/** GET /api/manage/autojob/{id}/instance/{instance_id}/clip/{clip_id} → the clip. */
export const clipResponseSchema = clipSchema;

/** POST .../clip/{clip_id}/confirm → the clip as it will now be rendered. */
export const confirmClipResponseSchema = clipSchema;

/** POST .../clip/{clip_id}/unconfirm (empty body) → the clip (its stored edits kept). */
export const unconfirmClipResponseSchema = clipSchema;

/**
 * POST .../instance/{instance_id}/clips/confirm and /clips/unconfirm (empty bodies) → the clips of
 * the instance. POST .../instance/{instance_id}/confirm (Continue, empty body) → okResponseSchema.
 */
export const bulkClipResponseSchema = clipListResponseSchema;

/** The waveform's finest resolution: the energy track's 10 ms frames. */
export const WAVEFORM_MAX_RATE = 100;

/**
 * GET .../clip/{clip_id}/waveform: loudness 0..1, `rate` values per second from `start` (the
 * clip's window start) to the window's end; each value is the loudest moment of its slice. The
 * rate falls for long clips so a one-hour clip stays a small answer (about 10 per second).
 */
export const waveformResponseSchema = z.object({
  start: seconds,
  rate: z.number().positive().max(WAVEFORM_MAX_RATE),
  peaks: z.array(z.number().min(0).max(1)),
});
export type WaveformResponse = z.infer<typeof waveformResponseSchema>;

// ---- Confirm (POST .../clip/{clip_id}/confirm) ----

/** The longest text one phrase may hold. */
export const MAX_PHRASE_CHARS = 500;
/** The most gaps or phrases one confirm may carry (a one-hour talk has a few thousand). */
export const MAX_CONFIRM_ITEMS = 20_000;
/** How far past the clip's window an edge may lie: the screen rounds edges to 2 decimals. */
export const CLIP_WINDOW_TOLERANCE_S = 0.01;
// NOTE: a dragged edge is rounded to 2 decimals, so a gap may be a hair under the minimum length.
const GAP_LENGTH_SLACK_S = 0.005;

const s2 = (value: number): string => value.toFixed(2);

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;

export const UNSTORABLE_PHRASE_MESSAGE =
  'A phrase contains a character that cannot be saved (U+FFFE, U+FFFF or half of an emoji). Delete it or type the phrase again, then submit.';

/** A phrase's text as the user typed it: bounded, no control characters (line breaks, tabs). */
export const phraseTextSchema = z
  .string()
  .max(MAX_PHRASE_CHARS, `A phrase can hold at most ${MAX_PHRASE_CHARS} characters. Shorten it.`)
  .refine((text) => !CONTROL_CHARACTERS.test(text), {
    error: 'A phrase cannot contain line breaks, tabs or other control characters. Remove them.',
  })
  .refine((text) => !hasUnstorableCharacters(text), { error: UNSTORABLE_PHRASE_MESSAGE });

/** An edited phrase: the segment's times and the text to burn ('' burns nothing). */
export const confirmPhraseSchema = z
  .object({ start: seconds, end: seconds, phrase: phraseTextSchema })
  .refine((p) => p.end >= p.start, { error: 'A phrase cannot end before it starts.' });
export type ConfirmPhrase = z.infer<typeof confirmPhraseSchema>;

/** The edited phrase list (text edits and deletions applied), in time order. */
export const confirmPhraseListSchema = z
  .array(confirmPhraseSchema)
  .max(MAX_CONFIRM_ITEMS, `A clip can have at most ${MAX_CONFIRM_ITEMS} phrases.`)
  .refine((list) => list.every((p, i) => i === 0 || p.start >= (list[i - 1]?.start ?? 0)), {
    error: 'Phrases must be in time order. Reload the clip and try again.',
  });

const noOverlap = (gaps: readonly Gap[]): boolean => {
  const sorted = [...gaps].sort((a, b) => a.start - b.start);
  return sorted.every((g, i) => i === 0 || g.start >= (sorted[i - 1]?.end ?? 0));
};

/** A confirmed cut: the speech gaps to remove, none overlapping, each at least 0.1 s. */
export const gapListSchema = z
  .array(gapSchema)
  .max(MAX_CONFIRM_ITEMS, `A clip can have at most ${MAX_CONFIRM_ITEMS} gaps.`)
  .refine(noOverlap, { error: 'Gaps must not overlap. Adjust the gap edges and try again.' })
  .refine((gaps) => new Set(gaps.map((g) => g.id)).size === gaps.length, {
    error: 'Each gap needs its own id. Reload the clip and try again.',
  })
  .refine((gaps) => gaps.every((g) => g.end - g.start >= MIN_GAP_LENGTH_S - GAP_LENGTH_SLACK_S), {
    error: `A gap must be at least ${MIN_GAP_LENGTH_S} s long. Widen or delete it.`,
  });

/** Confirm from the job page: keep the clip as it stands (stored edits, else the defaults). */
export const defaultConfirmClipRequestSchema = z.object({
  cut: z.literal('default'),
  subtitle: z.literal('default'),
});
export type DefaultConfirmClipRequest = z.infer<typeof defaultConfirmClipRequestSchema>;

// SPEC 5 "Clip confirmation submit": the screen and the API refuse an empty confirm alike.
export const NOTHING_CONFIRMED_MESSAGE =
  'Unable to submit - you have not confirmed any edits yet for this clip.';

/**
 * Confirm from the clip screen: `cut` only when Speech Gaps is confirmed; `subtitle` (with
 * `phrases`, the edited phrase list) only when Subtitles is confirmed; at least one of cut and
 * subtitle. Without `phrases` a Subtitles confirm burns the phrases as they stand. `reframe` (not
 * in the spec) travels with either: without it the stored framing stays.
 */
export const customConfirmClipRequestSchema = z
  .object({
    cut: gapListSchema.optional(),
    subtitle: boundedDrawSettingsSchema.optional(),
    phrases: confirmPhraseListSchema.optional(),
    reframe: clipReframeSchema.optional(),
  })
  .refine((c) => c.cut !== undefined || c.subtitle !== undefined, {
    error: NOTHING_CONFIRMED_MESSAGE,
  })
  .refine((c) => c.phrases === undefined || c.subtitle !== undefined, {
    error: 'Edited phrases are confirmed with the Subtitles step: confirm Subtitles too.',
  });
export type CustomConfirmClipRequest = z.infer<typeof customConfirmClipRequestSchema>;

/** POST /api/manage/autojob/{id}/instance/{instance_id}/clip/{clip_id}/confirm body. */
export const confirmClipRequestSchema = z.union([
  defaultConfirmClipRequestSchema,
  customConfirmClipRequestSchema,
]);
export type ConfirmClipRequest = z.infer<typeof confirmClipRequestSchema>;

export const isDefaultConfirm = (
  request: ConfirmClipRequest,
): request is DefaultConfirmClipRequest => request.cut === 'default';

/**
 * Where a confirm body's gaps and phrases lie outside the clip's window (give or take one rounding
 * step), each with what to do: the window half of the check, for a body already parsed.
 */
export function confirmWindowIssues(
  request: ConfirmClipRequest,
  window: ClipWindow,
): { path: (string | number)[]; message: string }[] {
  if (isDefaultConfirm(request)) return [];
  const outside = (s: Span) =>
    s.start < window.start - CLIP_WINDOW_TOLERANCE_S ||
    s.end > window.end + CLIP_WINDOW_TOLERANCE_S;
  const clip = `the clip (${s2(window.start)} s to ${s2(window.end)} s)`;
  const issues: { path: (string | number)[]; message: string }[] = [];
  request.cut?.forEach((gap, index) => {
    if (!outside(gap)) return;
    issues.push({
      path: ['cut', index],
      message: `Gap ${gap.id} (${s2(gap.start)} s to ${s2(gap.end)} s) lies outside ${clip}. Drag its edges back inside and try again.`,
    });
  });
  request.phrases?.forEach((phrase, index) => {
    if (!outside(phrase)) return;
    issues.push({
      path: ['phrases', index],
      message: `The phrase at ${s2(phrase.start)} s lies outside ${clip}. Reload the clip and try again.`,
    });
  });
  return issues;
}

/**
 * The confirm body checked against the clip's window too (the screen, before sending): every gap
 * and phrase lies inside [start, end], give or take one rounding step.
 */
export const confirmClipRequestSchemaFor = (window: ClipWindow) =>
  confirmClipRequestSchema.superRefine((request, ctx) => {
    for (const issue of confirmWindowIssues(request, window)) {
      ctx.addIssue({ code: 'custom', ...issue });
    }
  });
