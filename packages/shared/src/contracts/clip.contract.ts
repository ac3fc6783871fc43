import { z } from 'zod';
import { DEFAULT_CLIP_REFRAME, MAX_ENGAGEMENT_SCORE } from '../constants.ts';
import type { ClipReframe } from '../constants.ts';
import { drawSettingsSchema } from '../draw-settings.ts';
import { clipReframeSchema, entityIdSchema, jobStatusSchema } from './autojob.contract.ts';
import { gapSchema, segmentSchema } from './clip-timeline.contract.ts';

// SPEC section 3 "Clip" and section 7 "Clips". All times (the clip's window, segments, words,
// gaps) are seconds of the SOURCE video: the clip screen plays the source restricted to the clip's
// [start, end]. A clip's parts are in clip-timeline.contract.ts, the confirm body in
// clip-confirm.contract.ts.

export * from './clip-timeline.contract.ts';
export * from './clip-confirm.contract.ts';

const seconds = z.number().min(0).finite();

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
