// Bad-input catalogue, part 3: what is said (or not) in the video. A video with sound and no
// speech is analysed for real and tells the user so; ASS override text typed into phrases and
// names is kept as typed and can never become a subtitle tag.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_DRAW_SETTINGS,
  apiPaths,
  autoJobSchema,
  clipListResponseSchema,
  clipSchema,
  templateListResponseSchema,
} from '@roughcut/shared';
import { buildAss } from '@roughcut/engine/subtitles';
import { NUL_MESSAGE } from '../http/security.ts';
import { reviewable } from '../modules/edit/clips.fixtures.ts';
import type { Reviewable } from '../modules/edit/clips.fixtures.ts';
import { TEST_DATABASES } from '../test/test-app.ts';
import { createJob, mp4Part, upload, waitForStatus } from '../test/video-edits.ts';
import { errText, snapshot, startBadInputWorld } from './bad-input.fixture.ts';
import type { BadInputWorld } from './bad-input.fixture.ts';

const OVERRIDE = '{\\an8}{\\pos(10,10)}{\\c&H0000FF&}Gotcha\\N{\\fs200}';

describe.each(TEST_DATABASES)('bad speech and subtitle text on %s', (kind) => {
  let w: BadInputWorld;
  let r: Reviewable;
  beforeAll(async () => {
    w = await startBadInputWorld(kind);
    r = await reviewable(w.t, await readFile(w.toneVideo));
  });
  afterAll(async () => {
    await w?.close();
  });

  it('analyses a video with no speech and says so, keeping the rest', async () => {
    const before = await snapshot(w);
    const job = await createJob(w.owner.call, ['optimised-long-form', 'short-form-clips'], 'Hum');
    const uploaded = await upload(w.t, w.owner.token, job.id, [
      mp4Part(await readFile(w.toneVideo), 'hum.mp4'),
    ]);
    expect(uploaded.statusCode).toBe(200);
    expect((await w.owner.call('POST', apiPaths.autojobStart(job.id))).statusCode).toBe(200);
    const done = await waitForStatus(w.owner.call, job.id, ['awaiting-confirmation', 'failed'], {
      timeoutMs: 300_000,
    });
    expect(done.status).toBe('awaiting-confirmation');
    const clips = clipListResponseSchema.parse(
      (
        await w.owner.call('GET', apiPaths.instanceClips(job.id, done.job_instance?.id ?? ''))
      ).json(),
    );
    // Only the long form is offered, saying why it has no subtitles (the clip screen then shows
    // "No transcription found"); there is nothing to make short clips from.
    expect(clips).toHaveLength(1);
    expect(clips[0]).toMatchObject({
      is_long_form: true,
      description: 'No speech was recognised in this video.',
      segments: [],
    });
    expect((await w.owner.call('DELETE', apiPaths.autojob(job.id))).statusCode).toBe(200);
    expect(await snapshot(w)).toEqual(before);
  });

  it('keeps ASS override text typed into a phrase as text, never as a tag', async () => {
    const clips = clipListResponseSchema.parse(
      (await r.call('GET', apiPaths.instanceClips(r.jobId, r.instanceId))).json(),
    );
    const short = clips.find((clip) => !clip.is_long_form);
    if (!short) throw new Error('the fixture has a short clip');
    const confirm = await r.call('POST', apiPaths.clipConfirm(r.jobId, r.instanceId, short.id), {
      subtitle: DEFAULT_DRAW_SETTINGS,
      phrases: [{ start: 1, end: 3.2, phrase: OVERRIDE }],
    });
    expect(confirm.statusCode).toBe(200);
    const stored = clipSchema.parse(
      (await r.call('GET', apiPaths.clip(r.jobId, r.instanceId, short.id))).json(),
    );
    expect(stored.segments.map((segment) => segment.phrase)).toContain(OVERRIDE);
    const script = buildAss(stored.segments, stored.draw_settings);
    const dialogue = script.split('\n').filter((line) => line.startsWith('Dialogue:'));
    expect(dialogue).toHaveLength(stored.segments.filter((s) => s.phrase.trim()).length);
    for (const line of dialogue) expect(line.split(',,').slice(1).join(',,')).not.toMatch(/[{}\\]/);
  });

  it.each([
    ['a NUL', 'Hi\u0000there', NUL_MESSAGE],
    [
      'a line break',
      'Hi\nthere',
      'A phrase cannot contain line breaks, tabs or other control characters. Remove them.',
    ],
    ['501 characters', 'p'.repeat(501), 'A phrase can hold at most 500 characters. Shorten it.'],
  ])('refuses a phrase with %s and keeps the clip as it was', async (_what, phrase, message) => {
    const clipsUrl = apiPaths.instanceClips(r.jobId, r.instanceId);
    const before = (await r.call('GET', clipsUrl)).json<unknown>();
    const [clip] = clipListResponseSchema.parse(before);
    const response = await r.call(
      'POST',
      apiPaths.clipConfirm(r.jobId, r.instanceId, clip?.id ?? ''),
      {
        subtitle: DEFAULT_DRAW_SETTINGS,
        phrases: [{ start: 1, end: 3.2, phrase }],
      },
    );
    expect(response.statusCode).toBe(400);
    expect(errText(response)).toBe(message);
    expect((await r.call('GET', clipsUrl)).json()).toEqual(before);
  });

  it('keeps ASS override text in job and template names exactly as typed', async () => {
    const job = await createJob(w.owner.call, ['short-form-clips'], OVERRIDE);
    const read = autoJobSchema.parse((await w.owner.call('GET', apiPaths.autojob(job.id))).json());
    expect(read.name).toBe(OVERRIDE);
    const made = await w.owner.call('PUT', apiPaths.templates(), { name: OVERRIDE });
    expect(made.statusCode).toBe(200);
    const templates = templateListResponseSchema.parse(
      (await w.owner.call('GET', apiPaths.templates())).json(),
    );
    expect(templates.map((template) => template.name)).toContain(OVERRIDE);
  });
});
