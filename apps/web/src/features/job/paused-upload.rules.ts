// An upload that stopped before its last byte (the tab was closed or reloaded, the retries ran
// out) waits on the server. The job page offers to go on with it when the same file is chosen
// again: same size, same fingerprint of its first and last megabyte.
import type { Asset } from '@roughcut/shared';
import { formatBytes } from '../../lib/upload-progress.rules.ts';

export type PausedUpload = {
  name: string;
  size: number;
  percent: number;
  url: string;
  fingerprint: string | null;
};

/** How long an upload must have stood still before this tab calls it paused. */
export const PAUSED_AFTER_MS = 8000;

/** "Upload paused at 62%: choose the same file to resume". */
export const pausedUploadMessage = (percent: number): string =>
  `Upload paused at ${percent}%: choose the same file to resume`;

/**
 * The edit's video upload when it waits to be resumed: unfinished on the server, not being sent
 * by this tab, and not moving (another tab or device may still be sending it).
 */
export function pausedUploadOf(
  asset: Asset | undefined,
  sendingHere: boolean,
  stillSinceMs: number,
): PausedUpload | null {
  if (!asset || asset.status !== 'uploading' || !asset.upload_url || sendingHere) return null;
  if (stillSinceMs < PAUSED_AFTER_MS) return null;
  const percent =
    asset.size > 0 ? Math.min(99, Math.floor((asset.uploaded_amount / asset.size) * 100)) : 0;
  return {
    name: asset.name,
    size: asset.size,
    percent,
    url: asset.upload_url,
    fingerprint: asset.upload_fingerprint ?? null,
  };
}

/** Why a chosen file cannot resume the paused upload, or null when it is the same file. */
export function sameFileProblem(
  paused: Pick<PausedUpload, 'name' | 'size' | 'fingerprint'>,
  file: { size: number },
  fingerprint: string,
): string | null {
  const choose = `Choose ${paused.name} to resume, or upload this file as a new video.`;
  if (file.size !== paused.size) {
    return `This is not the file the upload began with: ${paused.name} is ${formatBytes(
      paused.size,
    )} and this file is ${formatBytes(file.size)}. ${choose}`;
  }
  if (paused.fingerprint !== null && paused.fingerprint !== fingerprint) {
    return `This file is not the one the upload began with: the same size as ${paused.name}, but different inside. ${choose}`;
  }
  return null;
}
