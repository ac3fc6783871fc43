import multipart from '@fastify/multipart';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../http/errors.ts';
import { MediaStorage } from './media-storage.ts';
import type { MultipartFilePart } from '../test/multipart-client.ts';
import { postMultipart } from '../test/multipart-client.ts';
import { jobAssetKey } from './storage-keys.ts';
import type { UploadStart } from './upload.ts';
import { receiveUpload } from './upload.ts';
import { UPLOAD_MESSAGES, tooLargeMessage, tooSlowMessage } from './upload-checks.ts';
import type { UploadProgress } from './upload-write.ts';
import type { MinUploadRate } from '../config-storage.ts';

const LIMIT = 8 * 1024 * 1024;
const KEY = jobAssetKey('job1', 'asset1', 'video.mp4');
const FTYP = Buffer.from('000000186674797069736f6d0000020069736f6d6d703431', 'hex');

const mp4Bytes = (size: number): Buffer => Buffer.concat([FTYP, randomBytes(size - FTYP.length)]);

type Outcome = { error?: unknown; starts: UploadStart[]; progress: UploadProgress[] };

describe('receiveUpload over real HTTP', () => {
  let dir: string;
  let storage: MediaStorage;
  let app: FastifyInstance;
  let url: string;
  let outcomes: Outcome[];
  let settled: Promise<void>;
  let settle: () => void;
  let minRate: MinUploadRate | undefined;
  const previous = Buffer.from('previous upload, must survive failed replacements');

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'roughcut-upload-'));
    storage = new MediaStorage(path.join(dir, 'media'));
    app = Fastify();
    registerErrorHandling(app);
    await app.register(multipart);
    app.post('/upload', async (request) => {
      const outcome: Outcome = { starts: [], progress: [] };
      outcomes.push(outcome);
      try {
        return await receiveUpload(request, {
          storage,
          maxBytes: LIMIT,
          progressIntervalMs: 20,
          ...(minRate ? { minRate } : {}),
          onStart: (start) => {
            outcome.starts.push(start);
            return { key: KEY };
          },
          onProgress: async (progress) => {
            outcome.progress.push(progress);
            await new Promise((resolve) => setTimeout(resolve, 5));
          },
        });
      } catch (error) {
        outcome.error = error;
        throw error;
      } finally {
        settle();
      }
    });
    url = `${await app.listen({ host: '127.0.0.1', port: 0 })}/upload`;
  });

  beforeEach(async () => {
    outcomes = [];
    minRate = undefined;
    settled = new Promise((resolve) => {
      settle = resolve;
    });
    await storage.write(KEY, previous);
  });

  afterAll(async () => {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  });

  const tempFiles = async () => readdir(storage.tempDir).catch(() => []);
  const expectPreviousIntact = async () => {
    await settled;
    expect(await readFile(storage.resolve(KEY))).toEqual(previous);
    expect(await tempFiles()).toEqual([]);
  };
  const post = (parts: MultipartFilePart[], options?: Parameters<typeof postMultipart>[2]) =>
    postMultipart(url, parts, { chunkSize: 64 * 1024, ...options });

  it('streams a several-MB mp4 to storage, reporting progress', async () => {
    const body = mp4Bytes(6 * 1024 * 1024 + 123);
    const result = await post([
      { fileName: 'My talk – take 2.mp4', contentType: 'video/mp4', body },
    ]);
    expect(result.status).toBe(200);
    expect(JSON.parse(result.body)).toEqual({
      key: KEY,
      fileName: 'My talk – take 2.mp4',
      mimeType: 'video/mp4',
      size: body.length,
    });
    expect(Buffer.compare(await readFile(storage.resolve(KEY)), body)).toBe(0);
    const [outcome] = outcomes;
    expect(outcome?.starts).toEqual([
      { fileName: 'My talk – take 2.mp4', mimeType: 'video/mp4', expectedSize: body.length },
    ]);
    const progress = outcome?.progress ?? [];
    expect(progress.length).toBeGreaterThan(0);
    for (const [i, p] of progress.entries()) {
      expect(p.expectedSize).toBe(body.length);
      expect(p.bytesWritten).toBeLessThanOrEqual(body.length);
      if (i > 0) expect(p.bytesWritten).toBeGreaterThan(progress[i - 1]?.bytesWritten ?? 0);
    }
    expect(await tempFiles()).toEqual([]);
  });

  it('accepts a chunked upload without Content-Length (size unknown while it arrives)', async () => {
    const body = mp4Bytes(300 * 1024);
    const result = await post(
      [{ fileName: 'a.MP4', contentType: 'application/octet-stream', body }],
      {
        chunked: true,
      },
    );
    expect(result.status).toBe(200);
    expect(outcomes[0]?.starts[0]?.expectedSize).toBeUndefined();
    expect(Buffer.compare(await readFile(storage.resolve(KEY)), body)).toBe(0);
  });

  it('rejects two files and keeps the previous video', async () => {
    const result = await post([
      { fileName: 'one.mp4', contentType: 'video/mp4', body: mp4Bytes(200 * 1024) },
      { fileName: 'two.mp4', contentType: 'video/mp4', body: mp4Bytes(200 * 1024) },
    ]);
    expect(result.status).toBe(400);
    expect(JSON.parse(result.body)).toEqual({ err: UPLOAD_MESSAGES.oneFile });
    await expectPreviousIntact();
  });

  it('rejects a file over the limit with 413 and keeps the previous video', async () => {
    const result = await post([{ fileName: 'big.mp4', contentType: 'video/mp4', body: LIMIT + 1 }]);
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body)).toEqual({ err: tooLargeMessage(LIMIT) });
    expect(tooLargeMessage(1024 ** 3)).toBe(
      'Your video is larger than the 1GB upload limit. Please upload a smaller video.',
    );
    await expectPreviousIntact();
  });

  it('rejects an oversized Content-Length before reading the body', async () => {
    // The server answers and closes while the client is still sending; the client may see the
    // reply or only the reset, depending on timing, so the server's own outcome is checked.
    const result = await post([
      { fileName: 'huge.mp4', contentType: 'video/mp4', body: LIMIT * 4 },
    ]).catch(() => undefined);
    if (result) expect(result.status).toBe(413);
    await settled;
    expect(outcomes[0]?.error).toMatchObject({ statusCode: 413, message: tooLargeMessage(LIMIT) });
    expect(outcomes[0]?.starts).toEqual([]);
    await expectPreviousIntact();
  });

  it('accepts a file of exactly the limit', async () => {
    const result = await post([{ fileName: 'edge.mp4', contentType: 'video/mp4', body: LIMIT }]);
    expect(result.status).toBe(200);
    expect(JSON.parse(result.body)).toMatchObject({ size: LIMIT });
  });

  it.each([
    [
      'a non-.mp4 name',
      { fileName: 'notes.txt', contentType: 'text/plain', body: mp4Bytes(1000) },
      UPLOAD_MESSAGES.notMp4,
    ],
    [
      'a non-video type',
      { fileName: 'clip.mp4', contentType: 'image/png', body: mp4Bytes(1000) },
      UPLOAD_MESSAGES.notMp4,
    ],
    [
      'an .mp4 name on text',
      {
        fileName: 'clip.mp4',
        contentType: 'video/mp4',
        body: Buffer.from('hello, not a video at all'),
      },
      'This file is text, not a video: choose an .mp4 video',
    ],
  ])('rejects %s with 415 and keeps the previous video', async (_what, part, err) => {
    const result = await post([part]);
    expect(result.status).toBe(415);
    expect(JSON.parse(result.body)).toEqual({ err });
    expect(outcomes[0]?.starts).toEqual([]);
    await expectPreviousIntact();
  });

  it('rejects a request without a file', async () => {
    const result = await post([]);
    expect(result.status).toBe(400);
    expect(JSON.parse(result.body)).toEqual({ err: UPLOAD_MESSAGES.noFile });
    await expectPreviousIntact();
  });

  it('rejects a non-multipart body', async () => {
    const response = await app.inject({ method: 'POST', url: '/upload', payload: { file: 'x' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ err: UPLOAD_MESSAGES.notMultipart });
  });

  it('cleans up an aborted upload and keeps the previous video', async () => {
    const result = await post(
      [{ fileName: 'cut.mp4', contentType: 'video/mp4', body: 4 * 1024 * 1024 }],
      {
        abortAfterBytes: 1024 * 1024,
      },
    );
    expect(result.aborted).toBe(true);
    await expectPreviousIntact();
    expect(outcomes[0]?.starts).toHaveLength(1);
    expect(outcomes[0]?.error).toMatchObject({
      statusCode: 400,
      message: UPLOAD_MESSAGES.interrupted,
    });
  });

  it('stops a body that trickles below the minimum rate, freeing its room and temp file', async () => {
    minRate = { bytesPerSecond: 64 * 1024, windowMs: 300 };
    // The first 100 KB arrive at once, then nothing: a client holding its reservation open.
    const result = await post(
      [{ fileName: 'slow.mp4', contentType: 'video/mp4', body: 4 * 1024 * 1024 }],
      { stallAfterBytes: 100 * 1024 },
    );
    expect(result.status).toBe(408);
    expect(JSON.parse(result.body)).toEqual({ err: tooSlowMessage(minRate) });
    expect(outcomes[0]?.starts).toHaveLength(1);
    await expectPreviousIntact();
    expect(tooSlowMessage({ bytesPerSecond: 16 * 1024, windowMs: 60_000 })).toBe(
      'The upload was too slow (under 16 KB/s for a minute) and was stopped. Please try again on a faster connection.',
    );
  });

  it('keeps a body that arrives steadily above the minimum rate', async () => {
    minRate = { bytesPerSecond: 64 * 1024, windowMs: 300 };
    const body = mp4Bytes(3 * 1024 * 1024);
    const result = await post([{ fileName: 'ok.mp4', contentType: 'video/mp4', body }]);
    expect(result.status).toBe(200);
    expect(Buffer.compare(await readFile(storage.resolve(KEY)), body)).toBe(0);
  });
});
