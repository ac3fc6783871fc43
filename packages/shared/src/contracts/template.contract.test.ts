import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DRAW_SETTINGS,
  completeDrawSettings,
  drawSettingsSchema,
} from '../draw-settings.ts';
import { clipSchema } from './clip.contract.ts';
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

  it('reads settings stored before the word-by-word styles with them off, as they rendered', () => {
    const {
      word_highlight: _h,
      highlight_color_red: _r,
      highlight_color_green: _g,
      highlight_color_blue: _b,
      highlight_color_alpha: _a,
      one_word_at_a_time: _p,
      upper_case: _u,
      ...before
    } = DEFAULT_DRAW_SETTINGS;
    const off = { word_highlight: false, one_word_at_a_time: false, upper_case: false };
    expect(
      templateListResponseSchema.parse([{ id: 't1', name: 'Old', ...before }])[0],
    ).toMatchObject(off);
    expect(drawSettingsSchema.parse(before)).toEqual(DEFAULT_DRAW_SETTINGS);
    expect(completeDrawSettings(before)).toEqual(DEFAULT_DRAW_SETTINGS);
    expect(clipSchema.shape.draw_settings.parse(before)).toMatchObject(off);
  });

  it('keeps the word-by-word styles a template is saved with, and refuses a bad highlight colour', () => {
    const styled = {
      ...template,
      word_highlight: true,
      one_word_at_a_time: true,
      upper_case: true,
      highlight_color_red: 0,
      highlight_color_alpha: 0.5,
    };
    expect(saveTemplateRequestSchema.parse(styled)).toEqual(styled);
    const bad = saveTemplateRequestSchema.safeParse({ ...styled, highlight_color_green: 256 });
    expect(bad.error?.issues[0]?.path).toEqual(['highlight_color_green']);
  });
});
