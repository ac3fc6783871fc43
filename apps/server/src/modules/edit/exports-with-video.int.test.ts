// "With the source video" (issue 34): a timeline and the uploaded video side by side in one zip,
// read back by an independent reader (Python's zipfile: every entry's CRC checked), the EDL's lists
// as files of their own, refused for transcripts and when the video is gone.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@roughcut/shared';
import { assets } from '../../db/tables/assets.schema.ts';
import { jobAssetKey } from '../../storage/storage-keys.ts';
import { TEST_DATABASES, startTestApp } from '../../test/test-app.ts';
import type { TestApp } from '../../test/test-app.ts';
import { caller, createJob, errOf, signUp } from '../../test/video-edits.ts';
import type { Call } from '../../test/video-edits.ts';
import { longTalk, seedExportableRun } from './exports.fixtures.ts';

/** Each entry's name and size, after Python's zipfile has checked every CRC. */
const PY_READ = `
import json, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    bad = z.testzip()
    print(json.dumps({"bad": bad, "entries": [[i.filename, i.file_size] for i in z.infolist()]}))
`;

describe.each(TEST_DATABASES)('exports with the source video on %s', (kind) => {
  let t: TestApp;
  let call: Call;
  let dir: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    call = caller(t, await signUp(t));
    dir = await mkdtemp(join(tmpdir(), 'rc-with-video-'));
  });
  afterAll(async () => {
    await t?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  /** An edit whose upload is stored: `video` bytes under the name talk.mp4. */
  const seeded = async (talk: Parameters<typeof longTalk>[0], video: Buffer) => {
    const job = await createJob(call);
    const run = await seedExportableRun(t.app.ctx.db, job.id, longTalk(talk));
    const [asset] = await t.app.ctx.db
      .select({ id: assets.id })
      .from(assets)
      .where(eq(assets.autoJobId, job.id));
    const key = jobAssetKey(job.id, asset!.id, 'talk.mp4');
    await t.app.ctx.storage.write(key, video);
    await t.app.ctx.db.update(assets).set({ storageKey: key }).where(eq(assets.id, asset!.id));
    return { job, key, ...run };
  };

  const readZip = async (body: Buffer, name: string) => {
    const path = join(dir, name);
    await writeFile(path, body);
    const out = execFileSync('python3', ['-c', PY_READ, path], { encoding: 'utf8' });
    return { path, ...(JSON.parse(out) as { bad: string | null; entries: [string, number][] }) };
  };

  it('zips the timeline with the video beside it, the link being the video’s name', async () => {
    const video = randomBytes(3 * 1024 * 1024 + 17);
    const edit = await seeded({ durationS: 120, gaps: 10, phrases: 10 }, video);
    const url = apiPaths.editExport(edit.job.id, 'fcpxml', { with_video: 'true' });
    const response = await call('GET', url);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(/ \(long form\) with video\.zip"$/);
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    const zip = await readZip(response.rawPayload, 'fcpxml.zip');
    expect(zip.bad).toBeNull();
    expect(zip.entries.map(([name]) => name)).toEqual([
      expect.stringMatching(/ \(long form\)\.fcpxml$/),
      'talk.mp4',
    ]);
    expect(zip.entries[1]![1]).toBe(video.length);
    // The timeline inside is the same file as without the video, and it links the name beside it.
    const alone = await call('GET', apiPaths.editExport(edit.job.id, 'fcpxml'));
    expect(zip.entries[0]![1]).toBe(alone.rawPayload.length);
    expect(alone.body).toContain('src="talk.mp4"');
    const unzipped = join(dir, 'unzipped');
    execFileSync('python3', ['-m', 'zipfile', '-e', zip.path, unzipped]);
    expect((await readFile(join(unzipped, 'talk.mp4'))).equals(video)).toBe(true);
    // `1` says the same; a second download of the same state is the same bytes.
    const again = await call(
      'GET',
      apiPaths.editExport(edit.job.id, 'fcpxml', { with_video: '1' }),
    );
    expect(again.rawPayload.equals(response.rawPayload)).toBe(true);
  });

  it('puts the lists of a long EDL in as files of their own; a clip’s export zips too', async () => {
    const edit = await seeded({ durationS: 1300, gaps: 1200, phrases: 20 }, randomBytes(4096));
    const response = await call(
      'GET',
      apiPaths.editExport(edit.job.id, 'edl', { with_video: 'true' }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const zip = await readZip(response.rawPayload, 'edl.zip');
    expect(zip.bad).toBeNull();
    const names = zip.entries.map(([name]) => name);
    expect(names.length).toBeGreaterThan(2);
    expect(names.slice(0, -1).every((n) => /-part\d+\.edl$/.test(n))).toBe(true);
    expect(names.at(-1)).toBe('talk.mp4');
    const clip = await call(
      'GET',
      apiPaths.clipExport(edit.job.id, edit.instanceId, edit.shortId, 'mlt', {
        with_video: 'true',
        media_folder: '/Users/me/Videos',
      }),
    );
    expect(clip.statusCode, clip.body).toBe(200);
    const clipZip = await readZip(clip.rawPayload, 'mlt.zip');
    expect(clipZip.entries.map(([name]) => name)).toEqual([
      expect.stringMatching(/ \(clip\)\.mlt$/),
      'talk.mp4',
    ]);
  });

  it('refuses a transcript with the video, and says so when the video is gone', async () => {
    const edit = await seeded({ durationS: 120, gaps: 10, phrases: 10 }, randomBytes(1024));
    const srt = await call('GET', apiPaths.editExport(edit.job.id, 'srt', { with_video: 'true' }));
    expect(srt.statusCode).toBe(400);
    expect(errOf(srt)).toMatch(/transcript is timed on the cut video/);
    const without = await call('GET', apiPaths.editExport(edit.job.id, 'srt', { with_video: '0' }));
    expect(without.statusCode).toBe(200);
    await t.app.ctx.storage.delete(edit.key);
    const gone = await call(
      'GET',
      apiPaths.editExport(edit.job.id, 'otio', { with_video: 'true' }),
    );
    expect(gone.statusCode).toBe(409);
    expect(errOf(gone)).toMatch(/no longer there/);
    // Another user's edit stays not found, with or without the video.
    const stranger = caller(t, await signUp(t));
    const theirs = await stranger(
      'GET',
      apiPaths.editExport(edit.job.id, 'otio', { with_video: 'true' }),
    );
    expect(theirs.statusCode).toBe(404);
  });
});
