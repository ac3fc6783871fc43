// Upload benchmark: streams a generated multipart upload through a real HTTP connection on
// 127.0.0.1 into a Fastify instance running receiveUpload, and reports throughput and RSS.
//   npm run bench -- upload     (1 GiB)
//   node apps/server/bench/upload.bench.ts [MB]
import multipart from '@fastify/multipart';
import { MAX_UPLOAD_BYTES } from '@roughcut/shared';
import Fastify from 'fastify';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { registerErrorHandling } from '../src/http/errors.ts';
import { MediaStorage } from '../src/storage/media-storage.ts';
import { postMultipart } from '../src/test/multipart-client.ts';
import { receiveUpload } from '../src/storage/upload.ts';

export type UploadBenchOptions = {
  /** Bytes to upload (default 1 GiB). */
  bytes?: number;
  /** Parent folder for the scratch storage (default the OS temp folder). */
  dir?: string;
  sampleIntervalMs?: number;
};

export type UploadBenchResult = {
  bytes: number;
  seconds: number;
  mbPerSecond: number;
  /** RSS of this process (server and the small streaming client) before the upload, MiB. */
  baselineRssMb: number;
  peakRssMb: number;
  rssGrowthMb: number;
  progressReports: number;
};

const MIB = 1024 * 1024;

export async function benchUpload(options: UploadBenchOptions = {}): Promise<UploadBenchResult> {
  const bytes = options.bytes ?? 1024 * MIB;
  const scratch = await mkdtemp(path.join(options.dir ?? os.tmpdir(), 'roughcut-upload-bench-'));
  const storage = new MediaStorage(path.join(scratch, 'media'));
  const app = Fastify();
  registerErrorHandling(app);
  await app.register(multipart);
  let progressReports = 0;
  app.post('/upload', async (request) =>
    receiveUpload(request, {
      storage,
      maxBytes: Math.max(bytes, MAX_UPLOAD_BYTES),
      onStart: () => ({ key: 'bench/upload/video.mp4' }),
      onProgress: () => {
        progressReports += 1;
      },
    }),
  );
  try {
    const url = `${await app.listen({ host: '127.0.0.1', port: 0 })}/upload`;
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, options.sampleIntervalMs ?? 50);
    const started = performance.now();
    let result;
    try {
      result = await postMultipart(
        url,
        [{ fileName: 'bench.mp4', contentType: 'video/mp4', body: bytes }],
        {
          chunkSize: 1 * MIB,
        },
      );
    } finally {
      clearInterval(sampler);
    }
    const seconds = (performance.now() - started) / 1000;
    peak = Math.max(peak, process.memoryUsage().rss);
    if (result.status !== 200) throw new Error(`upload failed: ${result.status} ${result.body}`);
    const stored = await storage.stat('bench/upload/video.mp4');
    if (stored?.size !== bytes)
      throw new Error(`stored ${stored?.size ?? 0} bytes, expected ${bytes}`);
    return {
      bytes,
      seconds: round(seconds),
      mbPerSecond: round(bytes / MIB / seconds),
      baselineRssMb: round(baseline / MIB),
      peakRssMb: round(peak / MIB),
      rssGrowthMb: round((peak - baseline) / MIB),
      progressReports,
    };
  } finally {
    await app.close();
    await rm(scratch, { recursive: true, force: true });
  }
}

const round = (value: number): number => Math.round(value * 10) / 10;

/** The bench part (scripts/bench.ts): one upload of `mb` MiB, printed as a table. */
export async function run(mb = 1024): Promise<void> {
  const result = await benchUpload({ bytes: mb * MIB });
  const rows: [string, string][] = [
    ['uploaded', `${round(result.bytes / MIB)} MiB in ${result.seconds} s`],
    ['throughput', `${result.mbPerSecond} MiB/s`],
    ['RSS before', `${result.baselineRssMb} MiB`],
    ['RSS peak', `${result.peakRssMb} MiB (+${result.rssGrowthMb} MiB)`],
    ['progress reports', String(result.progressReports)],
  ];
  const width = Math.max(...rows.map(([measure]) => measure.length));
  for (const [measure, value] of rows) process.stdout.write(`${measure.padEnd(width)}  ${value}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await run(Number(process.argv[2] ?? 1024));
}
