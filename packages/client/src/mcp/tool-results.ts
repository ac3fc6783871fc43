// What the MCP tools answer, from what the edit workflow (../edit-workflow.ts) returns: the
// structured result in the tools' snake_case and a next step that names the tool to call.
import { ENDPOINTS } from '@roughcut/shared';
import type { ClipSummary, DownloadLink, EditNextStep, EditStatus } from '../edit-workflow.ts';
import { timeLeftText } from '../edit-workflow.ts';
import type { RemoteClient } from '../remote-client.ts';
import type { ClipOutput } from './tool-schemas.ts';

const NEXT_STEP_FOR_TOOLS: Record<EditNextStep, string> = {
  upload:
    'The video has not arrived (its upload stopped). Make a new edit with create_edit, or finish the upload in the Roughcut app.',
  start: 'The video is uploaded but the edit has not started: start it in the Roughcut app.',
  wait: 'The server is working on it: call get_edit_status again in a little while.',
  review:
    'The clips are ready: review them with list_clips, confirm them with confirm_all_clips, then render them with continue_edit.',
  download: 'The videos are rendered: get their links with get_download_links.',
  restart: 'The edit stopped. Make a new edit with create_edit to try again.',
};

export function statusResult(status: EditStatus) {
  return {
    job_id: status.jobId,
    name: status.name,
    status: status.status,
    confirmed: status.confirmed,
    progress: status.progress,
    stage: status.label,
    seconds_left: status.secondsLeft,
    failure_reason: status.failureReason,
    next_step: NEXT_STEP_FOR_TOOLS[status.next],
  };
}

export function statusSummary(status: EditStatus): string {
  const progress =
    status.progress === null ? '' : `, ${Math.round(status.progress * 100)}% of this stage`;
  const left = timeLeftText(status.secondsLeft);
  const failed = status.failureReason ? ` ${status.failureReason}` : '';
  return `${status.name}: ${status.status} (${status.label}${progress}${left ? `, ${left}` : ''}).${failed} ${NEXT_STEP_FOR_TOOLS[status.next]}`;
}

export const clipResult = (clip: ClipSummary): ClipOutput => ({
  id: clip.id,
  title: clip.title,
  description: clip.description,
  score: clip.score,
  kind: clip.kind,
  confirmed: clip.confirmed,
  start_seconds: clip.start,
  end_seconds: clip.end,
});

export const clipLines = (clips: readonly ClipOutput[]): string =>
  clips
    .map(
      (clip) =>
        `- [${clip.kind}] ${clip.title} (score ${clip.score}/10${clip.confirmed ? ', confirmed' : ''}) id ${clip.id}`,
    )
    .join('\n');

export const linkResult = (link: DownloadLink) => ({
  asset_id: link.assetId,
  clip_id: link.clipId,
  kind: link.kind,
  title: link.title,
  file_name: link.fileName,
  url: link.url,
});

/** One link to every rendered video at once (a .zip when there are several). */
export async function allVideosLink(client: RemoteClient, jobId: string): Promise<string> {
  const { url } = await client.call(ENDPOINTS.autojobDownload, { params: { id: jobId } });
  return /^https?:\/\//i.test(url) ? url : `${client.baseUrl}${url}`;
}
