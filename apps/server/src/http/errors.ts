import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { HttpError, badRequest } from '../errors/http-error.ts';
import { answerUnreadBody } from './body-limit.ts';

// NOTE: the modules still import the error types from here; new code imports errors/http-error.ts.
export {
  HttpError,
  badRequest,
  conflict,
  forbidden,
  notFound,
  unauthorized,
} from '../errors/http-error.ts';

const TYPE_NAMES: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
};

/** Turns the first zod issue into one sentence that names the field and what to send instead. */
export function describeZodIssue(issue: z.core.$ZodIssue, where: string): string {
  const field = issue.path.length > 0 ? `'${issue.path.join('.')}'` : where;
  switch (issue.code) {
    case 'invalid_type':
      // NOTE: zod 4 leaves `input` out of issues; the message names what was received.
      if (/received undefined/.test(issue.message))
        return `${field} is missing. Please provide it.`;
      return `${field} must be ${TYPE_NAMES[issue.expected] ?? issue.expected}.`;
    case 'too_small':
      // NOTE: a contract's own message (e.g. "Max words per phrase must be between 1 and 10.")
      // already says what to send; zod's defaults start "Too small" / "Too big".
      if (!/^Too small/.test(issue.message)) return issue.message;
      if (issue.origin === 'string' && Number(issue.minimum) <= 1)
        return `${field} must not be empty.`;
      if (issue.origin === 'number') return `${field} must be at least ${String(issue.minimum)}.`;
      return `${field} is too short (at least ${String(issue.minimum)}).`;
    case 'too_big':
      if (!/^Too big/.test(issue.message)) return issue.message;
      if (issue.origin === 'number') return `${field} must be at most ${String(issue.maximum)}.`;
      return `${field} is too long (at most ${String(issue.maximum)}${issue.origin === 'string' ? ' characters' : ''}).`;
    case 'unrecognized_keys':
      return `${where} has unexpected fields: ${issue.keys.join(', ')}.`;
    case 'invalid_format':
    case 'invalid_value':
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
    case 'not_multiple_of':
    case 'custom':
      return `${field} is not valid: ${issue.message.replace(/\.$/, '')}.`;
  }
}

/** Validates input with a shared contract schema; a failure becomes a 400 with a clear message. */
export function parseInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  where: string,
): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw badRequest(issue ? describeZodIssue(issue, where) : `${where} is not valid.`);
}

const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE:
    'Unsupported content type. Send JSON with the header Content-Type: application/json.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the body.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty. Send a JSON object.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
};

/** What a database error may tell a log: which rule it broke, never the values (`detail`, `where`). */
const DATABASE_ERROR_FIELDS = ['code', 'severity', 'constraint', 'table', 'column', 'routine'];

function withoutValues(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const safe = new Error(error.message);
  safe.name = error.name;
  safe.stack = error.stack;
  const fields = error as unknown as Record<string, unknown>;
  return Object.assign(
    safe,
    Object.fromEntries(
      DATABASE_ERROR_FIELDS.filter((field) => field in error).map((f) => [f, fields[f]]),
    ),
  );
}

/**
 * An error as it may be logged. WARNING: a failed query (drizzle's DrizzleQueryError) carries
 * its parameters in its message, stack and `params`, and the database's error quotes them in
 * `detail` and `where`: what the user sent (a whole 10 KB confirm), possibly a password hash.
 * The log keeps the SQL and what went wrong, never the values.
 */
export function loggableError(error: unknown): unknown {
  if (!(error instanceof Error) || !('params' in error)) return error;
  if (!('query' in error) || typeof error.query !== 'string') return error;
  const message = `Failed query: ${error.query}`;
  const safe = new Error(message, { cause: withoutValues(error.cause) });
  safe.name = error.name;
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  safe.stack = [`${error.name}: ${message}`, ...frames].join('\n');
  return safe;
}

export function sendError(reply: FastifyReply, statusCode: number, message: string): FastifyReply {
  return reply.code(statusCode).type('application/json; charset=utf-8').send({ err: message });
}

/** Every error leaves as `{err}` with a readable message; 5xx details go to the log only. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request: FastifyRequest, reply) => {
    answerUnreadBody(request, reply);
    if (error instanceof HttpError) {
      return sendError(reply, error.statusCode, error.message);
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: loggableError(error) }, 'request failed');
      return sendError(reply, status, 'Something went wrong on our side. Please try again.');
    }
    const known =
      'code' in error && typeof error.code === 'string' ? FASTIFY_MESSAGES[error.code] : undefined;
    return sendError(
      reply,
      status,
      known ?? 'The request could not be processed. Please check it and try again.',
    );
  });
}
