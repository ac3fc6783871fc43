import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type {
  CreateTemplateRequest,
  CreateTemplateResponse,
  DrawExampleQuery,
  DrawSettings,
  SaveTemplateRequest,
  Template,
} from '@roughcut/shared';
import { completeDrawSettings, templateSettings } from '@roughcut/shared';
import type { AppContext } from '../../app-context.ts';
import { HttpError, conflict, notFound } from '../../http/errors.ts';
import { drawExampleImage } from '../../engine-adapter/engine.adapter.ts';
import {
  deleteTemplate,
  findTemplateOfUser,
  insertTemplate,
  isTemplateNameTaken,
  listTemplatesOfUser,
  updateTemplate,
} from './templates.repository.ts';
import type { TemplateRow } from './templates.repository.ts';
import { ExampleLimiter, LimiterRejectedError } from './example-limiter.ts';

export const TEMPLATE_MESSAGES = {
  notFound: 'This template does not exist. It may have been deleted.',
  nameTaken: 'A template with this name already exists. Please choose another name.',
  busy: 'Too many previews are being drawn right now. Please try again in a moment.',
  superseded: 'A newer preview replaced this one.',
} as const;

export function toTemplateResponse(row: TemplateRow): Template {
  // NOTE: settings saved by an older version are completed with today's fields.
  return { ...completeDrawSettings(row.settings), id: row.id, name: row.name };
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
  await updateTemplate(ctx.db, input.id, { name: input.name, settings: templateSettings(input) });
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

// NOTE: one preview per core at most (2 here), so slider drags never starve the renders; the
// unconfirmed accounts share one of them (a confirmed user always finds another).
const examples = new ExampleLimiter({
  maxRunning: Math.max(2, Math.min(4, os.availableParallelism())),
  maxWaiting: 32,
  sharedMaxRunning: 1,
  sharedMaxQueued: 4,
  sharedMaxPerAddress: 2,
});

/** Who asks for an example: a confirmed account, or an unconfirmed one at a client address. */
export type ExampleClient = { userId: string; emailConfirmed: boolean; address: string };

/**
 * The example image of the template editor, as PNG bytes; fair per confirmed account and per
 * client address for the unconfirmed ones (example-limiter.ts). A draw that fails answers the
 * engine's plain message; ffmpeg's own words go to `log` only.
 */
export async function drawExample(
  client: ExampleClient,
  settings: DrawSettings,
  query: DrawExampleQuery,
  signal: AbortSignal,
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<Buffer> {
  try {
    const asker = {
      key: client.userId,
      ...(client.emailConfirmed ? {} : { sharedFrom: client.address }),
    };
    return await examples.run(asker, signal, async (drawSignal) => {
      try {
        return await drawExampleImage({
          settings,
          width: query.width,
          height: query.height,
          background: { r: query.r, g: query.g, b: query.b },
          signal: drawSignal,
        });
      } catch (error) {
        // NOTE: stopped for the same user's newer preview, not for a fault of the settings.
        if (drawSignal.aborted && !signal.aborted) throw new LimiterRejectedError('superseded');
        throw error;
      }
    });
  } catch (error) {
    if (error instanceof LimiterRejectedError)
      throw new HttpError(
        429,
        error.reason === 'busy' ? TEMPLATE_MESSAGES.busy : TEMPLATE_MESSAGES.superseded,
      );
    if (error instanceof Error && error.name === 'EngineError') {
      log?.warn({ err: error }, 'the example image could not be drawn');
      throw new HttpError(400, error.message);
    }
    throw error;
  }
}

/** Whether the template is the user's own (another user's template counts as none). */
export async function ownsTemplate(
  ctx: AppContext,
  userId: string,
  templateId: string,
): Promise<boolean> {
  return (await findTemplateOfUser(ctx.db, userId, templateId)) !== undefined;
}
