// What the export endpoints take beyond the format (issue 34): the Kdenlive project, the folder the
// video is in on the user's computer (checked, part of the stored export's state), the zip of EDL
// lists served as plain `application/zip`, and a short's stored framing in its timelines. Edits
// are stored directly (exports.fixtures.ts): no analysis, no render.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@roughcut/shared';
import { clips } from '../../db/tables/clips.schema.ts';
import { TEST_DATABASES, startTestApp } from '../../test/test-app.ts';
import type { TestApp } from '../../test/test-app.ts';
import { caller, createJob, errOf, signUp } from '../../test/video-edits.ts';
import type { Call } from '../../test/video-edits.ts';
import { longTalk, seedExportableRun } from './exports.fixtures.ts';

describe.each(TEST_DATABASES)('export options on %s', (kind) => {
  let t: TestApp;
  let call: Call;
  beforeAll(async () => {
    t = await startTestApp(kind);
    call = caller(t, await signUp(t));
  });
  afterAll(async () => {
    await t?.close();
  });

  const seeded = async (talk: Parameters<typeof longTalk>[0]) => {
    const job = await createJob(call);
    return { job, ...(await seedExportableRun(t.app.ctx.db, job.id, longTalk(talk))) };
  };
  const stored = (jobId: string) => t.app.ctx.storage.list(`jobs/${jobId}/exports`);

  it('serves the Kdenlive project under its own name and type', async () => {
    const edit = await seeded({ durationS: 120, gaps: 10, phrases: 10 });
    const response = await call('GET', apiPaths.editExport(edit.job.id, 'kdenlive'));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/ \(long form\)\.kdenlive"$/);
    expect(response.body).toContain('<property name="kdenlive:docproperties.version">1</property>');
    expect(response.body).toContain('<property name="resource">talk.mp4</property>');
  });

  it('links the video in the folder asked for, a new file per folder; refuses a bad folder', async () => {
    const edit = await seeded({ durationS: 120, gaps: 10, phrases: 10 });
    const url = (folder?: string) =>
      apiPaths.editExport(
        edit.job.id,
        'fcpxml',
        folder === undefined ? undefined : { media_folder: folder },
      );
    const beside = await call('GET', url());
    expect(beside.body).toContain('<media-rep kind="original-media" src="talk.mp4"/>');
    const mac = await call('GET', url('/Users/me/My Videos'));
    expect(mac.statusCode, mac.body).toBe(200);
    expect(mac.body).toContain('src="file:///Users/me/My%20Videos/talk.mp4"');
    const windows = await call('GET', url('C:\\Users\\me\\Videos'));
    expect(windows.body).toContain('src="file:///C:/Users/me/Videos/talk.mp4"');
    // Each folder is a state of its own: never the file made for another folder.
    const [windowsKept] = await stored(edit.job.id);
    expect(windowsKept).toMatch(/\/fcpxml\.fcpxml$/);
    // An empty field is no folder: the file made without one, the folder's file replaced.
    expect((await call('GET', url(''))).body).toBe(beside.body);
    const [besideKept, ...more] = await stored(edit.job.id);
    expect(more).toEqual([]);
    expect(besideKept).not.toBe(windowsKept);
    for (const bad of [
      'Videos',
      '/Users/me/../../etc',
      '/Users/me\nVideos',
      `/${'a'.repeat(1100)}`,
    ]) {
      const refused = await call('GET', url(bad));
      expect(refused.statusCode, bad).toBe(400);
      expect(errOf(refused)).not.toBe('');
    }
  });

  it('serves a zip of EDL lists as application/zip, without a charset', async () => {
    const edit = await seeded({ durationS: 1300, gaps: 1200, phrases: 20 });
    const response = await call('GET', apiPaths.editExport(edit.job.id, 'edl'));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(/\.zip"$/);
    const text = await call('GET', apiPaths.editExport(edit.job.id, 'srt'));
    expect(text.headers['content-type']).toBe('application/x-subrip; charset=utf-8');
  });

  it('exports a short as its render frames it: 1080x1920 along its stored follow plan', async () => {
    const edit = await seeded({ durationS: 60, gaps: 6, phrases: 6 });
    const framing = {
      startS: 0,
      endS: 60,
      follow: {
        mode: 'follow' as const,
        path: [
          { t: 0, cx: 0.2 },
          { t: 30, cx: 0.8 },
        ],
      },
      split: { mode: 'follow' as const, path: [{ t: 0, cx: 0.2 }] },
    };
    await t.app.ctx.db
      .update(clips)
      .set({ reframe: 'follow', framing })
      .where(eq(clips.id, edit.shortId));
    const url = apiPaths.clipExport(edit.job.id, edit.instanceId, edit.shortId, 'mlt');
    const response = await call('GET', url);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).toContain('width="1080" height="1920"');
    expect(response.body).toMatch(/<property name="transition.rect">0=[-\d.]+ 0 [\d.]+ 1920 1;/);
  });
});
