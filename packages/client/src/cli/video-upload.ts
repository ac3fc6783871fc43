// `edit`'s first half: the edit made (or found again) and its video sent, going on from an upload
// an earlier run left unfinished. The state file is written before each step that a killed process
// could lose (the create, the upload's URL) and removed once the server has the whole video.
import { randomUUID } from 'node:crypto';
import { basename } from 'node:path';
import { ENDPOINTS } from '@roughcut/shared';
import {
  EditWorkflowError,
  createEdit,
  findVideoUpload,
  readEditStatus,
} from '../edit-workflow.ts';
import { RemoteError } from '../remote-client.ts';
import { fingerprintFileAt, sendFileResumably } from '../remote-upload.ts';
import type { RemoteUploadOptions } from '../remote-upload.ts';
import type { EditArgs } from './cli-args.ts';
import type { CliContext } from './cli-context.ts';
import { uploadUpdate } from './progress-lines.ts';
import {
  readUploadState,
  removeUploadState,
  uploadStatePath,
  writeUploadState,
} from './upload-state.store.ts';
import type { UploadState } from './upload-state.store.ts';

/** What an earlier run left for this file on this server, or a fresh state. */
async function recallState(
  path: string,
  cli: CliContext,
  file: string,
  fingerprint: string,
): Promise<UploadState> {
  const fresh: UploadState = {
    version: 1,
    server: cli.client.baseUrl,
    file,
    fingerprint,
    createKey: randomUUID(),
  };
  const kept = await readUploadState(path);
  if (!kept) return fresh;
  if (kept.fingerprint !== fingerprint) {
    cli.progress.note('The video changed since its upload stopped: sending it to a new edit.');
    return fresh;
  }
  return kept;
}

/** The server refused the request itself (scope, size, type, storage), not the moment of it. */
const isRefusal = (error: unknown): error is RemoteError =>
  error instanceof RemoteError &&
  error.status >= 400 &&
  error.status < 500 &&
  ![408, 409, 423, 429].includes(error.status);

/** The remembered edit when the server still has it, else a new one (its key kept first). */
async function editOf(
  args: EditArgs,
  state: UploadState,
  statePath: string,
  cli: CliContext,
): Promise<UploadState & { jobId: string }> {
  if (state.jobId !== undefined) {
    try {
      await readEditStatus(cli.client, state.jobId);
      return { ...state, jobId: state.jobId };
    } catch (error) {
      if (!(error instanceof RemoteError && error.status === 404)) throw error;
      cli.progress.note('The edit of the unfinished upload is gone: making a new one.');
      state = { ...state, createKey: randomUUID(), jobId: undefined, uploadUrl: undefined };
    }
  }
  await writeUploadState(statePath, state);
  const job = await createEdit(cli.client, { ...args, idempotencyKey: state.createKey }).catch(
    async (error: unknown) => {
      // NOTE: nothing was made, so nothing is left to go on with.
      if (isRefusal(error) || error instanceof EditWorkflowError)
        await removeUploadState(statePath);
      throw error;
    },
  );
  const made = { ...state, jobId: job.id };
  await writeUploadState(statePath, made);
  return made;
}

/** Resolves when the upload is done; rejects with the signal's reason on Ctrl+C (kept resumable). */
async function sendUntilDone(options: RemoteUploadOptions, signal: AbortSignal): Promise<void> {
  signal.throwIfAborted();
  const upload = await sendFileResumably(options);
  let onAbort: () => void = () => undefined;
  // NOTE: an aborted tus upload never settles `done`; the signal ends the wait instead.
  const aborted = new Promise<never>((_resolve, reject) => {
    onAbort = () => {
      void upload.abort();
      reject(signal.reason as Error);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    await Promise.race([upload.done, aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

/** Makes the edit (or finds the one an earlier run made) and sends its video; the edit's id. */
export async function sendVideoOfEdit(
  args: EditArgs,
  file: string,
  cli: CliContext,
): Promise<string> {
  const fingerprint = await fingerprintFileAt(file);
  const statePath = uploadStatePath(cli.env, cli.client.baseUrl, file);
  const recalled = await recallState(statePath, cli, file, fingerprint);
  const state = await editOf(args, recalled, statePath, cli);
  const { video, resumeUrl } = await findVideoUpload(cli.client, state.jobId, fingerprint);
  if (recalled.jobId === state.jobId) {
    const stored =
      video && video.size > 0 ? Math.floor((100 * video.uploaded_amount) / video.size) : 0;
    cli.progress.note(
      video?.status === 'uploaded'
        ? `Edit ${state.jobId} already has the whole video.`
        : `Going on with edit ${state.jobId}: the server has ${stored}% of the video.`,
    );
  }
  if (video?.status !== 'uploaded') {
    const name = basename(file);
    // NOTE: chained, so the state is never rewritten after it was removed at the end.
    let saving = Promise.resolve();
    const saveUrl = (url: string) => {
      saving = saving
        .then(() => writeUploadState(statePath, { ...state, uploadUrl: url }))
        .catch(() =>
          cli.progress.note('Could not remember the upload: an interruption restarts it.'),
        );
    };
    try {
      await sendUntilDone(
        {
          client: cli.client,
          jobId: state.jobId,
          path: file,
          startWhenDone: true,
          resumeUrl: resumeUrl ?? (video?.status === 'uploading' ? state.uploadUrl : undefined),
          chunkSize: cli.chunkBytes,
          onUploadUrl: saveUrl,
          onProgress: (bytes, total) => cli.progress.update(uploadUpdate(name, bytes, total)),
          onReconnecting: () => cli.progress.note('The connection was lost: trying again...'),
        },
        cli.signal,
      );
    } catch (error) {
      await saving;
      if (isRefusal(error)) {
        // NOTE: a refused video leaves no empty edit behind, as in the web app.
        await cli.client
          .call(ENDPOINTS.autojobDelete, { params: { id: state.jobId } })
          .catch(() => undefined);
        await removeUploadState(statePath);
      } else {
        // NOTE: no figure: bytes sent are not bytes stored; the next run says what the server has.
        cli.progress.note('Upload paused: run the same command again to go on from there.');
      }
      throw error;
    }
    cli.progress.end();
    await saving;
  }
  await removeUploadState(statePath);
  return state.jobId;
}
