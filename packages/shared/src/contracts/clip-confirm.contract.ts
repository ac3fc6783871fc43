import { z } from 'zod';
import { MIN_GAP_LENGTH_S } from '../constants.ts';
import { boundedDrawSettingsSchema } from '../draw-bounds.ts';
import { clipReframeSchema } from './autojob.contract.ts';
import { gapSchema } from './clip-timeline.contract.ts';
import type { ClipWindow, Gap, Span } from './clip-timeline.contract.ts';
import { hasUnstorableCharacters } from './common.contract.ts';

// SPEC section 3 "Confirm payload": the body of POST .../clip/{clip_id}/confirm. Times are seconds
// of the SOURCE video, as in the clip's window.

const seconds = z.number().min(0).finite();

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
