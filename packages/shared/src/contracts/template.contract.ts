import { z } from 'zod';
import { addDrawBoundsIssues, boundedDrawSettingsInputSchema } from '../draw-bounds.ts';
import { drawSettingsInputSchema, drawSettingsSchema } from '../draw-settings.ts';
import type { DrawSettings } from '../draw-settings.ts';
import { entityIdSchema } from './autojob.contract.ts';
import { UNSTORABLE_TEXT_MESSAGE, hasUnstorableCharacters } from './common.contract.ts';

// SPEC section 3 "Subtitle template" and section 7 "Templates and example image".

export const TEMPLATE_NAME_MAX_LENGTH = 100;
export const TEMPLATE_NAME_MESSAGES = {
  missing: 'Please enter a template name first.',
  tooLong: `Template names can be at most ${TEMPLATE_NAME_MAX_LENGTH} characters long.`,
  control: 'Template names cannot contain line breaks or control characters.',
} as const;

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;

/**
 * A template name is plain text: shown by the web app as text and never written into an ASS
 * script, so braces and backslashes are kept as typed. Control characters (NUL, line breaks) are
 * refused: they can't be typed into the name box and PostgreSQL rejects NUL in text.
 */
export const templateNameSchema = z
  .string({ error: TEMPLATE_NAME_MESSAGES.missing })
  .trim()
  .min(1, TEMPLATE_NAME_MESSAGES.missing)
  .max(TEMPLATE_NAME_MAX_LENGTH, TEMPLATE_NAME_MESSAGES.tooLong)
  .refine((name) => !CONTROL_CHARACTERS.test(name), { error: TEMPLATE_NAME_MESSAGES.control })
  .refine((name) => !hasUnstorableCharacters(name), { error: UNSTORABLE_TEXT_MESSAGE });

/** A template: {id, name, ...settings}. GET /api/manage/template list item. */
export const templateSchema = drawSettingsSchema.extend({
  id: entityIdSchema,
  name: z.string(),
});
export type Template = z.infer<typeof templateSchema>;

/** GET /api/manage/template → a plain list of templates. */
export const templateListResponseSchema = z.array(templateSchema);

/**
 * PUT /api/manage/template {name, template: settings} → {id}. Settings fields left out (or the
 * whole `template`) take the SPEC 3 defaults.
 */
export const createTemplateRequestSchema = z.object({
  name: templateNameSchema,
  template: boundedDrawSettingsInputSchema.prefault({}),
});
export type CreateTemplateRequest = z.infer<typeof createTemplateRequestSchema>;
export const createTemplateResponseSchema = z.object({ id: entityIdSchema });
export type CreateTemplateResponse = z.infer<typeof createTemplateResponseSchema>;

/** POST /api/manage/template: settings plus name and id (save) → okResponseSchema. */
export const saveTemplateRequestSchema = drawSettingsInputSchema
  .extend({
    id: entityIdSchema,
    name: templateNameSchema,
  })
  .superRefine((template, ctx) => addDrawBoundsIssues(template, ctx));
export type SaveTemplateRequest = z.infer<typeof saveTemplateRequestSchema>;

/** DELETE /api/manage/template/{id} → okResponseSchema. */
export const templateParamsSchema = z.object({ id: entityIdSchema });

/** Splits a template into its name and draw settings (the editor and the job's renderer use both). */
export const templateSettings = (template: Template | SaveTemplateRequest): DrawSettings => {
  const { id: _id, name: _name, ...settings } = template;
  return settings;
};
