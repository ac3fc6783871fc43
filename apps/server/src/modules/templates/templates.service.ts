import type {
  CreateTemplateRequest,
  CreateTemplateResponse,
  DrawExampleQuery,
  DrawSettings,
  SaveTemplateRequest,
  Template,
} from '@roughcut/shared';
import { drawSettingsSchema } from '@roughcut/shared';
import type { AppContext } from '../../app-context.ts';
import { HttpError, conflict, notFound } from '../../http/errors.ts';
import { drawExampleImage } from '../autojobs/engine.adapter.ts';
import {
  deleteTemplate,
  findTemplateOfUser,
  insertTemplate,
  isTemplateNameTaken,
  listTemplatesOfUser,
  updateTemplate,
} from './templates.repository.ts';
import type { TemplateRow } from './templates.repository.ts';

export const TEMPLATE_MESSAGES = {
  notFound: 'This template does not exist. It may have been deleted.',
  nameTaken: 'A template with this name already exists. Please choose another name.',
  busy: 'Too many previews are being drawn right now. Please try again in a moment.',
} as const;

export function toTemplateResponse(row: TemplateRow): Template {
  // NOTE: settings saved by an older version are completed with today's fields.
  return { ...row.settings, id: row.id, name: row.name };
}

export async function listTemplates(ctx: AppContext, userId: string): Promise<Template[]> {
  return (await listTemplatesOfUser(ctx.db, userId)).map(toTemplateResponse);
}

export async function createTemplate(
  ctx: AppContext,
  userId: string,
  input: CreateTemplateRequest,
): Promise<CreateTemplateResponse> {
  if (await isTemplateNameTaken(ctx.db, userId, input.name))
    throw conflict(TEMPLATE_MESSAGES.nameTaken);
  const row = await insertTemplate(ctx.db, { userId, name: input.name, settings: input.template });
  return { id: row.id };
}

export async function saveTemplate(
  ctx: AppContext,
  userId: string,
  input: SaveTemplateRequest,
): Promise<void> {
  const existing = await findTemplateOfUser(ctx.db, userId, input.id);
  if (!existing) throw notFound(TEMPLATE_MESSAGES.notFound);
  if (await isTemplateNameTaken(ctx.db, userId, input.name, input.id))
    throw conflict(TEMPLATE_MESSAGES.nameTaken);
  const { id: _id, name, ...rest } = input;
  const settings: DrawSettings = drawSettingsSchema.parse(rest);
  await updateTemplate(ctx.db, input.id, { name, settings });
}

export async function removeTemplate(
  ctx: AppContext,
  userId: string,
  templateId: string,
): Promise<void> {
  const existing = await findTemplateOfUser(ctx.db, userId, templateId);
  if (!existing) throw notFound(TEMPLATE_MESSAGES.notFound);
  await deleteTemplate(ctx.db, templateId);
}

// NOTE: each preview is one short ffmpeg run; bounding them keeps slider drags from starving
// the renders on a small machine.
const MAX_CONCURRENT_EXAMPLES = 2;
let drawing = 0;

/** The example image of the template editor, as PNG bytes. */
export async function drawExample(
  settings: DrawSettings,
  query: DrawExampleQuery,
  signal?: AbortSignal,
): Promise<Buffer> {
  if (drawing >= MAX_CONCURRENT_EXAMPLES) throw new HttpError(429, TEMPLATE_MESSAGES.busy);
  drawing += 1;
  try {
    return await drawExampleImage({
      settings,
      width: query.width,
      height: query.height,
      background: { r: query.r, g: query.g, b: query.b },
      signal,
    });
  } catch (error) {
    if (error instanceof Error && error.name === 'EngineError')
      throw new HttpError(400, error.message);
    throw error;
  } finally {
    drawing -= 1;
  }
}
