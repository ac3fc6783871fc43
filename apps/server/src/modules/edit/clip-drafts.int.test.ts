import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_DRAW_SETTINGS,
  JOB_STATE_MESSAGES,
  apiPaths,
  clipDraftResponseSchema,
  clipListResponseSchema,
  saveClipDraftResponseSchema,
} from '@roughcut/shared';
import type { ClipDraft } from '@roughcut/shared';
import { clipDrafts } from '../../db/tables/clips.schema.ts';
import { jobInstances } from '../../db/tables/edit.schema.ts';
import { TEST_DATABASES, startTestApp } from '../../test/test-app.ts';
import type { TestApp } from '../../test/test-app.ts';
import { talkingVideo } from '../../test/test-media.ts';
import { errOf, signUp, caller } from '../../test/video-edits.ts';
import { reviewable } from './clips.fixtures.ts';
import type { Reviewable } from './clips.fixtures.ts';
import { CLIP_CONFIRMED_DRAFT_MESSAGE } from './clip-state.rules.ts';

// Issue 31: the clip drafts API on a real database: saved and loaded, one per clip, held to the
// confirm's limits with the confirm's messages, owned like every clip, kept only while the clip
// is editable, and gone once a confirm (or the edit's deletion) replaces it.

/** A draft of the fixture's short clip (1 s to 6 s): a gap moved, one deleted, a phrase retyped. */
const DRAFT: ClipDraft = {
  confirmed_steps: ['speech-gaps'],
  cut: [{ id: 'gap-2', start: 3.8, end: 4.7 }],
  deleted_gaps: [{ id: 'gap-1', start: 3.2, end: 3.4 }],
  history: [
    { kind: 'move', id: 'gap-2', side: 'start', from: 3.6 },
    { kind: 'delete', id: 'gap-1' },
  ],
  phrases: [
    { start: 1, end: 3.2, phrase: 'Welcome to THE', valid: true },
    { start: 4.7, end: 6, phrase: 'video editing test', valid: null },
  ],
  tolerance: 0.75,
  subtitle: { ...DEFAULT_DRAW_SETTINGS, size: 40, bold: true },
  reframe: 'follow',
};

describe.each(TEST_DATABASES)('clip drafts on %s', (kind) => {
  let t: TestApp;
  let mediaDir: string;
  let talk: Buffer;
  beforeAll(async () => {
    t = await startTestApp(kind);
    mediaDir = await mkdtemp(path.join(os.tmpdir(), 'roughcut-drafts-media-'));
    talk = await readFile(await talkingVideo(mediaDir));
  });
  afterAll(async () => {
    await t?.close();
    if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
  });

  /** An edit awaiting review and the urls of its short clip. */
  async function shortClip(): Promise<Reviewable & { clipId: string; url: ClipUrls }> {
    const edit = await reviewable(t, talk);
    const clips = clipListResponseSchema.parse(
      (await edit.call('GET', apiPaths.instanceClips(edit.jobId, edit.instanceId))).json(),
    );
    const clipId = clips.find((c) => !c.is_long_form)?.id ?? '';
    return { ...edit, clipId, url: urlsOf(edit.jobId, edit.instanceId, clipId) };
  }

  type ClipUrls = ReturnType<typeof urlsOf>;
  const urlsOf = (jobId: string, instanceId: string, clipId: string) => ({
    draft: apiPaths.clipDraft(jobId, instanceId, clipId),
    confirm: apiPaths.clipConfirm(jobId, instanceId, clipId),
    unconfirm: apiPaths.clipUnconfirm(jobId, instanceId, clipId),
  });

  const draftRows = (clipIds: string[]) =>
    t.app.ctx.db.select().from(clipDrafts).where(inArray(clipDrafts.clipId, clipIds));

  it('saves a draft, loads it back, and keeps one per clip', async () => {
    const { call, clipId, url } = await shortClip();
    expect(clipDraftResponseSchema.parse((await call('GET', url.draft)).json())).toEqual({
      draft: null,
      saved_at: null,
    });
    const saved = await call('PUT', url.draft, DRAFT);
    expect(saved.statusCode, saved.body).toBe(200);
    const { saved_at } = saveClipDraftResponseSchema.parse(saved.json());
    expect(clipDraftResponseSchema.parse((await call('GET', url.draft)).json())).toEqual({
      draft: DRAFT,
      saved_at,
    });

    const next = { ...DRAFT, confirmed_steps: ['speech-gaps', 'subtitles'], phrases: [] };
    expect((await call('PUT', url.draft, next)).statusCode).toBe(200);
    expect(clipDraftResponseSchema.parse((await call('GET', url.draft)).json()).draft).toEqual(
      next,
    );
    expect(await draftRows([clipId])).toHaveLength(1);

    const discarded = await call('DELETE', url.draft);
    expect(discarded.json()).toEqual({ ok: true });
    expect(clipDraftResponseSchema.parse((await call('GET', url.draft)).json()).draft).toBeNull();
    expect((await call('DELETE', url.draft)).statusCode).toBe(200);
  });

  it('refuses an absurd draft as a confirm refuses it, with the same message', async () => {
    const { call, url } = await shortClip();
    const subtitle = DRAFT.subtitle;
    const cases: [string, Partial<ClipDraft>, Record<string, unknown>][] = [
      [
        'a gap outside the clip',
        { cut: [{ id: 'gap-9', start: 6.5, end: 7.5 }] },
        { cut: [{ id: 'gap-9', start: 6.5, end: 7.5 }] },
      ],
      [
        'overlapping gaps',
        {
          cut: [
            { id: 'gap-1', start: 3.2, end: 4 },
            { id: 'gap-2', start: 3.6, end: 4.7 },
          ],
        },
        {
          cut: [
            { id: 'gap-1', start: 3.2, end: 4 },
            { id: 'gap-2', start: 3.6, end: 4.7 },
          ],
        },
      ],
      [
        'a style out of bounds',
        { subtitle: { ...subtitle, size: 1000 } },
        { subtitle: { ...subtitle, size: 1000 } },
      ],
      [
        'a made-up phrase',
        { phrases: [{ start: 2, end: 2.5, phrase: 'never said', valid: true }] },
        { subtitle, phrases: [{ start: 2, end: 2.5, phrase: 'never said' }] },
      ],
      [
        'a phrase longer than anyone says',
        { phrases: [{ start: 4.7, end: 6, phrase: 'x'.repeat(200), valid: true }] },
        { subtitle, phrases: [{ start: 4.7, end: 6, phrase: 'x'.repeat(200) }] },
      ],
      [
        'a line break in a phrase',
        { phrases: [{ start: 1, end: 3.2, phrase: 'Welcome\nto', valid: true }] },
        { subtitle, phrases: [{ start: 1, end: 3.2, phrase: 'Welcome\nto' }] },
      ],
      [
        'phrases out of order',
        {
          phrases: [
            { start: 4.7, end: 6, phrase: 'video', valid: true },
            { start: 1, end: 3.2, phrase: 'Welcome', valid: true },
          ],
        },
        {
          subtitle,
          phrases: [
            { start: 4.7, end: 6, phrase: 'video' },
            { start: 1, end: 3.2, phrase: 'Welcome' },
          ],
        },
      ],
    ];
    for (const [name, draft, confirm] of cases) {
      const refused = await call('PUT', url.draft, { ...DRAFT, ...draft });
      const confirmed = await call('POST', url.confirm, confirm);
      expect(confirmed.statusCode, `${name}: ${confirmed.body}`).toBe(400);
      expect(refused.statusCode, name).toBe(400);
      expect(errOf(refused), name).toBe(errOf(confirmed));
    }
    const tolerance = await call('PUT', url.draft, { ...DRAFT, tolerance: 2 });
    expect(tolerance.statusCode).toBe(400);
    expect(errOf(tolerance)).toBe("'tolerance' must be at most 1.");
    expect(clipDraftResponseSchema.parse((await call('GET', url.draft)).json()).draft).toBeNull();
  });

  it("answers 404 for another user's clip and shows them nothing", async () => {
    const owner = await shortClip();
    expect((await owner.call('PUT', owner.url.draft, DRAFT)).statusCode).toBe(200);
    const stranger = caller(t, await signUp(t));
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', DRAFT],
      ['DELETE', undefined],
    ] as const) {
      const response = await stranger(method, owner.url.draft, body);
      expect(response.statusCode, `${method}: ${response.body}`).toBe(404);
      expect(response.body).not.toContain('Welcome to THE');
    }
    const kept = clipDraftResponseSchema.parse((await owner.call('GET', owner.url.draft)).json());
    expect(kept.draft).toEqual(DRAFT);
  });

  it('turns into the confirm: a confirm removes the draft and Unconfirm brings none back', async () => {
    const { call, clipId, url } = await shortClip();
    expect((await call('PUT', url.draft, DRAFT)).statusCode).toBe(200);
    const confirmed = await call('POST', url.confirm, { cut: DRAFT.cut, reframe: 'follow' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await draftRows([clipId])).toEqual([]);
    expect((await call('POST', url.unconfirm)).statusCode).toBe(200);
    expect(clipDraftResponseSchema.parse((await call('GET', url.draft)).json()).draft).toBeNull();

    // The job page's Confirm and Confirm All take the draft's place too.
    expect((await call('PUT', url.draft, DRAFT)).statusCode).toBe(200);
    await call('POST', url.confirm, { cut: 'default', subtitle: 'default' });
    expect(await draftRows([clipId])).toEqual([]);
    await call('POST', url.unconfirm);
    expect((await call('PUT', url.draft, DRAFT)).statusCode).toBe(200);
    const edit = await shortClip();
    expect((await edit.call('PUT', edit.url.draft, DRAFT)).statusCode).toBe(200);
    const all = await edit.call('POST', apiPaths.instanceClipsConfirm(edit.jobId, edit.instanceId));
    expect(all.statusCode, all.body).toBe(200);
    expect(await draftRows([edit.clipId])).toEqual([]);
    expect(await draftRows([clipId])).toHaveLength(1);
  });

  it('takes no draft while the clip cannot be edited, and serves none', async () => {
    const { call, instanceId, url } = await shortClip();
    expect((await call('PUT', url.draft, DRAFT)).statusCode).toBe(200);
    await call('POST', url.confirm, { cut: 'default', subtitle: 'default' });
    const confirmed = await call('PUT', url.draft, DRAFT);
    expect(confirmed.statusCode).toBe(409);
    expect(errOf(confirmed)).toBe(CLIP_CONFIRMED_DRAFT_MESSAGE);

    await call('POST', url.unconfirm);
    expect((await call('PUT', url.draft, DRAFT)).statusCode).toBe(200);
    await t.app.ctx.db
      .update(jobInstances)
      .set({ status: 'cancelled' })
      .where(eq(jobInstances.id, instanceId));
    const cancelled = await call('PUT', url.draft, DRAFT);
    expect(cancelled.statusCode).toBe(409);
    expect(errOf(cancelled)).toBe(JOB_STATE_MESSAGES.clipNotEditable);
    expect(clipDraftResponseSchema.parse((await call('GET', url.draft)).json())).toEqual({
      draft: null,
      saved_at: null,
    });
  });

  it('removes the drafts with the edit', async () => {
    const { call, jobId, clipId, url } = await shortClip();
    expect((await call('PUT', url.draft, DRAFT)).statusCode).toBe(200);
    expect(await draftRows([clipId])).toHaveLength(1);
    const deleted = await call('DELETE', apiPaths.autojobDelete(jobId));
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await draftRows([clipId])).toEqual([]);
  });
});
