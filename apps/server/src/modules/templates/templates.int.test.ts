import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_DRAW_SETTINGS,
  apiPaths,
  createTemplateResponseSchema,
  templateListResponseSchema,
} from '@roughcut/shared';
import { TEST_DATABASES, startTestApp } from '../../test/test-app.ts';
import type { TestApp } from '../../test/test-app.ts';
import { caller, createJob, errOf, signUp } from '../../test/video-edits.ts';

describe.each(TEST_DATABASES)('subtitle templates on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates, lists, saves and deletes templates', async () => {
    const call = caller(t, await signUp(t));
    expect((await call('GET', apiPaths.templates())).json()).toEqual([]);
    const created = await call('PUT', apiPaths.templates(), {
      name: 'Bold yellow',
      template: { ...DEFAULT_DRAW_SETTINGS, primary_color_green: 255 },
    });
    expect(created.statusCode).toBe(200);
    const { id } = createTemplateResponseSchema.parse(created.json());
    const duplicate = await call('PUT', apiPaths.templates(), {
      name: 'bold YELLOW',
      template: DEFAULT_DRAW_SETTINGS,
    });
    expect(duplicate.statusCode).toBe(409);
    const list = templateListResponseSchema.parse((await call('GET', apiPaths.templates())).json());
    expect(list).toEqual([
      { ...DEFAULT_DRAW_SETTINGS, primary_color_green: 255, id, name: 'Bold yellow' },
    ]);

    const saved = await call('POST', apiPaths.templates(), {
      ...DEFAULT_DRAW_SETTINGS,
      size: 30,
      id,
      name: 'Bigger',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ ok: true });
    expect((await call('GET', apiPaths.templates())).json()).toEqual([
      { ...DEFAULT_DRAW_SETTINGS, size: 30, id, name: 'Bigger' },
    ]);

    // A job using the template forgets it when the template is deleted.
    const job = await createJob(call);
    const withTemplate = await call('POST', apiPaths.autojob(job.id), { template_id: id });
    expect(withTemplate.json<{ template_id: string }>().template_id).toBe(id);
    expect((await call('DELETE', apiPaths.template(id))).statusCode).toBe(200);
    expect((await call('GET', apiPaths.templates())).json()).toEqual([]);
    expect(
      (await call('GET', apiPaths.autojob(job.id))).json<{ template_id: null }>().template_id,
    ).toBeNull();
    expect((await call('DELETE', apiPaths.template(id))).statusCode).toBe(404);
  });

  it('validates names and settings', async () => {
    const call = caller(t, await signUp(t));
    const noName = await call('PUT', apiPaths.templates(), {
      name: ' ',
      template: DEFAULT_DRAW_SETTINGS,
    });
    expect(noName.statusCode).toBe(400);
    const badSize = await call('PUT', apiPaths.templates(), {
      name: 'x',
      template: { ...DEFAULT_DRAW_SETTINGS, size: 101 },
    });
    expect(badSize.statusCode).toBe(400);
    expect(errOf(badSize)).toMatch(/size/);
    const badFont = await call('PUT', apiPaths.templates(), {
      name: 'x',
      template: { ...DEFAULT_DRAW_SETTINGS, font_name: 'Comic Neue' },
    });
    expect(badFont.statusCode).toBe(400);
  });

  it('draws the example image as a PNG of the requested size', async () => {
    const call = caller(t, await signUp(t));
    const bad = await call(
      'POST',
      `${apiPaths.drawExample({ width: 100, height: 100, r: 0, g: 0, b: 0 })}`,
      DEFAULT_DRAW_SETTINGS,
    );
    expect(bad.statusCode).toBe(400);
    expect(errOf(bad)).toMatch(/1920x1080/);
    const response = await call(
      'POST',
      apiPaths.drawExample({ width: 1080, height: 1920, r: 10, g: 20, b: 30 }),
      DEFAULT_DRAW_SETTINGS,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    const png = response.rawPayload;
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(1080);
    expect(png.readUInt32BE(20)).toBe(1920);
  });
});
