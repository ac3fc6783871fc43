// Resource abuse through the exports (issue 32): a large timeline export made on the request thread
// held every other request, each download made the file again, one user could start any number at
// once, stored text XML cannot carry broke the XML files, and a '/' or '\' in an edit's name cut
// the start off the download names. Edits are stored directly (exports.fixtures.ts): no analysis.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_DRAW_SETTINGS,
  accountResponseSchema,
  apiPaths,
  urlResponseSchema,
} from '@roughcut/shared';
import type { ExportFormat } from '@roughcut/shared';
import { assets } from '../db/tables/assets.schema.ts';
import { clips } from '../db/tables/clips.schema.ts';
import { autoJobs } from '../db/tables/edit.schema.ts';
import { longTalk, seedExportableRun } from '../modules/edit/exports.fixtures.ts';
import { editedVideoName } from '../modules/pipeline/render-clip.ts';
import { jobAssetKey } from '../storage/storage-keys.ts';
import { TEST_DATABASES, startTestApp } from '../test/test-app.ts';
import type { TestApp } from '../test/test-app.ts';
import { caller, createJob, errOf, signUp } from '../test/video-edits.ts';
import type { Call } from '../test/video-edits.ts';

const run = promisify(execFile);
/**
 * How often the responsiveness test sends another user's small request. NOTE: often enough that
 * several fall within the large export, which takes a few hundred milliseconds since its cost grows
 * in a straight line (issue 35); at 100 ms two could be all.
 */
const PERIOD_MS = 25;
const SMALL = { durationS: 120, gaps: 40, phrases: 30 };
// NOTE: large enough that writing one export took seconds, as the audit's 1-hour edit did.
const LARGE = { durationS: 3600, gaps: 6000, phrases: 3000 };
const EXPECT_XML = `
import sys, xml.parsers.expat
xml.parsers.expat.ParserCreate().ParseFile(open(sys.argv[1], 'rb'))
`;

type User = { call: Call; token: string };

describe.each(TEST_DATABASES)('exports under load on %s', (kind) => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    dir = await mkdtemp(path.join(os.tmpdir(), 'rc-exports-load-'));
  });
  afterAll(async () => {
    await t?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const user = async (): Promise<User> => {
    const token = await signUp(t);
    return { token, call: caller(t, token) };
  };
  const editOf = async (
    owner: User,
    talk: Parameters<typeof longTalk>[0],
    options: { name?: string; fileName?: string; awaiting?: boolean } = {},
  ) => {
    const job = await createJob(owner.call, undefined, options.name);
    const seeded = await seedExportableRun(t.app.ctx.db, job.id, longTalk(talk), options);
    return { job, ...seeded };
  };
  const storedExports = (jobId: string) => t.app.ctx.storage.list(`jobs/${jobId}/exports`);

  it('serves a second download of the same state from storage; a new confirm makes a new file', async () => {
    const owner = await user();
    const edit = await editOf(owner, SMALL, { awaiting: true });
    const url = apiPaths.editExport(edit.job.id, 'xmeml');
    const downloads = async () =>
      accountResponseSchema.parse((await owner.call('GET', apiPaths.account())).json())
        .download_count;
    const before = await downloads();
    const first = await owner.call('GET', url);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-length']).toBe(String(first.rawPayload.length));
    const [kept, ...more] = await storedExports(edit.job.id);
    expect(more).toEqual([]);
    expect(kept).toMatch(/\/xmeml\.xml$/);
    // The first export counts toward the trial, once.
    expect(await downloads()).toBe(before + 1);

    // Served from storage: what is stored is what the second download gets.
    await t.app.ctx.storage.write(kept ?? '', '<stored/>\n');
    const second = await owner.call('GET', url);
    expect(second.statusCode).toBe(200);
    expect(second.body).toBe('<stored/>\n');
    expect(await downloads()).toBe(before + 1);

    // A new confirm (one gap fewer) is a new state: a new file, and the old one is gone.
    const talk = longTalk(SMALL);
    const confirmed = await owner.call(
      'POST',
      apiPaths.clipConfirm(edit.job.id, edit.instanceId, edit.longFormId),
      { cut: talk.gaps.slice(1), subtitle: DEFAULT_DRAW_SETTINGS, phrases: talk.segments },
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const third = await owner.call('GET', url);
    expect(third.statusCode).toBe(200);
    expect(third.body).not.toBe('<stored/>\n');
    expect(third.body.match(/<clipitem id="clipitem-v/g)?.length).toBe(
      (first.body.match(/<clipitem id="clipitem-v/g)?.length ?? 0) - 1,
    );
    const after = await storedExports(edit.job.id);
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(kept);
  });

  it('refuses a third export at once for one user with 429 and Retry-After, while another user’s run', async () => {
    const busy = await user();
    const other = await user();
    const large = await editOf(busy, LARGE);
    const small = await editOf(other, SMALL);
    const formats: ExportFormat[] = ['fcpxml', 'xmeml', 'otio'];
    const answers = await Promise.all([
      ...formats.map((f) => busy.call('GET', apiPaths.editExport(large.job.id, f))),
      other.call('GET', apiPaths.editExport(small.job.id, 'fcpxml')),
      other.call('GET', apiPaths.editExport(small.job.id, 'srt')),
    ]);
    const mine = answers.slice(0, 3);
    expect(mine.map((a) => a.statusCode).sort()).toEqual([200, 200, 429]);
    const refused = mine.find((a) => a.statusCode === 429);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    expect(errOf(refused!)).toMatch(/2 exports being made.*wait/);
    expect(answers.slice(3).map((a) => a.statusCode)).toEqual([200, 200]);
    // Once they are made the slots are free again.
    const again = await busy.call('GET', apiPaths.editExport(large.job.id, 'otio'));
    expect(again.statusCode).toBe(200);
  });

  it('answers other requests while a large export is being made', async () => {
    const owner = await user();
    const other = await user();
    await createJob(other.call);
    const large = await editOf(owner, LARGE);
    const exporting = owner.call('GET', apiPaths.editExport(large.job.id, 'edl'));
    // Another user's small requests, one due every PERIOD_MS: each one's time runs from when it
    // was due, so a request the held thread could not even start counts its wait too.
    const latencies: number[] = [];
    const answers: Promise<void>[] = [];
    let last = performance.now();
    let exportDone = false;
    let ticked!: () => void;
    // NOTE: exports are fast now (issue 35), so the ticks go on past the export until three
    // requests were sent: the count is then never short because the export won the race.
    const enoughTicks = new Promise<void>((resolve) => (ticked = resolve));
    const ticking = setInterval(() => {
      if (exportDone && answers.length >= 3) {
        clearInterval(ticking);
        ticked();
        return;
      }
      const due = last + PERIOD_MS;
      last = performance.now();
      const url = answers.length % 2 ? apiPaths.autojobs() : '/api/health';
      answers.push(
        other.call('GET', url).then((answer) => {
          expect(answer.statusCode).toBe(200);
          latencies.push(performance.now() - due);
        }),
      );
    }, PERIOD_MS);
    const exported = await exporting.finally(() => (exportDone = true));
    await enoughTicks;
    await Promise.all(answers);
    expect(exported.statusCode).toBe(200);
    // NOTE: 6,000 cuts are more than one CMX3600 list's 999 events: a zip of lists (issue 34).
    expect(exported.headers['content-type']).toMatch(/^application\/zip/);
    expect(exported.headers['content-disposition']).toMatch(/\.zip"$/);
    // NOTE: generous, for a loaded test machine: on the request thread one export held them for
    // seconds.
    expect(latencies.length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...latencies)).toBeLessThan(1500);
  });

  it('writes well-formed XML whatever the stored names and phrases hold', async () => {
    const owner = await user();
    const bad = ['\uFFFE', '\uFFFF', '\u0001', '\u000B', '\u001F'];
    const edit = await editOf(
      owner,
      { ...SMALL, text: (i) => `Word${bad[i % bad.length]}here and more` },
      { fileName: 'talk\uFFFF.mp4' },
    );
    // NOTE: stored as text could be before anything refused it where it is typed.
    await t.app.ctx.db
      .update(autoJobs)
      .set({ name: 'Name \uFFFE kept' })
      .where(eq(autoJobs.id, edit.job.id));
    await t.app.ctx.db
      .update(clips)
      .set({ title: 'Whole\uFFFF talk\u0002' })
      .where(eq(clips.id, edit.longFormId));
    for (const format of ['fcpxml', 'xmeml', 'mlt'] as const) {
      const answer = await owner.call('GET', apiPaths.editExport(edit.job.id, format));
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.body).toContain('Wordhere and more');
      expect(answer.body).toContain('talk.mp4');
      for (const ch of [...bad, '\u0002']) expect(answer.body).not.toContain(ch);
      const file = path.join(dir, `${kind}-export.${format}`);
      await writeFile(file, answer.rawPayload);
      await run('python3', ['-c', EXPECT_XML, file]);
      if (format === 'mlt') {
        const out = path.join(dir, `${kind}-melted.mlt`);
        const { stderr } = await run('melt', [file, '-consumer', `xml:${out}`], {
          cwd: dir,
          env: { ...process.env, HOME: dir },
        });
        expect(stderr).not.toContain('parse fatal');
        expect((await stat(out)).size).toBeGreaterThan(0);
      }
    }
  });

  it('keeps the whole edit name in download names with / and \\ in it', async () => {
    const owner = await user();
    const name = 'Q1/Q2 \\ review';
    const edit = await editOf(owner, SMALL, { name });
    const exported = await owner.call('GET', apiPaths.editExport(edit.job.id, 'srt'));
    expect(exported.headers['content-disposition']).toBe(
      'attachment; filename="Q1-Q2 - review - Whole talk (long form).srt"',
    );
    // Two rendered videos, named as the render names them: the download is a ZIP of both.
    const rows = await t.app.ctx.db.select().from(clips).where(eq(clips.autoJobId, edit.job.id));
    for (const clip of rows) {
      const assetId = crypto.randomUUID();
      const fileName = editedVideoName(name, clip);
      const key = jobAssetKey(edit.job.id, assetId, fileName);
      await t.app.ctx.storage.write(key, Buffer.from(`video of ${clip.title}`));
      await t.app.ctx.db.insert(assets).values({
        id: assetId,
        autoJobId: edit.job.id,
        jobInstanceId: edit.instanceId,
        clipId: clip.id,
        name: fileName,
        assetType: 'edited_video',
        status: 'uploaded',
        storageKey: key,
        size: 20,
        uploadedAmount: 20,
      });
    }
    const link = await owner.call('GET', apiPaths.autojobDownload(edit.job.id));
    expect(link.statusCode, link.body).toBe(200);
    const zip = await t.app.inject({ url: urlResponseSchema.parse(link.json()).url });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-disposition']).toBe('attachment; filename="Q1-Q2 - review.zip"');
    for (const entry of [
      'Q1-Q2 - review - Whole talk (long form).mp4',
      'Q1-Q2 - review - Opening minute (clip at 0m00s).mp4',
    ]) {
      expect(zip.rawPayload.includes(Buffer.from(entry)), entry).toBe(true);
    }
  });
});
