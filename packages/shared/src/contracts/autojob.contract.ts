import { z } from 'zod';
import {
  CLIP_REFRAMES,
  JOB_STATUSES,
  MAX_MAX_WORDS_IN_PHRASE,
  MIN_MAX_WORDS_IN_PHRASE,
  STEP_TYPES,
} from '../constants.ts';
import { isLanguageCode } from '../languages.ts';
import { RUN_STAGES } from '../rules/run-progress.rules.ts';
import {
  CONTROL_CHARACTER_MESSAGE,
  UNSTORABLE_TEXT_MESSAGE,
  hasControlCharacters,
  hasUnstorableCharacters,
  idParamSchema,
  idSchema,
} from './common.contract.ts';

// SPEC section 3 "Auto job", "Job instance" and section 7 "Video edits (auto jobs)".
// Times are unix seconds. Ids are opaque strings.

export const jobStatusSchema = z.enum(JOB_STATUSES);
export const stepTypeSchema = z.enum(STEP_TYPES, {
  error: `Step type must be one of: ${STEP_TYPES.join(', ')}.`,
});

export const entityIdSchema = idSchema;
const unixSeconds = z.number().int().min(0);

export const jobNameSchema = z
  .string({ error: 'Please enter a name first' })
  .trim()
  .min(1, 'Please enter a name first')
  .max(200, 'Names can be at most 200 characters long.')
  .refine((name) => !hasControlCharacters(name), {
    error: CONTROL_CHARACTER_MESSAGE,
  })
  .refine((name) => !hasUnstorableCharacters(name), { error: UNSTORABLE_TEXT_MESSAGE });

export const languageSchema = z
  .string()
  .refine(isLanguageCode, { error: 'Unknown language code. Choose one of the listed languages.' });

/** A short clip's framing: 'centre' (default), 'follow' (the speaker's face) or 'split'. */
export const clipReframeSchema = z.enum(CLIP_REFRAMES, {
  error: `Reframe must be one of: ${CLIP_REFRAMES.join(', ')}.`,
});

export const maxWordsInPhraseSchema = z
  .number()
  .int('Max words per phrase must be a whole number.')
  .min(MIN_MAX_WORDS_IN_PHRASE, 'Max words per phrase must be between 1 and 10.')
  .max(MAX_MAX_WORDS_IN_PHRASE, 'Max words per phrase must be between 1 and 10.');

/** An element of Auto job `steps`; also GET /api/manage/autojob/{id}/steps items. */
export const stepSchema = z.object({ step_type: stepTypeSchema });
export type Step = z.infer<typeof stepSchema>;

/** Job instance: one run of a job. Embedded as Auto job `job_instance`. */
export const jobInstanceSchema = z.object({
  id: entityIdSchema,
  auto_job_id: entityIdSchema,
  status: jobStatusSchema,
  confirmed: z.boolean(),
  failure_reason: z.string().nullable(),
  /** Not in the spec: fraction 0-1 of the current stage (analysis, then rendering). */
  progress: z.number().min(0).max(1).optional(),
  /**
   * Not in the spec (issue 33): while the run is processing, what it is doing (reading the video,
   * transcribing, rendering…), shown beside the spec's status words, never instead of them; null
   * otherwise (and absent from older answers).
   */
  stage: z.enum(RUN_STAGES).nullable().optional(),
  /** Not in the spec (issue 33): the clip a framing or render stage works on ("2 of 4"). */
  stage_clip: z
    .object({ number: z.number().int().min(1), count: z.number().int().min(1) })
    .nullable()
    .optional(),
  /**
   * Not in the spec (issue 33): seconds until this stage of the run is done (the clips are ready
   * to review, or the videos to download), from the measured speed of each stage on this server
   * and the current one's own pace; null when unknown.
   */
  seconds_left: z.number().min(0).nullable().optional(),
});
export type JobInstance = z.infer<typeof jobInstanceSchema>;

/**
 * Auto job (a video edit). `status` and `last_updated_at` follow the latest instance; a job
 * that never ran is `created` with `job_instance` null.
 */
export const autoJobSchema = z.object({
  id: entityIdSchema,
  name: z.string(),
  status: jobStatusSchema,
  steps: z.array(stepSchema),
  job_instance: jobInstanceSchema.nullable(),
  latest_job_instance_id: entityIdSchema.nullable(),
  template_id: entityIdSchema.nullable(),
  language: z.string(),
  max_words_in_phrase: z.number().int(),
  /** Fillers ("um", "uh") start removed on every clip (issue 22; absent on older jobs: false). */
  remove_fillers: z.boolean().optional(),
  /** The framing new short clips start with (issue 21; absent on older answers: 'centre'). */
  reframe: clipReframeSchema.optional(),
  created_at: unixSeconds,
  last_updated_at: unixSeconds,
});
export type AutoJob = z.infer<typeof autoJobSchema>;

/** Params of every /api/manage/autojob/{id}... path. */
export const autoJobParamsSchema = idParamSchema;

/** GET /api/manage/autojobs → a plain list of jobs. */
export const autoJobListResponseSchema = z.array(autoJobSchema);

/** GET /api/manage/autojob/{id} → the job with its latest `job_instance`. */
export const autoJobResponseSchema = autoJobSchema;

/** GET /api/manage/autojob/{id}/steps → a plain list of {step_type}. */
export const stepListResponseSchema = z.array(stepSchema);
export type StepListResponse = z.infer<typeof stepListResponseSchema>;

const uniqueSteps = (steps: readonly string[]): boolean => new Set(steps).size === steps.length;

/**
 * PUT /api/manage/autojob {name, steps: step types} → the created auto job.
 * NOTE: an empty step list is accepted because a job may also lose all its steps through
 * Delete Step; the create panel itself insists on at least one option.
 */
export const createAutoJobRequestSchema = z.object({
  name: jobNameSchema,
  steps: z
    .array(stepTypeSchema)
    .refine(uniqueSteps, { error: 'Each step type may be added only once.' }),
});
export type CreateAutoJobRequest = z.infer<typeof createAutoJobRequestSchema>;
export const createAutoJobResponseSchema = autoJobSchema;

/**
 * POST /api/manage/autojob/{id}: the client sends the whole job; only these fields are applied
 * (rename, template_id, language, max_words_in_phrase, remove_fillers, reframe: the default framing of
 * the clips its next runs find). Unknown and read-only
 * fields are stripped.
 * Response: the updated auto job.
 */
export const updateAutoJobRequestSchema = z.object({
  name: jobNameSchema.optional(),
  template_id: entityIdSchema.nullable().optional(),
  language: languageSchema.optional(),
  max_words_in_phrase: maxWordsInPhraseSchema.optional(),
  remove_fillers: z.boolean().optional(),
  reframe: clipReframeSchema.optional(),
});
export type UpdateAutoJobRequest = z.infer<typeof updateAutoJobRequestSchema>;
export const updateAutoJobResponseSchema = autoJobSchema;

/** POST /api/manage/autojob/{id}/step {step_type} → the updated auto job. */
export const addStepRequestSchema = stepSchema;

/**
 * POST /api/manage/autojob/{id}/step/delete: the body is the step type alone, as a JSON string
 * (e.g. `"short-form-clips"`) → the updated auto job.
 */
export const deleteStepRequestSchema = stepTypeSchema;
export const stepChangeResponseSchema = autoJobSchema;

/**
 * Empty bodies: POST /api/manage/autojob/{id}/start, /cancel, .../instance/{instance_id}/confirm,
 * .../clips/confirm, .../clips/unconfirm and .../clip/{clip_id}/unconfirm. Clients send nothing
 * or `{}`; anything else is ignored.
 */
export const emptyRequestSchema = z.union([z.undefined(), z.null(), z.object({})]);

/** POST /api/manage/autojob/{id}/start and /cancel → the job with its (new) latest instance. */
export const startAutoJobResponseSchema = autoJobSchema;
export const cancelAutoJobResponseSchema = autoJobSchema;
