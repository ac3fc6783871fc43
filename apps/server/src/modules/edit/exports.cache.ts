// The exports kept in storage, one file per clip, confirmed state and format:
// `jobs/<edit>/exports/<clip>/<state>/<format>.<ext>`. The state is a digest of everything the file
// is made from, so a second download of the same state is the stored file and a new confirm makes a
// new one. Inside the edit's folder, so deleting the edit removes them; when a clip's new state is
// written, the files of its earlier states (and of clips no longer there) are removed.
import { createHash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { open } from 'node:fs/promises';
import { EXPORT_FILE_TYPES } from '@roughcut/shared';
import type { ExportFormat } from '@roughcut/shared';
import type { AppContext } from '../../app-context.ts';
import { EXPORT_WRITERS_VERSION } from '../../engine-adapter/exports.adapter.ts';
import type { ExportProbe } from '../../engine-adapter/exports.adapter.ts';
import { isNotFound } from '../../storage/media-storage.ts';
import { assertStorageKey, jobPrefix } from '../../storage/storage-keys.ts';
import { existingClipIds } from './exports.repository.ts';
import type { ExportClipHead } from './exports.repository.ts';

export type ExportSource = { fileName: string; probe: ExportProbe };

/** What the user asked of an export besides its format. */
export type ExportOptions = {
  /** The folder the video is in on the user's computer (absolute links), or none. */
  mediaFolder?: string | undefined;
};

/**
 * The digest of one confirmed state of a clip, as the exports of it see it: the clip row's version
 * (exports.repository.ts: its framing and style too), its source's name and probe (its start
 * timecode too), the folder the links point into, and the writers' version.
 */
export function exportStateOf(
  clip: ExportClipHead,
  source: ExportSource,
  options: ExportOptions = {},
): string {
  const { probe } = source;
  const parts = [
    EXPORT_WRITERS_VERSION,
    options.mediaFolder ?? null,
    clip.version,
    clip.title,
    clip.isLongForm,
    clip.startS,
    clip.endS,
    clip.removeFillers,
    source.fileName,
    probe.durationS,
    probe.fps,
    probe.variableFrameRate,
    probe.displayWidth,
    probe.displayHeight,
    probe.audioSampleRate,
    probe.audioChannels,
    probe.timecode ?? null,
  ];
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 32);
}

const exportsFolder = (jobId: string) => `${jobPrefix(jobId)}/exports`;

export function exportKey(
  ids: { jobId: string; clipId: string },
  state: string,
  format: ExportFormat,
): string {
  const key = `${exportsFolder(ids.jobId)}/${ids.clipId}/${state}/${format}.${EXPORT_FILE_TYPES[format].extension}`;
  assertStorageKey(key);
  return key;
}

export type OpenedExport = { handle: FileHandle; size: number };

/** The stored file, opened (so a later removal cannot cut its download short), or undefined. */
export async function openStoredExport(
  ctx: AppContext,
  key: string,
): Promise<OpenedExport | undefined> {
  let handle: FileHandle;
  try {
    handle = await open(ctx.storage.resolve(key), 'r');
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
  try {
    return { handle, size: (await handle.stat()).size };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/**
 * After `key` was written: removes the clip's files of other states, and the folders of the edit's
 * clips that are gone (a new analysis replaces a run's clips).
 */
export async function dropStaleExports(ctx: AppContext, jobId: string, key: string): Promise<void> {
  const folder = exportsFolder(jobId);
  const [clipId = '', state = ''] = key.slice(folder.length + 1).split('/');
  const clips = await existingClipIds(ctx.db, jobId);
  const stale = new Set<string>();
  for (const stored of await ctx.storage.list(folder)) {
    const [storedClip = '', storedState = ''] = stored.slice(folder.length + 1).split('/');
    if (storedClip === '' || storedState === '') continue;
    if (!clips.has(storedClip)) stale.add(`${folder}/${storedClip}`);
    else if (storedClip === clipId && storedState !== state) {
      stale.add(`${folder}/${storedClip}/${storedState}`);
    }
  }
  for (const prefix of stale) await ctx.storage.deletePrefix(prefix);
}
