import { describe, expect, it } from 'vitest';
import { DEFAULT_DRAW_SETTINGS } from '../draw-settings.ts';
import {
  createTemplateRequestSchema,
  createTemplateResponseSchema,
  saveTemplateRequestSchema,
  templateListResponseSchema,
  templateSettings,
} from './template.contract.ts';

const template = { id: 't1', name: 'Bold', ...DEFAULT_DRAW_SETTINGS };

describe('template contracts', () => {
  it('lists templates as {id, name, ...settings}', () => {
    expect(templateListResponseSchema.parse([template])).toEqual([template]);
    expect(templateSettings(template)).toEqual(DEFAULT_DRAW_SETTINGS);
  });

  it('creates with {name, template: settings} and answers {id}', () => {
    expect(
      createTemplateRequestSchema.parse({ name: 'New', template: DEFAULT_DRAW_SETTINGS }),
    ).toEqual({ name: 'New', template: DEFAULT_DRAW_SETTINGS });
    expect(createTemplateResponseSchema.parse({ id: 't2' })).toEqual({ id: 't2' });
    const noName = createTemplateRequestSchema.safeParse({
      name: ' ',
      template: DEFAULT_DRAW_SETTINGS,
    });
    expect(noName.error?.issues[0]?.message).toBe('Please enter a template name first.');
  });

  it('saves settings plus name and id', () => {
    expect(saveTemplateRequestSchema.parse(template)).toEqual(template);
    expect(saveTemplateRequestSchema.safeParse({ ...template, id: undefined }).success).toBe(false);
    expect(saveTemplateRequestSchema.safeParse({ ...template, font_name: 'Comic' }).success).toBe(
      false,
    );
  });
});
