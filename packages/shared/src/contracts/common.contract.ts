import { z } from 'zod';

/** Every error body: the spec's client reads `err`. */
export const errorResponseSchema = z.object({ err: z.string() });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** Success body of calls whose response the spec leaves unshown. */
export const okResponseSchema = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof okResponseSchema>;

/** SPEC section 7: a 302 status with `location` in the body makes the browser navigate there. */
export const redirectResponseSchema = z.object({ location: z.string() });

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;
/** Invisible characters that reorder how text reads: right-to-left overrides, isolates, marks. */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

export const CONTROL_CHARACTER_MESSAGE = 'it must not contain control characters such as NUL';
export const IDENTITY_CHARACTER_MESSAGE =
  'it must not contain control characters (such as NUL) or invisible text-direction marks';

export const hasControlCharacters = (text: string): boolean => CONTROL_CHARACTERS.test(text);
export const hasBidiControls = (text: string): boolean => BIDI_CONTROLS.test(text);

/**
 * Text that must be plain (ids, names): control characters are refused with a 400, because
 * PostgreSQL and PGlite reject NUL in text (a 500 otherwise) and nobody types the others.
 */
export const plainText = <S extends z.ZodString>(schema: S): S =>
  schema.refine((text) => !hasControlCharacters(text), { error: CONTROL_CHARACTER_MESSAGE });

/**
 * Text that names a person or an address (e-mail, username, login): also no text-direction
 * marks, which could make one account's name read as another's.
 */
export const identityText = <S extends z.ZodString>(schema: S): S =>
  schema.refine((text) => !hasControlCharacters(text) && !hasBidiControls(text), {
    error: IDENTITY_CHARACTER_MESSAGE,
  });

/** Every entity id (jobs, instances, clips, assets, templates) in paths, queries and bodies. */
export const idSchema = plainText(z.string().min(1).max(64));

export const idParamSchema = z.object({ id: idSchema });

/** GET /api/health */
export const healthResponseSchema = z.object({
  ok: z.literal(true),
  database: z.enum(['pglite', 'postgres']),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
