// A streaming multipart/form-data client over a real HTTP connection, for the upload tests and
// the upload benchmark: bodies of any size are generated on the fly, never built in memory.
import { randomBytes } from 'node:crypto';
import http from 'node:http';

export type MultipartFilePart = {
  field?: string;
  fileName: string;
  contentType: string;
  /** The file's bytes, or a length of generated mp4-looking bytes (an ftyp box, then zeros). */
  body: Buffer | number;
};

export type PostResult = { status: number; body: string; sentBytes: number; aborted: boolean };

export type PostOptions = {
  /** Destroys the connection once this many body bytes are sent (an aborted upload). */
  abortAfterBytes?: number;
  chunkSize?: number;
  /** Omits Content-Length and sends chunked. */
  chunked?: boolean;
  /**
   * Sends this many body bytes, then nothing more (a stalled or trickling client): the result
   * comes once the server answers and closes the connection.
   */
  stallAfterBytes?: number;
};

const FTYP = Buffer.from('000000186674797069736f6d0000020069736f6d6d703431', 'hex');

/** Byte `i` of a generated file of `length` bytes, in chunks. */
function* generatedChunks(length: number, chunkSize: number): Generator<Buffer> {
  const zeros = Buffer.alloc(chunkSize);
  let offset = 0;
  while (offset < length) {
    const size = Math.min(chunkSize, length - offset);
    if (offset === 0) {
      const first = Buffer.alloc(size);
      FTYP.copy(first, 0, 0, Math.min(FTYP.length, size));
      yield first;
    } else {
      yield size === chunkSize ? zeros : zeros.subarray(0, size);
    }
    offset += size;
  }
}

function* bodyChunks(part: MultipartFilePart, chunkSize: number): Generator<Buffer> {
  if (typeof part.body === 'number') {
    yield* generatedChunks(part.body, chunkSize);
    return;
  }
  for (let offset = 0; offset < part.body.length; offset += chunkSize) {
    yield part.body.subarray(offset, offset + chunkSize);
  }
}

export function multipartLayout(parts: MultipartFilePart[]): {
  boundary: string;
  heads: Buffer[];
  tail: Buffer;
  length: number;
} {
  const boundary = `----roughcut${randomBytes(8).toString('hex')}`;
  const heads = parts.map((part, index) =>
    Buffer.from(
      `${index === 0 ? '' : '\r\n'}--${boundary}\r\nContent-Disposition: form-data; name="${part.field ?? 'file'}"; filename="${part.fileName}"\r\nContent-Type: ${part.contentType}\r\n\r\n`,
    ),
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length =
    heads.reduce((sum, head) => sum + head.length, 0) +
    parts.reduce(
      (sum, part) => sum + (typeof part.body === 'number' ? part.body : part.body.length),
      0,
    ) +
    tail.length;
  return { boundary, heads, tail, length };
}

export async function postMultipart(
  url: string,
  parts: MultipartFilePart[],
  options: PostOptions = {},
): Promise<PostResult> {
  const chunkSize = options.chunkSize ?? 256 * 1024;
  const layout = multipartLayout(parts);
  const request = http.request(url, {
    method: 'POST',
    // NOTE: a fresh connection each time, so a body cut short by an early reply is never reused.
    agent: false,
    headers: {
      'content-type': `multipart/form-data; boundary=${layout.boundary}`,
      ...(options.chunked ? {} : { 'content-length': String(layout.length) }),
    },
  });
  let sentBytes = 0;
  let aborted = false;
  let responded = false;
  const response = new Promise<PostResult>((resolve, reject) => {
    request.on('response', (res) => {
      responded = true;
      const chunks: Buffer[] = [];
      const done = () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
          sentBytes,
          aborted: false,
        });
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', done);
      res.on('close', done);
    });
    request.on('error', (error) => {
      // NOTE: a server refusing a body early replies, then closes; writes still in flight fail
      // with EPIPE/ECONNRESET after the reply arrived, which is not a failure of the request.
      if (aborted) resolve({ status: 0, body: '', sentBytes, aborted: true });
      else if (!responded) reject(error);
    });
  });

  const closed = new Promise<void>((resolve) => request.once('close', () => resolve()));
  const write = async (chunk: Buffer): Promise<boolean> => {
    if (aborted || responded || request.destroyed) return false;
    const stallAt = options.stallAfterBytes;
    if (stallAt !== undefined && sentBytes + chunk.length >= stallAt) {
      request.write(chunk.subarray(0, Math.max(0, stallAt - sentBytes)));
      sentBytes = stallAt;
      await closed;
      return false;
    }
    if (
      options.abortAfterBytes !== undefined &&
      sentBytes + chunk.length >= options.abortAfterBytes
    ) {
      aborted = true;
      request.write(chunk.subarray(0, Math.max(0, options.abortAfterBytes - sentBytes)));
      await new Promise((resolve) => setTimeout(resolve, 50));
      request.destroy(new Error('upload aborted by the client'));
      return false;
    }
    sentBytes += chunk.length;
    if (!request.write(chunk)) await drainOrClose(request);
    return true;
  };

  sending: for (const [index, part] of parts.entries()) {
    if (!(await write(layout.heads[index] ?? Buffer.alloc(0)))) break;
    for (const chunk of bodyChunks(part, chunkSize)) {
      if (!(await write(chunk))) break sending;
    }
  }
  if (!aborted && !request.destroyed) {
    if (!responded) await write(layout.tail);
    request.end();
  }
  return response;
}

function drainOrClose(request: http.ClientRequest): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      request.off('drain', done);
      request.off('close', done);
      resolve();
    };
    request.on('drain', done);
    request.on('close', done);
  });
}
