import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpError, parseInput } from './errors.ts';

const schema = z.object({
  name: z.string().min(1).max(5),
  age: z.number().int().min(0).max(150).optional(),
  words: z.number().min(1, 'Words must be between 1 and 10.').optional(),
  code: z
    .string()
    .refine((code) => code !== 'x', { error: 'Codes cannot be x.' })
    .optional(),
});

const messageOf = (input: unknown) => {
  try {
    parseInput(schema, input, 'The form');
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).statusCode).toBe(400);
    return (error as Error).message;
  }
};

describe('parseInput', () => {
  it('returns parsed data', () => {
    expect(parseInput(schema, { name: 'ab' }, 'The form')).toEqual({ name: 'ab' });
  });

  it.each([
    [{}, "'name' is missing. Please provide it."],
    [{ name: 3 }, "'name' must be text."],
    [{ name: '' }, "'name' must not be empty."],
    [{ name: 'abcdef' }, "'name' is too long (at most 5 characters)."],
    [{ name: 'a', age: 'x' }, "'age' must be a number."],
    [{ name: 'a', age: 200 }, "'age' must be at most 150."],
    [{ name: 'a', age: -1 }, "'age' must be at least 0."],
    [{ name: 'a', words: 0 }, 'Words must be between 1 and 10.'],
    [{ name: 'a', code: 'x' }, "'code' is not valid: Codes cannot be x."],
    [[], 'The form must be an object.'],
    [undefined, 'The form is missing. Please provide it.'],
  ])('%j → %s', (input, message) => {
    expect(messageOf(input)).toBe(message);
  });
});
