import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CONTROL_CHARACTER_MESSAGE,
  IDENTITY_CHARACTER_MESSAGE,
  UNSTORABLE_TEXT_MESSAGE,
  hasUnstorableCharacters,
  idParamSchema,
  identityText,
  plainText,
  storableText,
  withoutUnstorableCharacters,
} from './common.contract.ts';
import {
  PASSWORD_MIN_LENGTH,
  isPasswordLongEnough,
  loginRequestSchema,
  registerRequestSchema,
  updateUserRequestSchema,
} from './auth.contract.ts';
import { jobNameSchema } from './autojob.contract.ts';
import { phraseTextSchema } from './clip-confirm.contract.ts';
import { templateNameSchema } from './template.contract.ts';

const firstMessage = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues[0]?.message;

describe('plain text primitives', () => {
  it.each(['\u0000', '\u0007', '\n', '\t', '\u001b[31m', '\u007f', '\u0085', '\u2028'])(
    'refuse the control character %j in ids and names',
    (character) => {
      expect(firstMessage(idParamSchema, { id: `job${character}1` })).toBe(
        CONTROL_CHARACTER_MESSAGE,
      );
      expect(firstMessage(jobNameSchema, `My ${character}talk`)).toBe(CONTROL_CHARACTER_MESSAGE);
    },
  );

  it('keep ordinary Unicode, ASS-looking text and right-to-left letters in names', () => {
    for (const name of ['Café été', '日本語のトーク', '{\\an8}Hello', 'שלום עולם', 'a 🙂 b']) {
      expect(jobNameSchema.parse(name)).toBe(name);
    }
    expect(plainText(z.string()).parse('a\u200Fb')).toBe('a\u200Fb');
  });

  it('refuse text-direction marks and controls in e-mails, usernames and logins', () => {
    for (const value of ['ann\u202Eeve', 'ann\u2066x', 'ann\u200F', 'a\u0000@b.co']) {
      expect(firstMessage(identityText(z.string()), value)).toBe(IDENTITY_CHARACTER_MESSAGE);
    }
    expect(firstMessage(loginRequestSchema, { email: 'a\u0000', password: 'x' })).toBe(
      IDENTITY_CHARACTER_MESSAGE,
    );
    expect(
      firstMessage(registerRequestSchema, { email: 'a@b.co', username: 'x\u202E', password: 'y' }),
    ).toBe(IDENTITY_CHARACTER_MESSAGE);
    expect(firstMessage(updateUserRequestSchema, { username: 'x\u0001' })).toBe(
      IDENTITY_CHARACTER_MESSAGE,
    );
  });

  it('leave passwords alone: any character may be part of one', () => {
    expect(loginRequestSchema.parse({ email: 'ann', password: 'p\u0007\u202E' }).password).toBe(
      'p\u0007\u202E',
    );
  });
});

describe('isPasswordLongEnough', () => {
  it('wants 8 characters as users count them', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(isPasswordLongEnough('1234567')).toBe(false);
    expect(isPasswordLongEnough('12345678')).toBe(true);
    expect(isPasswordLongEnough('🙂'.repeat(7))).toBe(false);
    expect(isPasswordLongEnough('🙂'.repeat(8))).toBe(true);
  });
});

describe('the storable text rule (issue 32)', () => {
  const UNSTORABLE = ['\uFFFE', '\uFFFF', '\uD83D', '\uDE00', 'x\uDE00\uD83D', '\u0001', '\u001F'];

  it.each(UNSTORABLE)('refuses %j wherever a user types it', (character) => {
    const text = `My ${character}talk`;
    expect(hasUnstorableCharacters(text)).toBe(true);
    for (const schema of [
      jobNameSchema,
      templateNameSchema,
      identityText(z.string()),
      plainText(z.string()),
      storableText(z.string()),
    ]) {
      expect(schema.safeParse(text).success).toBe(false);
    }
    expect(firstMessage(storableText(z.string()), text)).toBe(UNSTORABLE_TEXT_MESSAGE);
    expect(firstMessage(phraseTextSchema, text)).toMatch(/^A phrase /);
    expect(firstMessage(loginRequestSchema, { email: `a${character}@b.co`, password: 'x' })).toBe(
      character < ' ' ? IDENTITY_CHARACTER_MESSAGE : UNSTORABLE_TEXT_MESSAGE,
    );
  });

  it('keeps whole emoji, tabs and line breaks where the field allows them', () => {
    expect(hasUnstorableCharacters('a 🙂 b\t\n\r\u{1F600}')).toBe(false);
    expect(phraseTextSchema.parse('so 🙂 good')).toBe('so 🙂 good');
    expect(storableText(z.string()).parse('line\none')).toBe('line\none');
  });

  it('drops from text that came from a file what it refuses from a user', () => {
    expect(withoutUnstorableCharacters('ta\uFFFElk\uD83D \uFFFF🙂\u0000.mp4')).toBe('talk 🙂.mp4');
  });
});
