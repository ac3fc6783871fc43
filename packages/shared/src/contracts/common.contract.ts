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
 * What XML 1.0 and PostgreSQL cannot hold: C0 controls but tab, line feed and carriage return
 * (NUL above all), the non-characters U+FFFE and U+FFFF, and half of a surrogate pair.
 * WARNING: a JSON body carries any of them as a \u escape; PostgreSQL refuses them in JSON (a
 * 500), stores U+FFFD in text instead, and the XML exports stop being well-formed.
 */
const UNSTORABLE_SOURCE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/
    .source;
const UNSTORABLE = new RegExp(UNSTORABLE_SOURCE);
const UNSTORABLE_ALL = new RegExp(UNSTORABLE_SOURCE, 'g');

export const hasUnstorableCharacters = (text: string): boolean => UNSTORABLE.test(text);
/** Text that came from a file (an upload's name), not typed: what cannot be stored is dropped. */
export const withoutUnstorableCharacters = (text: string): string =>
  text.replace(UNSTORABLE_ALL, '');

export const UNSTORABLE_TEXT_MESSAGE =
  'it contains a character that cannot be saved (an invisible control character, U+FFFE, U+FFFF or half of an emoji): delete it or type the text again';

/**
 * The one rule for every field a user types (names, phrases, e-mails, logins): text XML 1.0 or
 * PostgreSQL cannot hold is refused with a 400 whose message says what to do; `message` words it
 * for a field whose message is shown alone (a phrase).
 */
export const storableText = <S extends z.ZodString>(
  schema: S,
  message = UNSTORABLE_TEXT_MESSAGE,
): S => schema.refine((text) => !hasUnstorableCharacters(text), { error: message });

/**
 * Text that must be plain (ids, names): control characters are refused with a 400, because
 * PostgreSQL and PGlite reject NUL in text (a 500 otherwise) and nobody types the others.
 */
export const plainText = <S extends z.ZodString>(schema: S): S =>
  storableText(
    schema.refine((text) => !hasControlCharacters(text), { error: CONTROL_CHARACTER_MESSAGE }),
  );

/**
 * Text that names a person or an address (e-mail, username, login): also no text-direction
 * marks, which could make one account's name read as another's.
 */
export const identityText = <S extends z.ZodString>(schema: S): S =>
  storableText(
    schema.refine((text) => !hasControlCharacters(text) && !hasBidiControls(text), {
      error: IDENTITY_CHARACTER_MESSAGE,
    }),
  );

/** Every entity id (jobs, instances, clips, assets, templates) in paths, queries and bodies. */
export const idSchema = plainText(z.string().min(1).max(64));

export const idParamSchema = z.object({ id: idSchema });

/** GET /api/health: the server answers and reaches its database (which one is not said). */
export const healthResponseSchema = z.object({ ok: z.literal(true) });
export type HealthResponse = z.infer<typeof healthResponseSchema>;
