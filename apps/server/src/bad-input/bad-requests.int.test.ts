// Bad-input catalogue, part 1: malformed, huge and wrong-typed JSON, out-of-range settings, bad
// ids, very long fields and hostile characters. Each case checks the status, the message the
// user reads, and that everything the owner (and the bystander) had is exactly as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTROL_CHARACTER_MESSAGE,
  IDENTITY_CHARACTER_MESSAGE,
  PASSWORD_TOO_SHORT_MESSAGE,
  apiPaths,
} from '@roughcut/shared';
import type { LightMyRequestResponse } from 'fastify';
import { FORM_BODY_REFUSED } from '../http/endpoint-route.ts';
import { NUL_MESSAGE } from '../http/security.ts';
import { TEST_DATABASES, TEST_ORIGIN, withSession } from '../test/test-app.ts';
import { errText, snapshot, startBadInputWorld } from './bad-input.fixture.ts';
import type { BadInputWorld } from './bad-input.fixture.ts';

type Case = {
  name: string;
  send: (w: BadInputWorld) => Promise<LightMyRequestResponse>;
  status: number;
  err: string | RegExp;
};

const NOT_FOUND = 'This video edit does not exist. It may have been deleted.';
const controlIn = (field: string) => `'${field}' is not valid: ${CONTROL_CHARACTER_MESSAGE}.`;

const FORM = 'application/x-www-form-urlencoded';

/** A body sent as given, with its own content type (the helpers always send good JSON). */
const raw = (w: BadInputWorld, method: 'POST' | 'PUT', url: string, type: string, body: string) =>
  w.t.app.inject({
    method,
    url,
    headers: { origin: TEST_ORIGIN, 'content-type': type },
    ...withSession(w.owner.token),
    payload: body,
  });

const CASES: Case[] = [
  {
    name: 'malformed JSON',
    send: (w) => raw(w, 'PUT', apiPaths.autojobCreate(), 'application/json', '{"name": "x", "st'),
    status: 400,
    err: 'The request body is not valid JSON.',
  },
  {
    name: 'a JSON body over 1 MB',
    send: (w) =>
      raw(
        w,
        'POST',
        apiPaths.autojob(w.keep.id),
        'application/json',
        JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
      ),
    status: 413,
    err: 'The request body is too large.',
  },
  {
    name: 'XML instead of JSON',
    send: (w) => raw(w, 'PUT', apiPaths.autojobCreate(), 'application/xml', '<job/>'),
    status: 415,
    err: 'Unsupported content type. Send JSON with the header Content-Type: application/json.',
  },
  {
    // NOTE: only the billing page's form posts take one (a form needs no CORS preflight).
    name: 'a form body instead of JSON',
    send: (w) => raw(w, 'PUT', apiPaths.autojobCreate(), FORM, 'name=x&steps=short-form-clips'),
    status: 415,
    err: FORM_BODY_REFUSED,
  },
  {
    name: 'a form body on a percent-encoded path',
    send: (w) => raw(w, 'POST', `/%61pi/manage/user`, FORM, 'username=renamed'),
    status: 415,
    err: FORM_BODY_REFUSED,
  },
  {
    name: 'steps as a string instead of a list',
    send: (w) =>
      w.owner.call('PUT', apiPaths.autojobCreate(), { name: 'x', steps: 'short-form-clips' }),
    status: 400,
    err: "'steps' must be a list.",
  },
  {
    name: 'max words per phrase as text',
    send: (w) => w.owner.call('POST', apiPaths.autojob(w.keep.id), { max_words_in_phrase: '5' }),
    status: 400,
    err: "'max_words_in_phrase' must be a number.",
  },
  {
    name: 'max words per phrase out of range',
    send: (w) => w.owner.call('POST', apiPaths.autojob(w.keep.id), { max_words_in_phrase: 11 }),
    status: 400,
    err: 'Max words per phrase must be between 1 and 10.',
  },
  {
    name: 'an unknown language',
    send: (w) => w.owner.call('POST', apiPaths.autojob(w.keep.id), { language: 'klingon' }),
    status: 400,
    err: "'language' is not valid: Unknown language code. Choose one of the listed languages.",
  },
  {
    name: 'an unknown step type',
    send: (w) =>
      w.owner.call('POST', apiPaths.autojobStep(w.keep.id), { step_type: 'make-it-viral' }),
    status: 400,
    err: "'step_type' is not valid: Step type must be one of: optimised-long-form, short-form-clips.",
  },
  {
    name: 'a list where the job object belongs',
    send: (w) => w.owner.call('POST', apiPaths.autojob(w.keep.id), ['name', 'x']),
    status: 400,
    err: 'The video edit must be an object.',
  },
  {
    name: 'a template size of 1000',
    send: (w) =>
      w.owner.call('PUT', apiPaths.templates(), { name: 'Huge', template: { size: 1000 } }),
    status: 400,
    err: "'template.size' is not valid: it must be a number from 0 to 100.",
  },
  {
    name: 'a colour channel of 300 and a negative outline',
    send: (w) =>
      w.owner.call('PUT', apiPaths.templates(), {
        name: 'Loud',
        template: { primary_color_red: 300, outline: -1 },
      }),
    status: 400,
    err: /^'template\.(outline|primary_color_red)' is not valid: it must be a (whole )?number from 0 to (4|255)\.$/,
  },
  {
    name: 'a play_res of 100000 on the example image',
    send: (w) =>
      w.owner.call('POST', apiPaths.drawExample({ width: 1080, height: 1920, r: 0, g: 0, b: 0 }), {
        play_res_x: 100_000,
      }),
    status: 400,
    err: "'play_res_x' is not valid: it must be a whole number from 0 to 7680.",
  },
  {
    name: 'a broken percent-encoding in the address',
    send: (w) => w.owner.call('GET', '/api/manage/autojob/%E0%A4%A'),
    status: 400,
    err: 'The address is not valid. Please check the link and try again.',
  },
  {
    name: 'an address segment of 3000 characters',
    send: (w) => w.owner.call('GET', apiPaths.autojob('x'.repeat(3000))),
    status: 414,
    err: 'The address is too long. Please check the link and try again.',
  },
  {
    name: 'an id that does not exist',
    send: (w) => w.owner.call('GET', apiPaths.autojob('00000000-0000-4000-8000-000000000000')),
    status: 404,
    err: NOT_FOUND,
  },
  {
    name: "another user's job",
    send: (w) => w.owner.call('GET', apiPaths.autojob(w.foreign.id)),
    status: 404,
    err: NOT_FOUND,
  },
  {
    name: "deleting another user's job",
    send: (w) => w.owner.call('DELETE', apiPaths.autojob(w.foreign.id)),
    status: 404,
    err: NOT_FOUND,
  },
  {
    name: "renaming another user's job",
    send: (w) => w.owner.call('POST', apiPaths.autojob(w.foreign.id), { name: 'Mine now' }),
    status: 404,
    err: NOT_FOUND,
  },
  {
    name: 'an id of 65 characters',
    send: (w) => w.owner.call('GET', apiPaths.autojob('a'.repeat(65))),
    status: 400,
    err: "'id' is too long (at most 64 characters).",
  },
  {
    name: 'an id with a bell character',
    send: (w) => w.owner.call('GET', apiPaths.autojobSteps(`${w.keep.id}\u0007`)),
    status: 400,
    err: controlIn('id'),
  },
  {
    name: 'a NUL in an id',
    send: (w) => w.owner.call('POST', apiPaths.autojobStart(`${w.keep.id}\u0000`)),
    status: 400,
    err: NUL_MESSAGE,
  },
  {
    name: 'a NUL in a query id',
    send: (w) => w.owner.call('GET', `${apiPaths.autojobDownload(w.keep.id)}?asset_id=a%00b`),
    status: 400,
    err: NUL_MESSAGE,
  },
  {
    name: 'a NUL in a job name',
    send: (w) => w.owner.call('POST', apiPaths.autojob(w.keep.id), { name: 'Talk\u0000' }),
    status: 400,
    err: NUL_MESSAGE,
  },
  {
    name: 'a line break in a job name',
    send: (w) => w.owner.call('PUT', apiPaths.autojobCreate(), { name: 'a\nb', steps: [] }),
    status: 400,
    err: controlIn('name'),
  },
  {
    name: 'a name of 201 characters',
    send: (w) => w.owner.call('POST', apiPaths.autojob(w.keep.id), { name: 'n'.repeat(201) }),
    status: 400,
    err: 'Names can be at most 200 characters long.',
  },
  {
    name: 'a template name of 101 characters',
    send: (w) => w.owner.call('PUT', apiPaths.templates(), { name: 't'.repeat(101) }),
    status: 400,
    err: 'Template names can be at most 100 characters long.',
  },
  {
    name: 'a username of 65 characters',
    send: (w) => w.owner.call('POST', apiPaths.user(), { username: 'u'.repeat(65) }),
    status: 400,
    err: "'username' is too long (at most 64 characters).",
  },
  {
    name: 'a right-to-left override in a username',
    send: (w) => w.owner.call('POST', apiPaths.user(), { username: 'admin\u202Egnp' }),
    status: 400,
    err: `'username' is not valid: ${IDENTITY_CHARACTER_MESSAGE}.`,
  },
  {
    name: 'a new password of 5 characters',
    send: (w) => w.owner.call('POST', apiPaths.user(), { password: 'short' }),
    status: 400,
    err: PASSWORD_TOO_SHORT_MESSAGE,
  },
  {
    name: 'a NUL in a new e-mail',
    send: (w) => w.owner.call('POST', apiPaths.updateEmail('me\u0000@example.com')),
    status: 400,
    err: NUL_MESSAGE,
  },
  {
    name: 'a new e-mail of 400 characters',
    send: (w) => w.owner.call('POST', apiPaths.updateEmail(`${'e'.repeat(388)}@example.com`)),
    status: 400,
    err: "'newEmail' is too long (at most 320 characters).",
  },
  {
    name: 'a NUL in a login',
    send: (w) =>
      w.owner.call('POST', apiPaths.login(), { email: `${w.owner.email}\u0000`, password: 'x' }),
    status: 400,
    err: NUL_MESSAGE,
  },
  {
    name: 'a NUL in a password reset request',
    send: (w) => w.owner.call('POST', apiPaths.resetPasswordRequest(`${w.owner.username}\u0000`)),
    status: 400,
    err: NUL_MESSAGE,
  },
  {
    name: 'a clip of an instance that does not exist',
    send: (w) => w.owner.call('GET', apiPaths.clip(w.keep.id, 'no-instance', 'no-clip')),
    status: 404,
    err: 'This run of the edit does not exist. Please reload the page.',
  },
  {
    name: 'starting a job that has no video',
    send: (w) => w.bystander.call('POST', apiPaths.autojobStart(w.foreign.id)),
    status: 400,
    err: 'Please upload a video file first',
  },
];

describe.each(TEST_DATABASES)('bad requests on %s', (kind) => {
  let world: BadInputWorld;
  let before: unknown;
  beforeAll(async () => {
    world = await startBadInputWorld(kind);
    before = await snapshot(world);
  });
  afterAll(async () => {
    await world?.close();
  });

  it.each(CASES)('$name', async ({ send, status, err }) => {
    const response = await send(world);
    expect(response.statusCode).toBe(status);
    if (typeof err === 'string') expect(errText(response)).toBe(err);
    else expect(errText(response)).toMatch(err);
    expect(await snapshot(world)).toEqual(before);
  });
});
