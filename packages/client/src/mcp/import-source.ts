// How an MCP create_edit's `source` becomes bytes on the Roughcut server. A path is read only from
// inside one allowed folder (resolved, then its real path checked again, so `..` and symlinks
// cannot leave it) and only as a regular .mp4 file; an address is fetched only over http(s) from a
// public address unless the operator allows private ones, cut off at the upload limit, into a temp
// file. The file is then sent to the edit through the Roughcut API (tus by default).
import { realpath, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MAX_UPLOAD_BYTES } from '@roughcut/shared';
import type { RemoteClient } from '../remote-client.ts';
import { sendFileResumably } from '../remote-upload.ts';
import type { Resolve } from './source-address.ts';
import { SourceRefused, systemResolve } from './source-address.ts';
import { downloadToTempFile } from './source-download.ts';

/** A video on this machine, ready to send; `release` removes it when it was a temp download. */
export type LocalVideo = {
  path: string;
  fileName: string;
  size: number;
  release: () => Promise<void>;
};

export type SendOptions = { signal?: AbortSignal | undefined };

/**
 * Sends a local video to an edit through the Roughcut API, as the client's token. It may start the
 * edit once the video is whole; the caller starts it when it did not.
 */
export type SendVideo = (
  client: RemoteClient,
  jobId: string,
  video: LocalVideo,
  options: SendOptions,
) => Promise<void>;

export type SourceImportPolicy = {
  /** The only folder whose files may be read; undefined: paths are refused. */
  root: string | undefined;
  /** How messages name the root (its path unless given: a server may not show its own disk). */
  rootLabel?: string;
  /** Why paths are refused when there is no root (what the operator must set). */
  noRootMessage?: string;
  /** URLs may reach loopback, private, link-local and metadata addresses. */
  allowPrivate: boolean;
  /** Largest video accepted, bytes (the spec's upload limit unless the server says less). */
  maxBytes?: number;
  /** Where a fetched video is kept until sent (the system's temp folder). */
  tempDir?: string;
  resolve?: Resolve;
  /** How a video reaches the edit (resumable tus upload unless given). */
  send?: SendVideo;
};

export type SourceImporter = {
  /** What this server accepts as a source, for the tool's description. */
  accepts: string;
  /** Checks the source and makes it a local file; throws SourceRefused with the reason. */
  open: (source: string, signal?: AbortSignal) => Promise<LocalVideo>;
  send: SendVideo;
};

export const IMPORT_MESSAGES = {
  noPaths: 'File paths are not accepted here; give an http(s):// address of the video instead.',
  outside: (root: string) => `Only files inside ${root} can be read; that path is outside it.`,
  missing: 'There is no file at that path.',
  notFile: 'That path is not a regular file.',
  notMp4: 'Only .mp4 files can be edited.',
  empty: 'That file is empty.',
  tooLarge: (maxBytes: number) =>
    `That file is larger than the upload limit (${Math.floor(maxBytes / (1024 * 1024))} MB).`,
} as const;

/** `child` is `parent` or inside it (both absolute and normalised). */
function isInside(parent: string, child: string): boolean {
  const relative = path.relative(parent, child);
  const up = relative === '..' || relative.startsWith(`..${path.sep}`);
  return !up && !path.isAbsolute(relative);
}

const looksLikeUrl = (source: string): boolean => /^[a-z][a-z\d+.-]*:\/\//i.test(source);

/**
 * The real path of `source` when it names a regular .mp4 file inside `root`; throws SourceRefused
 * otherwise. A relative path is taken from the root, not the process's working folder.
 */
export async function checkSourcePath(
  source: string,
  root: string,
  options: { maxBytes?: number; rootLabel?: string | undefined } = {},
): Promise<{ path: string; size: number }> {
  const maxBytes = options.maxBytes ?? MAX_UPLOAD_BYTES;
  const realRoot = await realpath(path.resolve(root)).catch(() => {
    throw new SourceRefused(
      `The folder files are read from (${options.rootLabel ?? root}) does not exist.`,
    );
  });
  const outside = new SourceRefused(IMPORT_MESSAGES.outside(options.rootLabel ?? realRoot));
  const asked = path.resolve(realRoot, source);
  if (!isInside(realRoot, asked)) throw outside;
  if (!asked.toLowerCase().endsWith('.mp4')) throw new SourceRefused(IMPORT_MESSAGES.notMp4);
  let real: string;
  try {
    real = await realpath(asked);
  } catch {
    throw new SourceRefused(IMPORT_MESSAGES.missing);
  }
  // NOTE: checked again on the real path: a symlink inside the folder may point out of it.
  if (!isInside(realRoot, real)) throw outside;
  if (!real.toLowerCase().endsWith('.mp4')) throw new SourceRefused(IMPORT_MESSAGES.notMp4);
  const info = await stat(real);
  if (!info.isFile()) throw new SourceRefused(IMPORT_MESSAGES.notFile);
  if (info.size === 0) throw new SourceRefused(IMPORT_MESSAGES.empty);
  if (info.size > maxBytes) throw new SourceRefused(IMPORT_MESSAGES.tooLarge(maxBytes));
  return { path: real, size: info.size };
}

/** The default way a video reaches an edit: tus, resumable, the edit started once it is whole. */
export const sendResumably: SendVideo = async (client, jobId, video, options) => {
  const upload = await sendFileResumably({ client, jobId, path: video.path, startWhenDone: true });
  const abort = () => void upload.abort();
  options.signal?.addEventListener('abort', abort, { once: true });
  try {
    await upload.done;
  } finally {
    options.signal?.removeEventListener('abort', abort);
  }
};

export function createSourceImporter(policy: SourceImportPolicy): SourceImporter {
  const maxBytes = policy.maxBytes ?? MAX_UPLOAD_BYTES;
  const addresses = { allowPrivate: policy.allowPrivate, resolve: policy.resolve ?? systemResolve };
  const { root, rootLabel } = policy;
  const accepts =
    root === undefined
      ? 'an http(s):// address of an .mp4 video'
      : `a path of an .mp4 file inside ${rootLabel ?? root} (relative paths start there), or an http(s):// address of an .mp4 video`;
  return {
    accepts,
    send: policy.send ?? sendResumably,
    async open(source, signal) {
      const trimmed = source.trim();
      if (looksLikeUrl(trimmed)) {
        return downloadToTempFile(trimmed, {
          policy: addresses,
          maxBytes,
          dir: policy.tempDir ?? os.tmpdir(),
          signal,
        });
      }
      if (root === undefined)
        throw new SourceRefused(policy.noRootMessage ?? IMPORT_MESSAGES.noPaths);
      const file = await checkSourcePath(trimmed, root, { maxBytes, rootLabel });
      return { ...file, fileName: path.basename(file.path), release: () => Promise.resolve() };
    },
  };
}
