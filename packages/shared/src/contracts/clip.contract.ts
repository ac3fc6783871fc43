import { z } from 'zod';
import { MAX_ENGAGEMENT_SCORE } from '../constants.ts';
import { drawSettingsSchema } from '../draw-settings.ts';
import { entityIdSchema, jobStatusSchema } from './autojob.contract.ts';

// SPEC section 3 "Clip", "Gap", "Confirm payload" and section 7 "Clips". Times are seconds of the
// source video.

const seconds = z.number().min(0).finite();

/** A recognised word; confidence 0 (unsure) to 1 (certain). */
export const wordSchema = z.object({
  text: z.string(),
  start: seconds,
  end: seconds,
  confidence: z.number().min(0).max(1),
});
export type Word = z.infer<typeof wordSchema>;

/** A clip segment {start, end, phrase}, with the words it was made of when known. */
export const segmentSchema = z
  .object({
    start: seconds,
    end: seconds,
    phrase: z.string(),
    words: z.array(wordSchema).optional(),
  })
  .refine((s) => s.end >= s.start, { error: 'A segment cannot end before it starts.' });
export type Segment = z.infer<typeof segmentSchema>;

/** Gap {id: 'gap-N', start, end}: a speech gap to cut. */
export const gapSchema = z
  .object({
    id: z.string().regex(/^gap-\d+$/, 'Gap ids have the form gap-N.'),
    start: seconds,
    end: seconds,
  })
  .refine((g) => g.end > g.start, { error: 'A gap must end after it starts.' });
export type Gap = z.infer<typeof gapSchema>;

/** Optional per-clip scoring details behind engagement_score (engine-defined names, 0 to 1). */
export const scoreFeaturesSchema = z.record(z.string(), z.number().finite());
export type ScoreFeatures = z.infer<typeof scoreFeaturesSchema>;

/**
 * Clip. GET .../instance/{instance_id}/clips items and GET .../clip/{clip_id}.
 * Long-form clips have no engagement score shown and no subtitles unless confirmed with settings.
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
  segments: z.array(segmentSchema),
  draw_settings: drawSettingsSchema,
  score_features: scoreFeaturesSchema.optional(),
  /** Not in the spec's table: the detected speech gaps inside the clip's window (gap-N ids). */
  gaps: z.array(gapSchema).optional(),
});
export type Clip = z.infer<typeof clipSchema>;

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

const noOverlap = (gaps: readonly Gap[]): boolean => {
  const sorted = [...gaps].sort((a, b) => a.start - b.start);
  return sorted.every((g, i) => i === 0 || g.start >= (sorted[i - 1]?.end ?? 0));
};

/** A confirmed cut: the speech gaps to remove, none overlapping. */
export const gapListSchema = z
  .array(gapSchema)
  .refine(noOverlap, { error: 'Gaps must not overlap. Adjust the gap edges and try again.' });

/** Confirm from the job page: remove all detected gaps and use the clip's own draw settings. */
export const defaultConfirmClipRequestSchema = z.object({
  cut: z.literal('default'),
  subtitle: z.literal('default'),
});
export type DefaultConfirmClipRequest = z.infer<typeof defaultConfirmClipRequestSchema>;

/**
 * Confirm from the clip screen: `cut` only when Speech Gaps is confirmed, `subtitle` only when
 * Subtitles is confirmed; at least one of them.
 */
export const customConfirmClipRequestSchema = z
  .object({
    cut: gapListSchema.optional(),
    subtitle: drawSettingsSchema.optional(),
  })
  .refine((c) => c.cut !== undefined || c.subtitle !== undefined, {
    error: 'Unable to submit - you have not confirmed any edits yet for this clip.',
  });
export type CustomConfirmClipRequest = z.infer<typeof customConfirmClipRequestSchema>;

/** POST /api/manage/autojob/{id}/instance/{instance_id}/clip/{clip_id}/confirm → the clip. */
export const confirmClipRequestSchema = z.union([
  defaultConfirmClipRequestSchema,
  customConfirmClipRequestSchema,
]);
export type ConfirmClipRequest = z.infer<typeof confirmClipRequestSchema>;
export const confirmClipResponseSchema = clipSchema;

export const isDefaultConfirm = (
  request: ConfirmClipRequest,
): request is DefaultConfirmClipRequest => request.cut === 'default';

/** POST .../clip/{clip_id}/unconfirm (empty body) → the clip. */
export const unconfirmClipResponseSchema = clipSchema;

/**
 * POST .../instance/{instance_id}/clips/confirm and /clips/unconfirm (empty bodies) → the clips of
 * the instance. POST .../instance/{instance_id}/confirm (Continue, empty body) → okResponseSchema.
 */
export const bulkClipResponseSchema = clipListResponseSchema;
