// A video sent to an edit in one multipart request (the spec's upload endpoint), streamed from
// disk with its exact length. The MCP endpoint inside the Roughcut server uses it: its client's
// fetch is the server's own request injection, which tus-js-client (its own HTTP stack) cannot use.
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { ENDPOINTS, UPLOAD_FILE_FIELD, urlOf } from '@roughcut/shared';
import { remoteErrorOf } from '../remote-client.ts';
import type { SendVideo } from './import-source.ts';

function parseAnswer(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The file name as it may stand in a Content-Disposition header. */
const headerSafe = (name: string): string => name.replace(/["\\\r\n]/g, '_');

export const sendInOnePart: SendVideo = async (client, jobId, video, options) => {
  const boundary = `----roughcut-mcp-${randomBytes(12).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${UPLOAD_FILE_FIELD}"; filename="${headerSafe(video.fileName)}"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const body = Readable.from(
    (async function* () {
      yield head;
      yield* createReadStream(video.path);
      yield tail;
    })(),
  );
  const response = await client.fetch(
    `${client.baseUrl}${urlOf(ENDPOINTS.autojobUpload, { id: jobId })}`,
    {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${client.token}`,
        'Content-Type': `multipart/form-data; boundary=${boundary}`,
        'Content-Length': String(head.length + video.size + tail.length),
      },
      body: Readable.toWeb(body) as ReadableStream<Uint8Array>,
      duplex: 'half',
      ...(options.signal && { signal: options.signal }),
    },
  );
  const text = await response.text();
  if (!response.ok) throw remoteErrorOf(response.status, parseAnswer(text));
};
