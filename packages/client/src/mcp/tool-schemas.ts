// The MCP tools' inputs and structured results. Inputs are plain zod types the SDK can describe as
// JSON Schema; the Roughcut server checks the values themselves (names, languages, ids) and its
// message comes back as the tool error.
import { z } from 'zod';
import { DEFAULT_LANGUAGE, MEDIA_LINK_LIFETIME_S } from '@roughcut/shared';

const jobId = z
  .string()
  .min(1)
  .max(64)
  .describe('The id of the edit, as create_edit returned it (job_id).');

export const jobIdInput = { job_id: jobId };

export const createEditInput = {
  name: z.string().min(1).max(200).describe('A name for the edit, shown in the Roughcut app.'),
  source: z
    .string()
    .min(1)
    .max(4096)
    .describe(
      'The talking-head .mp4 to edit: a file path the MCP server may read, or an http(s):// address it downloads.',
    ),
  short: z
    .boolean()
    .default(true)
    .describe('Make short vertical clips (9:16) of the best moments, with subtitles.'),
  long: z
    .boolean()
    .default(true)
    .describe('Make the whole talk as one long video with its silent gaps cut.'),
  language: z
    .string()
    .min(2)
    .max(16)
    .default(DEFAULT_LANGUAGE)
    .describe('The spoken language, as a code (en, de, fr, es, …).'),
};

const status = z
  .string()
  .describe(
    'created, pending, processing, awaiting-confirmation, finished, failed or cancelled (as in the Roughcut API).',
  );

export const createEditOutput = z.object({
  job_id: z.string(),
  name: z.string(),
  status,
  steps: z.array(z.string()),
  language: z.string(),
  uploaded_bytes: z.number().int(),
  next_step: z.string(),
});

export const editStatusOutput = z.object({
  job_id: z.string(),
  name: z.string(),
  status,
  confirmed: z.boolean().describe('Continue was pressed: the render is queued, under way or done.'),
  progress: z.number().min(0).max(1).nullable().describe('Fraction 0-1 of the current stage.'),
  stage: z.string().describe('The state in words: "Transcribing", "Clips ready for review".'),
  seconds_left: z.number().nullable(),
  failure_reason: z.string().nullable(),
  next_step: z.string().describe('What to do next, and with which tool.'),
});

export const clipOutput = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  score: z.number().describe('Engagement score, 0 (weak) to 10 (strong).'),
  kind: z.enum(['short', 'long']),
  confirmed: z.boolean(),
  start_seconds: z.number(),
  end_seconds: z.number(),
});
export type ClipOutput = z.infer<typeof clipOutput>;

export const clipListOutput = z.object({
  job_id: z.string(),
  clips: z.array(clipOutput).describe('Highest score first; none before the edit ran.'),
});

export const continueOutput = editStatusOutput;

export const downloadLinksOutput = z.object({
  job_id: z.string(),
  all: z.string().describe('One link to every rendered video (a .zip when there are several).'),
  videos: z.array(
    z.object({
      asset_id: z.string(),
      clip_id: z.string(),
      kind: z.enum(['short', 'long']),
      title: z.string(),
      file_name: z.string(),
      url: z.string().describe('Signed and expiring; fetch it with no credential.'),
    }),
  ),
  expires_in_seconds: z.number().int(),
});

export const LINK_LIFETIME_S = MEDIA_LINK_LIFETIME_S;
