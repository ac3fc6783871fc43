// An edit driven from a script (issue 36), one small call per thing the web app's create panel and
// job page do: create, read the status, list and confirm clips, Continue, wait, and the links of
// the rendered files. Every request is an entry of the endpoint table sent through the remote
// client. Transport-agnostic: no terminal, no disk (the upload is remote-upload.ts), so the
// command-line client and the MCP server call the same functions.
import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import {
  CREATE_EDIT_MESSAGES,
  DEFAULT_LANGUAGE,
  ENDPOINTS,
  JOB_STATE_MESSAGES,
  isLanguageCode,
  stepsFromOptions,
} from '@roughcut/shared';
import type { Asset, AutoJob, LanguageCode, UpdateAutoJobRequest } from '@roughcut/shared';
import {
  EditWorkflowError,
  checkGoal,
  editStatusOf,
  safeFileName,
  summariesOf,
  videoOf,
} from './edit-status.rules.ts';
import type { ClipSummary, EditGoal, EditStatus } from './edit-status.rules.ts';
import { RemoteError } from './remote-client.ts';
import type { RemoteClient } from './remote-client.ts';

export * from './edit-status.rules.ts';

export type CreateEditInput = {
  name: string;
  /** Short vertical clips. */
  short: boolean;
  /** The optimised long form. */
  long: boolean;
  /** The spoken language's code; English unless given. */
  language?: string | undefined;
  /** Words per subtitle phrase of the shorts (1-10); the server's default unless given. */
  maxWordsInPhrase?: number | undefined;
  /** A saved style template for the shorts; the default style unless given. */
  templateId?: string | undefined;
  /** Sent on the create call: a retry with the same key gets the same edit, not a second one. */
  idempotencyKey?: string | undefined;
};

/** The settings the create panel applies after creating (only those that differ). */
function settingsOf(
  job: AutoJob,
  input: CreateEditInput,
  language: LanguageCode,
): UpdateAutoJobRequest {
  return {
    ...(job.language !== language ? { language } : {}),
    ...(input.maxWordsInPhrase !== undefined
      ? { max_words_in_phrase: input.maxWordsInPhrase }
      : {}),
    ...(input.short && input.templateId !== undefined ? { template_id: input.templateId } : {}),
  };
}

/** Creates an edit with its options and settings, as the create panel does before the upload. */
export async function createEdit(client: RemoteClient, input: CreateEditInput): Promise<AutoJob> {
  const steps = stepsFromOptions({ shortForm: input.short, longForm: input.long });
  if (steps.length === 0) {
    throw new EditWorkflowError('invalid', CREATE_EDIT_MESSAGES.optionRequired);
  }
  const language = input.language ?? DEFAULT_LANGUAGE;
  // NOTE: checked before anything is made, so a typo leaves no empty edit behind.
  if (!isLanguageCode(language)) {
    throw new EditWorkflowError('invalid', `Unknown language code "${language}" (try en, de, fr).`);
  }
  const job = await client.call(ENDPOINTS.autojobCreate, {
    body: { name: input.name, steps },
    idempotencyKey: input.idempotencyKey,
  });
  const settings = settingsOf(job, input, language);
  if (Object.keys(settings).length === 0) return job;
  return client.call(ENDPOINTS.autojobUpdate, { params: { id: job.id }, body: settings });
}

const readJob = (client: RemoteClient, jobId: string, signal?: AbortSignal) =>
  client.call(ENDPOINTS.autojob, { params: { id: jobId }, ...(signal && { signal }) });

const readVideo = async (client: RemoteClient, jobId: string, signal?: AbortSignal) =>
  videoOf(
    (
      await client.call(ENDPOINTS.autojobAssets, {
        params: { id: jobId },
        ...(signal && { signal }),
      })
    ).assets,
  );

/** The edit's state, progress and what the user must do next. */
export async function readEditStatus(
  client: RemoteClient,
  jobId: string,
  signal?: AbortSignal,
): Promise<EditStatus> {
  const job = await readJob(client, jobId, signal);
  // NOTE: only an edit that never ran needs its video to say what comes next (upload or start).
  const video = job.status === 'created' ? await readVideo(client, jobId, signal) : null;
  return editStatusOf(job, video);
}

/** The edit's video on the server, and where an unfinished upload of the same file goes on. */
export type VideoUpload = {
  video: Asset | null;
  /** Absolute tus URL of the unfinished upload of the file with `fingerprint`, if there is one. */
  resumeUrl: string | undefined;
};

/** The edit's video and, when its upload stopped midway with the same file, where to go on. */
export async function findVideoUpload(
  client: RemoteClient,
  jobId: string,
  fingerprint: string,
): Promise<VideoUpload> {
  const video = await readVideo(client, jobId);
  const resumable =
    video?.status === 'uploading' &&
    typeof video.upload_url === 'string' &&
    video.upload_fingerprint === fingerprint;
  return { video, resumeUrl: resumable ? `${client.baseUrl}${video.upload_url}` : undefined };
}

/**
 * Starts the edit unless it already started: the server starts it when an upload sent with
 * `startWhenDone` ends, and this asks again when that start was refused (its refusal is thrown).
 */
export async function ensureEditStarted(client: RemoteClient, jobId: string): Promise<EditStatus> {
  const job = await readJob(client, jobId);
  if (job.status !== 'created') return editStatusOf(job);
  try {
    return editStatusOf(await client.call(ENDPOINTS.autojobStart, { params: { id: jobId } }));
  } catch (error) {
    // NOTE: 409 when the server's own start came first; only a start still missing is an error.
    if (!(error instanceof RemoteError && error.status === 409)) throw error;
    const now = await readJob(client, jobId);
    if (now.status === 'created') throw error;
    return editStatusOf(now);
  }
}

/** The latest run's id, or the server's own words for an edit that has none yet. */
async function latestRunOf(client: RemoteClient, jobId: string): Promise<string> {
  const job = await readJob(client, jobId);
  if (job.latest_job_instance_id === null) {
    throw new EditWorkflowError('not-ready', JOB_STATE_MESSAGES.notAwaitingConfirmation);
  }
  return job.latest_job_instance_id;
}

/** The latest run's clips, highest score first; none before the edit ran. */
export async function listClips(client: RemoteClient, jobId: string): Promise<ClipSummary[]> {
  const job = await readJob(client, jobId);
  const instanceId = job.latest_job_instance_id;
  if (instanceId === null) return [];
  const clips = await client.call(ENDPOINTS.instanceClips, {
    params: { id: jobId, instance_id: instanceId },
  });
  return summariesOf(clips);
}

/** Confirm All: every clip of the run awaiting review, as it stands; returns the clips. */
export async function confirmAllClips(client: RemoteClient, jobId: string): Promise<ClipSummary[]> {
  const instanceId = await latestRunOf(client, jobId);
  const clips = await client.call(ENDPOINTS.instanceClipsConfirm, {
    params: { id: jobId, instance_id: instanceId },
  });
  return summariesOf(clips);
}

/**
 * Continue: the run renders its confirmed clips. Sent with an Idempotency-Key (a new one unless
 * given) so a retry after a lost answer does not queue a second render.
 */
export async function continueEdit(
  client: RemoteClient,
  jobId: string,
  options: { idempotencyKey?: string } = {},
): Promise<EditStatus> {
  const instanceId = await latestRunOf(client, jobId);
  await client.call(ENDPOINTS.instanceConfirm, {
    params: { id: jobId, instance_id: instanceId },
    idempotencyKey: options.idempotencyKey ?? randomUUID(),
  });
  return readEditStatus(client, jobId);
}

export type DownloadLink = {
  assetId: string;
  clipId: string;
  kind: 'short' | 'long';
  title: string;
  /** A file name safe on any disk, from the server's name of the video. */
  fileName: string;
  /** Absolute, signed and expiring (about 20 minutes): fetch it soon, no credential needed. */
  url: string;
};

/** Links to the rendered videos of the finished run, one per clip, highest score first. */
export async function downloadLinks(client: RemoteClient, jobId: string): Promise<DownloadLink[]> {
  const clips = await listClips(client, jobId);
  const { assets } = await client.call(ENDPOINTS.autojobAssets, { params: { id: jobId } });
  const rendered = clips.flatMap((clip) => {
    const asset = assets.find(
      (a) => a.asset_type === 'edited_video' && a.status === 'uploaded' && a.clip_id === clip.id,
    );
    return asset ? [{ clip, asset }] : [];
  });
  if (rendered.length === 0) {
    // NOTE: the server is asked anyway, so its refusal says why (not finished, nothing rendered).
    await client.call(ENDPOINTS.autojobDownload, { params: { id: jobId } });
    throw new EditWorkflowError('not-ready', 'This edit has no finished videos to download.');
  }
  return Promise.all(
    rendered.map(async ({ clip, asset }) => {
      const { url } = await client.call(ENDPOINTS.autojobDownload, {
        params: { id: jobId },
        query: { asset_id: asset.id },
      });
      return {
        assetId: asset.id,
        clipId: clip.id,
        kind: clip.kind,
        title: clip.title,
        fileName: safeFileName(asset.name),
        url: url.startsWith('http') ? url : `${client.baseUrl}${url}`,
      };
    }),
  );
}

export type WaitOptions = {
  /** Each status read while waiting (progress, stage, time left). */
  onProgress?: (status: EditStatus) => void;
  /** A read failed for a reason worth trying again (connection lost, server restarting). */
  onRetry?: (error: RemoteError) => void;
  signal?: AbortSignal;
  /** Between two reads; 2 s unless given (tests poll faster). */
  pollMs?: number;
  /** Gives up after this long; 6 hours unless given. */
  timeoutMs?: number;
};

export const DEFAULT_POLL_MS = 2000;
export const DEFAULT_WAIT_TIMEOUT_MS = 6 * 60 * 60 * 1000;

const GOAL_TIMEOUT_TEXT: Record<EditGoal, string> = {
  'clips-ready': 'The clips were still not ready when the wait ran out. Check again later.',
  rendered: 'The videos were still not rendered when the wait ran out. Check again later.',
};

/** Worth another try: no answer, the server busy or restarting, or a rate limit. */
export const isPassingFailure = (error: unknown): error is RemoteError =>
  error instanceof RemoteError &&
  (error.status === 0 || error.status === 429 || error.status >= 500);

/**
 * Polls the edit until `goal` is reached, or until it waits on the user (the returned status's
 * `next` says for what). A failed or cancelled edit, or the deadline, throws EditWorkflowError.
 */
export async function waitForEdit(
  client: RemoteClient,
  jobId: string,
  goal: EditGoal,
  options: WaitOptions = {},
): Promise<EditStatus> {
  const deadline = Date.now() + (options.timeoutMs ?? DEFAULT_WAIT_TIMEOUT_MS);
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  for (;;) {
    try {
      const status = await readEditStatus(client, jobId, options.signal);
      options.onProgress?.(status);
      const check = checkGoal(status, goal);
      if (check === 'failed') {
        throw new EditWorkflowError('failed', status.failureReason ?? 'The edit failed.');
      }
      if (check === 'cancelled') {
        throw new EditWorkflowError('cancelled', 'The edit was cancelled.');
      }
      if (check !== 'waiting') return status;
    } catch (error) {
      if (!isPassingFailure(error)) throw error;
      options.onRetry?.(error);
    }
    if (Date.now() + pollMs > deadline) {
      throw new EditWorkflowError('timeout', GOAL_TIMEOUT_TEXT[goal]);
    }
    await delay(pollMs, undefined, options.signal ? { signal: options.signal } : {});
  }
}
