// `edit <file.mp4>`: the create panel and the job page in one command. The edit is made and its
// video sent (resumably), the server starts it; with --wait the clips are awaited, all confirmed,
// continued to the render and awaited again; with --download the rendered videos are saved.
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { appPaths } from '@roughcut/shared';
import {
  EditWorkflowError,
  confirmAllClips,
  continueEdit,
  ensureEditStarted,
  waitForEdit,
} from '../edit-workflow.ts';
import type { EditGoal, EditStatus, WaitOptions } from '../edit-workflow.ts';
import { UsageError } from './cli-args.ts';
import type { EditArgs } from './cli-args.ts';
import type { CliContext } from './cli-context.ts';
import { saveRenderedVideos } from './download.command.ts';
import { statusUpdate } from './progress-lines.ts';
import { sendVideoOfEdit } from './video-upload.ts';

async function checkVideoFile(file: string): Promise<void> {
  const found = await stat(file).catch(() => undefined);
  if (!found) throw new UsageError(`There is no file at ${file}`);
  if (!found.isFile()) throw new UsageError(`${file} is not a file`);
  if (found.size === 0) throw new UsageError(`${file} is empty`);
}

const waitOptionsOf = (cli: CliContext): WaitOptions => ({
  pollMs: cli.pollMs,
  signal: cli.signal,
  // NOTE: only while the server works: where a wait ends, the command's own note says it.
  onProgress: (status) => {
    if (status.next === 'wait') cli.progress.update(statusUpdate(status));
  },
  onRetry: () => cli.progress.note('The server did not answer: trying again...'),
});

/** Waits for `goal`; an edit stuck on something else the user must do ends the command. */
async function waitUntil(cli: CliContext, jobId: string, goal: EditGoal): Promise<EditStatus> {
  const status = await waitForEdit(cli.client, jobId, goal, waitOptionsOf(cli));
  cli.progress.end();
  const expected = goal === 'clips-ready' ? ['review', 'download'] : ['download'];
  if (!expected.includes(status.next)) throw new EditWorkflowError('not-ready', status.nextText);
  return status;
}

export async function runEdit(args: EditArgs, cli: CliContext): Promise<void> {
  const file = resolve(args.file);
  await checkVideoFile(file);
  const jobId = await sendVideoOfEdit(args, file, cli);
  cli.out(jobId);
  await ensureEditStarted(cli.client, jobId);
  cli.progress.note(`Edit ${jobId} started.`);
  if (!args.wait) {
    cli.progress.note(`Follow it with: ./roughcut remote status ${jobId}`);
    return;
  }
  const ready = await waitUntil(cli, jobId, 'clips-ready');
  if (ready.next === 'review') {
    if (!args.confirmAll) {
      cli.progress.note(
        `The clips are ready: review them at ${cli.client.baseUrl}${appPaths.job(jobId)}`,
      );
      return;
    }
    const clips = await confirmAllClips(cli.client, jobId);
    cli.progress.note(`Confirmed ${clips.length} clip${clips.length === 1 ? '' : 's'}.`);
    await continueEdit(cli.client, jobId);
  }
  await waitUntil(cli, jobId, 'rendered');
  cli.progress.note('Rendered.');
  if (args.downloadDir !== undefined) await saveRenderedVideos(cli, jobId, args.downloadDir);
}
