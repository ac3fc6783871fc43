// A video fetched from an http(s) address into a temp file, for the MCP server's create_edit: every
// connection (the first and each redirect) goes only to addresses the policy allows, checked in
// the socket's own lookup, and the body is cut off past the upload limit.
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AddressPolicy } from './source-address.ts';
import { SourceRefused, checkSourceUrl, guardedLookup } from './source-address.ts';

/** Redirects followed before giving up (each one checked like the first address). */
const MAX_REDIRECTS = 5;
/** A server that sends nothing for this long is given up on. */
const IDLE_TIMEOUT_MS = 30_000;

export type DownloadOptions = {
  policy: AddressPolicy;
  maxBytes: number;
  /** The folder the temp folder of the download is made in. */
  dir: string;
  signal?: AbortSignal | undefined;
};

/** The fetched video, named after the address, alone in a temp folder `release` removes. */
export type DownloadedFile = {
  path: string;
  fileName: string;
  size: number;
  release: () => Promise<void>;
};

const tooLarge = (maxBytes: number) =>
  new SourceRefused(
    `The video at that address is larger than the upload limit (${Math.floor(maxBytes / (1024 * 1024))} MB).`,
  );

/** The file name a download is uploaded under: the address's own when it names an .mp4. */
export function fileNameOfUrl(url: URL): string {
  const last = decodeURIComponent(url.pathname.split('/').pop() ?? '');
  const safe = last.replace(/[^\w .()-]/g, '_').slice(0, 200);
  return safe.toLowerCase().endsWith('.mp4') && safe.length > 4 ? safe : 'video.mp4';
}

function get(url: URL, options: DownloadOptions): Promise<http.IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(
      url,
      {
        lookup: guardedLookup(options.policy),
        timeout: IDLE_TIMEOUT_MS,
        headers: { 'user-agent': 'Roughcut-MCP/1', accept: 'video/mp4, */*' },
        ...(options.signal && { signal: options.signal }),
      },
      resolve,
    );
    request.on('timeout', () => {
      request.destroy(new Error(`No answer within ${IDLE_TIMEOUT_MS / 1000} seconds.`));
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'EADDRREFUSED' ? new SourceRefused(error.message) : error);
    });
  });
}

/** Counts the bytes going through and fails the stream past `maxBytes`. */
function byteCap(maxBytes: number, counted: { bytes: number }): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      counted.bytes += chunk.length;
      if (counted.bytes > maxBytes) done(tooLarge(maxBytes));
      else done(null, chunk);
    },
  });
}

/** Follows redirects (each checked) to the answer that carries the video. */
async function openVideo(
  start: URL,
  options: DownloadOptions,
): Promise<{ url: URL; response: http.IncomingMessage }> {
  let url = start;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
    const response = await get(url, options);
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (status >= 300 && status < 400 && location) {
      response.resume();
      url = await checkSourceUrl(new URL(location, url).toString(), options.policy);
      continue;
    }
    if (status < 200 || status >= 300) {
      response.resume();
      throw new SourceRefused(`The address answered ${status}; no video was fetched.`);
    }
    return { url, response };
  }
  throw new SourceRefused(`The address redirected more than ${MAX_REDIRECTS} times.`);
}

/** Fetches `raw` (checked here) into a new temp folder in `options.dir`. */
export async function downloadToTempFile(
  raw: string,
  options: DownloadOptions,
): Promise<DownloadedFile> {
  const start = await checkSourceUrl(raw, options.policy);
  const { url, response } = await openVideo(start, options);
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > options.maxBytes) {
    response.destroy();
    throw tooLarge(options.maxBytes);
  }
  const folder = await mkdtemp(path.join(options.dir, 'roughcut-source-'));
  const release = () => rm(folder, { recursive: true, force: true });
  const fileName = fileNameOfUrl(url);
  const target = path.join(folder, fileName);
  const counted = { bytes: 0 };
  try {
    await pipeline(response, byteCap(options.maxBytes, counted), createWriteStream(target), {
      ...(options.signal && { signal: options.signal }),
    });
    if (counted.bytes === 0) throw new SourceRefused('The address answered with an empty file.');
  } catch (error) {
    await release();
    throw error;
  }
  return { path: target, fileName, size: counted.bytes, release };
}
