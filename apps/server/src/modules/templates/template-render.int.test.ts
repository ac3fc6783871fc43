// A job made with a saved template renders in that style: the template chosen in the create panel
// reaches every short clip's draw settings through analysis, and the burned subtitle script's
// style line is the template's, on the real engine and queue.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_DRAW_SETTINGS,
  apiPaths,
  clipListResponseSchema,
  createTemplateResponseSchema,
} from '@roughcut/shared';
import type { DrawSettings } from '@roughcut/shared';
import { buildAssStyle } from '@roughcut/engine/subtitles';
import { TEST_DATABASES, startTestApp } from '../../test/test-app.ts';
import type { TestApp } from '../../test/test-app.ts';
import { talkingVideo } from '../../test/test-media.ts';
import { caller, signUp, startVideoEdit, waitForRun } from '../../test/video-edits.ts';
import { editedAssetsOfClip } from '../assets/assets.repository.ts';
import { subtitlesKeyOf } from '../pipeline/render.job.ts';

const STYLE: DrawSettings = {
  ...DEFAULT_DRAW_SETTINGS,
  font_name: 'Georgia',
  size: 24,
  bold: true,
  outline: 3,
  shadow: 2,
  alignment: 8,
  primary_color_red: 255,
  primary_color_green: 220,
  primary_color_blue: 0,
  outline_color_red: 0,
  outline_color_green: 0,
  outline_color_blue: 0,
};

// NOTE: the style does not depend on the database; one run keeps the suite quick.
const [kind = 'pglite'] = TEST_DATABASES;

describe(`a job made with a template on ${kind}`, () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    dir = await mkdtemp(path.join(os.tmpdir(), 'roughcut-template-render-'));
  });
  afterAll(async () => {
    await t?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('renders its clips in the template style', { timeout: 600_000 }, async () => {
    const token = await signUp(t);
    const call = caller(t, token);
    const created = await call('PUT', apiPaths.templates(), {
      name: '{\\an5}Georgia on top',
      template: STYLE,
    });
    const { id: templateId } = createTemplateResponseSchema.parse(created.json());
    const edit = await startVideoEdit(t, await readFile(await talkingVideo(dir)), {
      steps: ['short-form-clips'],
      name: 'Styled',
      token,
      beforeUpload: async (created) => {
        const chosen = await call('POST', apiPaths.autojob(created.job.id), {
          template_id: templateId,
        });
        expect(chosen.statusCode).toBe(200);
      },
    });
    const { job } = edit;
    const waiting = await waitForRun(edit, 'awaiting-confirmation');
    const instanceId = waiting.job_instance?.id ?? '';
    const clips = clipListResponseSchema.parse(
      (await call('GET', apiPaths.instanceClips(job.id, instanceId))).json(),
    );
    expect(clips.length).toBeGreaterThan(0);
    for (const clip of clips) expect(clip.draw_settings).toEqual(STYLE);

    expect((await call('POST', apiPaths.instanceClipsConfirm(job.id, instanceId))).statusCode).toBe(
      200,
    );
    expect((await call('POST', apiPaths.instanceConfirm(job.id, instanceId))).statusCode).toBe(200);
    await waitForRun(edit, 'finished');

    const [first] = clips;
    const [asset] = await editedAssetsOfClip(t.app.ctx.db, first?.id ?? '');
    const script = await readFile(
      t.app.ctx.storage.resolve(subtitlesKeyOf(asset?.storageKey ?? '')),
      'utf8',
    );
    const styles = script.split('\n').filter((line) => line.startsWith('Style:'));
    expect(styles).toEqual([buildAssStyle(STYLE)]);
    // Georgia is drawn with its free stand-in, bold, outline 3, shadow 2, top centre (8).
    expect(styles[0]).toMatch(
      /^Style: Default,TeXGyreSchola,24,&H0000DCFF,&H00FFFFFF,&H00000000,&H00FFFFFF,-1,0,0,0,100,100,0,0,1,3,2,8,10,10,60,1$/,
    );
    // The template's name is only a label: it never reaches the script.
    expect(script).not.toContain('Georgia on top');
    expect(script).not.toContain('\\an5');
  });
});
