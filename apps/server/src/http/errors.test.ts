import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpError, parseInput } from './errors.ts';

const schema = z.object({ name: z.string().min(1).max(5), age: z.number().int().optional() });

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
    [[], 'The form must be an object.'],
    [undefined, 'The form is missing. Please provide it.'],
  ])('%j → %s', (input, message) => {
    expect(messageOf(input)).toBe(message);
  });
});
