// Bad-input catalogue, part 2: uploads. Every refused file leaves the job's good video, its
// stored file and the rest of the owner's data as they were; hostile file names are accepted
// with the name made harmless, in the asset list and in the Content-Disposition of its link.
import { open, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, assetSchema, urlResponseSchema } from '@roughcut/shared';
import type { LightMyRequestResponse } from 'fastify';
import {
  makeAudioOnlyMp4,
  makeLyingLengthMp4,
  makeSilentVideo,
  makeTextFileNamedMp4,
  makeTruncatedMp4,
  makeVideoOfSize,
  makeZeroLengthFile,
} from '@roughcut/engine/testing';
import { findAssetOfEdit } from '../modules/assets/assets.repository.ts';
import { TEST_DATABASES, TEST_ORIGIN, withSession } from '../test/test-app.ts';
import { createJob, mp4Part, upload } from '../test/video-edits.ts';
import type { FilePart } from '../test/video-edits.ts';
import { errText, snapshot, startBadInputWorld } from './bad-input.fixture.ts';
import type { BadInputWorld } from './bad-input.fixture.ts';

const NOT_MP4 = 'Only .mp4 files can be edited. Please upload an .mp4 video.';
const REUPLOAD = 'Upload the complete .mp4 again, or export it again from your camera or editor.';
const MIB = 1024 * 1024;
/** The world's MAX_VIDEO_SECONDS: low, so a too-long video is quick to make. */
const MAX_VIDEO_SECONDS = 60;

type UploadCase = {
  name: string;
  parts: (w: BadInputWorld) => Promise<FilePart[]>;
  status: number;
  err: string | RegExp;
};

const file = async (make: Promise<string>, fileName = 'talk.mp4') =>
  mp4Part(await readFile(await make), fileName);

/** The tone video's ftyp box, then noise: it opens like an mp4 and holds nothing readable. */
async function corruptMp4(w: BadInputWorld): Promise<string> {
  const out = path.join(w.mediaDir, 'corrupt.mp4');
  const source = await open(w.toneVideo, 'r');
  try {
    const head = Buffer.alloc(32);
    await source.read(head, 0, 32, 0);
    let seed = 11;
    const noise = Buffer.alloc(256 * 1024, 0).map(() => (seed = (seed * 48271) % 2147483647) & 255);
    await writeFile(out, Buffer.concat([head, noise]));
  } finally {
    await source.close();
  }
  return out;
}

const CASES: UploadCase[] = [
  {
    name: 'a text file',
    parts: () =>
      Promise.resolve([
        { fileName: 'notes.txt', contentType: 'text/plain', body: Buffer.from('my notes') },
      ]),
    status: 415,
    err: NOT_MP4,
  },
  {
    name: 'a QuickTime .mov',
    parts: async (w) => [
      { fileName: 'talk.mov', contentType: 'video/quicktime', body: await readFile(w.toneVideo) },
    ],
    status: 415,
    err: NOT_MP4,
  },
  {
    name: 'a text file renamed to .mp4',
    parts: async (w) => [await file(makeTextFileNamedMp4({ dir: w.mediaDir }))],
    status: 415,
    err: 'This file is text, not a video: choose an .mp4 video',
  },
  {
    name: 'an empty (0 byte) file',
    parts: async (w) => [await file(makeZeroLengthFile({ dir: w.mediaDir }))],
    status: 400,
    err: 'The file is empty. Please upload an .mp4 video.',
  },
  {
    name: 'a truncated mp4',
    parts: async (w) => [
      await file(makeTruncatedMp4(w.toneVideo, { dir: w.mediaDir, keepFraction: 0.4 })),
    ],
    status: 400,
    err: new RegExp(`^The video file is (incomplete|damaged).*${REUPLOAD.replace(/\./g, '\\.')}`),
  },
  {
    name: 'a corrupt mp4',
    parts: async (w) => [await file(corruptMp4(w))],
    status: 400,
    err: new RegExp(`^The video file is (damaged|incomplete).*${REUPLOAD.replace(/\./g, '\\.')}`),
  },
  {
    name: 'an mp4 without sound',
    parts: async (w) => [await file(makeSilentVideo({ dir: w.mediaDir }))],
    status: 400,
    err: /^The video has no sound track, so there is no speech to edit\. Upload a video recorded with sound\./,
  },
  {
    name: 'an mp4 without a picture',
    parts: async (w) => [await file(makeAudioOnlyMp4({ dir: w.mediaDir }))],
    status: 400,
    err: /^The file has sound but no picture\. Upload a video \(\.mp4\) with both a picture and a sound track\./,
  },
  {
    name: 'a video longer than MAX_VIDEO_SECONDS',
    parts: async (w) => [
      await file(makeVideoOfSize({ dir: w.mediaDir, width: 64, height: 64, durationS: 90 })),
    ],
    status: 400,
    err: 'This video is 1 min 30 s long; Roughcut edits videos up to 1 min. Trim it and upload it again.',
  },
  {
    name: 'a 2x2 picture',
    parts: async (w) => [await file(makeVideoOfSize({ dir: w.mediaDir, width: 2, height: 2 }))],
    status: 400,
    err: "This video's picture is 2x2 pixels; Roughcut needs at least 64 pixels on each side to render it with subtitles. Upload a larger video.",
  },
  {
    name: 'a picture wider than 4K',
    parts: async (w) => [await file(makeVideoOfSize({ dir: w.mediaDir, width: 4160, height: 64 }))],
    status: 400,
    err: "This video's picture is 4160x64 pixels; Roughcut edits videos up to 4096 pixels on each side (4K). Export it at 4K (3840x2160) or smaller and upload it again.",
  },
  {
    name: 'two files',
    parts: async (w) => {
      const video = await readFile(w.toneVideo);
      return [mp4Part(video, 'one.mp4'), mp4Part(video, 'two.mp4')];
    },
    status: 400,
    err: 'Please only upload one file',
  },
];

describe.each(TEST_DATABASES)('bad uploads on %s', (kind) => {
  let w: BadInputWorld;
  let before: unknown;
  beforeAll(async () => {
    w = await startBadInputWorld(kind, { MAX_VIDEO_SECONDS: String(MAX_VIDEO_SECONDS) });
    before = await snapshot(w);
  });
  afterAll(async () => {
    await w?.close();
  });

  const expectRefused = async (
    response: LightMyRequestResponse,
    status: number,
    err: string | RegExp,
  ) => {
    expect(response.statusCode).toBe(status);
    if (typeof err === 'string') expect(errText(response)).toBe(err);
    else expect(errText(response)).toMatch(err);
    expect(await snapshot(w)).toEqual(before);
  };

  it.each(CASES)('refuses $name and keeps the good video', async ({ parts, status, err }) => {
    const response = await upload(w.t, w.owner.token, w.keep.id, await parts(w));
    await expectRefused(response, status, err);
  });

  it('accepts a 2 s video whose header claims 4,000,000 s, storing its measured length', async () => {
    const job = await createJob(w.owner.call, ['short-form-clips'], 'Lying header');
    const response = await upload(w.t, w.owner.token, job.id, [
      await file(makeLyingLengthMp4({ dir: w.mediaDir })),
    ]);
    expect(response.statusCode).toBe(200);
    const stored = await findAssetOfEdit(
      w.t.app.ctx.db,
      job.id,
      assetSchema.parse(response.json()).id,
    );
    expect(stored?.probe?.durationS).toBeGreaterThan(1.9);
    expect(stored?.probe?.durationS).toBeLessThanOrEqual(2.1);
    expect((await w.owner.call('DELETE', apiPaths.autojob(job.id))).statusCode).toBe(200);
    expect(await snapshot(w)).toEqual(before);
  });

  it('refuses a form with no file in it', async () => {
    const response = await w.t.app.inject({
      method: 'POST',
      url: apiPaths.autojobUpload(w.keep.id),
      headers: { origin: TEST_ORIGIN, 'content-type': 'multipart/form-data; boundary=x' },
      ...withSession(w.owner.token),
      payload: '--x\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--x--\r\n',
    });
    await expectRefused(response, 400, 'Please choose an .mp4 video to upload.');
  });

  it('refuses JSON sent to the upload', async () => {
    const response = await w.owner.call('POST', apiPaths.autojobUpload(w.keep.id), { file: 'x' });
    await expectRefused(
      response,
      400,
      'Please upload the video as a multipart form with one file.',
    );
  });

  it("refuses an upload into another user's job", async () => {
    const response = await upload(w.t, w.owner.token, w.foreign.id, [
      mp4Part(await readFile(w.toneVideo)),
    ]);
    await expectRefused(response, 404, 'This video edit does not exist. It may have been deleted.');
  });

  it('stops a file announced as over 1 GB early, before reading it', async () => {
    const head = Buffer.from(
      '--x\r\nContent-Disposition: form-data; name="file"; filename="huge.mp4"\r\nContent-Type: video/mp4\r\n\r\n',
    );
    const total = 1024 * MIB + 8 * MIB;
    let produced = 0;
    const payload = Readable.from(
      (function* () {
        yield head;
        for (; produced < total; produced += MIB) yield Buffer.alloc(MIB);
      })(),
    );
    const response = await w.t.app.inject({
      method: 'POST',
      url: apiPaths.autojobUpload(w.keep.id),
      headers: {
        origin: TEST_ORIGIN,
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(total + head.length),
      },
      ...withSession(w.owner.token),
      payload,
    });
    await expectRefused(
      response,
      413,
      'Your video is larger than the 1GB upload limit. Please upload a smaller video.',
    );
    expect(produced).toBeLessThan(64 * MIB);
  });

  it.each([
    ['a path that climbs out', '../../../etc/passwd.mp4', 'passwd.mp4'],
    ['a right-to-left override', 'clip\u202E4pm.exe.mp4', 'clip4pm.exe.mp4'],
    ['markup', '<img src=x onerror=alert(1)>.mp4', 'img src=x onerror=alert(1).mp4'],
    ['reserved characters', 'a:b|c?d*e.mp4', 'abcde.mp4'],
    ['ASS override text', '{an8}{pos(0,0)}talk.mp4', '{an8}{pos(0,0)}talk.mp4'],
  ])('accepts a video named with %s, under a harmless name', async (_what, name, shown) => {
    const job = await createJob(w.owner.call, ['short-form-clips'], 'Hostile name');
    const response = await upload(w.t, w.owner.token, job.id, [
      mp4Part(await readFile(w.toneVideo), name),
    ]);
    expect(response.statusCode).toBe(200);
    const asset = assetSchema.parse(response.json());
    expect(asset.name).toBe(shown);
    const link = await w.owner.call('GET', apiPaths.autojobAsset(job.id, asset.id));
    const { url } = urlResponseSchema.parse(link.json());
    const media = await w.t.app.inject({ method: 'HEAD', url: new URL(url, TEST_ORIGIN).href });
    expect(media.statusCode).toBe(200);
    const disposition = String(media.headers['content-disposition']);
    // eslint-disable-next-line no-control-regex
    expect(disposition).not.toMatch(/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/);
    expect(fileNameOf(disposition)).toBe(shown);
    expect((await w.owner.call('DELETE', apiPaths.autojob(job.id))).statusCode).toBe(200);
    expect(await snapshot(w)).toEqual(before);
  });
});

/** The name a browser saves under: filename* when present, else the quoted filename. */
function fileNameOf(disposition: string): string {
  const extended = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1];
  if (extended) return decodeURIComponent(extended);
  return /filename="([^"]*)"/.exec(disposition)?.[1] ?? '';
}
