import { isLanguageCode, stepsFromOptions } from '@roughcut/shared';
import type { AutoJob, ClipReframe, EditOptions, UpdateAutoJobRequest } from '@roughcut/shared';
import type { UploadProgress } from '../../lib/upload-progress.rules.ts';

// SPEC 4.2: create the job, apply its settings, upload the file, start it, open the job page.

export type CreateEditInput = {
  name: string;
  file: File;
  options: EditOptions;
  language: string;
  maxWordsInPhrase: number;
  /** Fillers start cut on every clip (issue 22); sent only when ticked. */
  removeFillers?: boolean;
  /** How short clips start framed (issue 21); sent only for short form and when not centre. */
  reframe?: ClipReframe;
  /** A saved template's id, or null for the default style (The Bold Font). */
  templateId: string | null;
};

export type CreateFlowDeps = {
  create: (request: {
    name: string;
    steps: AutoJob['steps'][number]['step_type'][];
  }) => Promise<AutoJob>;
  update: (id: string, update: UpdateAutoJobRequest) => Promise<unknown>;
  /** Sends the video; the server starts the edit itself once the whole video has arrived. */
  upload: (id: string, file: File, onProgress: (p: UploadProgress) => void) => Promise<unknown>;
  /** Starts the edit unless it already started (a refused start there is retried here). */
  start: (id: string) => Promise<unknown>;
  /** Deletes the edit this flow made, when the server refused its video. */
  remove: (id: string) => Promise<unknown>;
  /** Whether an error is the server refusing the request (4xx), not a lost connection. */
  isRefusal: (error: unknown) => boolean;
};

export type CreateFlowStage = 'creating' | 'configuring' | 'uploading' | 'starting';

export type CreateFlowResult =
  | { ok: true; jobId: string }
  | { ok: false; stage: CreateFlowStage; error: unknown; jobId: string | null };

/** The job's settings: max words and style matter only to short-form clips. */
export const settingsFor = (input: CreateEditInput): UpdateAutoJobRequest => ({
  ...(isLanguageCode(input.language) ? { language: input.language } : {}),
  max_words_in_phrase: input.maxWordsInPhrase,
  template_id: input.options.shortForm ? input.templateId : null,
  ...(input.removeFillers === true ? { remove_fillers: true } : {}),
  ...(input.options.shortForm && input.reframe && input.reframe !== 'centre'
    ? { reframe: input.reframe }
    : {}),
});

/** Runs the flow and reports where it stopped; it never throws. */
export async function runCreateFlow(
  input: CreateEditInput,
  deps: CreateFlowDeps,
  hooks: {
    onStage?: (stage: CreateFlowStage) => void;
    onProgress?: (p: UploadProgress) => void;
  } = {},
): Promise<CreateFlowResult> {
  let stage: CreateFlowStage = 'creating';
  let jobId: string | null = null;
  const enter = (next: CreateFlowStage) => {
    stage = next;
    hooks.onStage?.(next);
  };
  try {
    enter('creating');
    const job = await deps.create({
      name: input.name.trim(),
      steps: stepsFromOptions(input.options),
    });
    jobId = job.id;
    enter('configuring');
    await deps.update(job.id, settingsFor(input));
    enter('uploading');
    try {
      await deps.upload(job.id, input.file, (p) => hooks.onProgress?.(p));
    } catch (error) {
      // NOTE: a refused video leaves no empty edit behind; a lost connection keeps the edit, whose
      // upload waits on the server to be resumed from its page.
      if (deps.isRefusal(error)) await deps.remove(job.id).catch(() => undefined);
      throw error;
    }
    enter('starting');
    await deps.start(job.id);
    return { ok: true, jobId: job.id };
  } catch (error) {
    return { ok: false, stage, error, jobId };
  }
}
