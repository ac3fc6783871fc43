import { z } from 'zod';
import { drawSettingsSchema } from '../draw-settings.ts';
import type { DrawSettings } from '../draw-settings.ts';
import { entityIdSchema } from './autojob.contract.ts';

// SPEC section 3 "Subtitle template" and section 7 "Templates and example image".

export const templateNameSchema = z
  .string({ error: 'Please enter a template name first.' })
  .trim()
  .min(1, 'Please enter a template name first.')
  .max(100, 'Template names can be at most 100 characters long.');

/** A template: {id, name, ...settings}. GET /api/manage/template list item. */
export const templateSchema = drawSettingsSchema.extend({
  id: entityIdSchema,
  name: z.string(),
});
export type Template = z.infer<typeof templateSchema>;

/** GET /api/manage/template → a plain list of templates. */
export const templateListResponseSchema = z.array(templateSchema);
export type TemplateListResponse = z.infer<typeof templateListResponseSchema>;

/** PUT /api/manage/template {name, template: settings} → {id}. */
export const createTemplateRequestSchema = z.object({
  name: templateNameSchema,
  template: drawSettingsSchema,
});
export type CreateTemplateRequest = z.infer<typeof createTemplateRequestSchema>;
export const createTemplateResponseSchema = z.object({ id: entityIdSchema });
export type CreateTemplateResponse = z.infer<typeof createTemplateResponseSchema>;

/** POST /api/manage/template: settings plus name and id (save) → okResponseSchema. */
export const saveTemplateRequestSchema = drawSettingsSchema.extend({
  id: entityIdSchema,
  name: templateNameSchema,
});
export type SaveTemplateRequest = z.infer<typeof saveTemplateRequestSchema>;

/** DELETE /api/manage/template/{id} → okResponseSchema. */
export const templateParamsSchema = z.object({ id: entityIdSchema });
export type TemplateParams = z.infer<typeof templateParamsSchema>;

/** Splits a template into its name and draw settings (the editor and the job's renderer use both). */
export const templateSettings = (template: Template): DrawSettings => {
  const { id: _id, name: _name, ...settings } = template;
  return settings;
};
