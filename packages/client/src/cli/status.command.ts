// `status <job_id>`: the edit's state, progress and next step, with its clips once it has them;
// `--json` prints the same as one JSON object for scripts.
import { listClips, readEditStatus, timeLeftText } from '../edit-workflow.ts';
import type { ClipSummary, EditStatus } from '../edit-workflow.ts';
import type { CliContext } from './cli-context.ts';
import { progressText } from './progress-lines.ts';

/** The status as lines of text. */
export function statusLines(status: EditStatus, clips: readonly ClipSummary[]): string[] {
  const left = timeLeftText(status.secondsLeft);
  const lines = [
    `${status.name} (${status.jobId})`,
    `Status: ${progressText({ label: status.label, fraction: status.progress, ...(left && { detail: left }) })}`,
  ];
  if (status.failureReason) lines.push(`Reason: ${status.failureReason}`);
  lines.push(`Next: ${status.nextText}`);
  for (const clip of clips) {
    const mark = clip.confirmed ? 'confirmed' : 'not confirmed';
    lines.push(
      `  ${clip.kind.padEnd(5)} ${clip.score.toFixed(1).padStart(4)}  ${mark.padEnd(13)}  ${clip.title}`,
    );
  }
  return lines;
}

export async function runStatus(jobId: string, json: boolean, cli: CliContext): Promise<void> {
  const status = await readEditStatus(cli.client, jobId, cli.signal);
  const clips = status.instanceId === null ? [] : await listClips(cli.client, jobId);
  if (json) {
    cli.out(JSON.stringify({ ...status, clips }, null, 2));
    return;
  }
  for (const line of statusLines(status, clips)) cli.out(line);
}
