import { describe, expect, it } from 'vitest';
import { gapListSchema } from './clip-confirm.contract.ts';
import { gapSchema } from './clip-timeline.contract.ts';

describe('gap schema', () => {
  it('needs an id of the form gap-N and end after start', () => {
    expect(gapSchema.parse({ id: 'gap-3', start: 1, end: 2 })).toEqual({
      id: 'gap-3',
      start: 1,
      end: 2,
    });
    expect(gapSchema.safeParse({ id: 'g3', start: 1, end: 2 }).success).toBe(false);
    expect(gapSchema.safeParse({ id: 'gap-1', start: 2, end: 2 }).success).toBe(false);
  });
});

describe('gap kinds', () => {
  it('accepts a gap without a kind (a silence) and a filler, and refuses other kinds', () => {
    expect(gapSchema.parse({ id: 'gap-1', start: 0, end: 1 })).toEqual({
      id: 'gap-1',
      start: 0,
      end: 1,
    });
    expect(gapSchema.parse({ id: 'gap-2', start: 1, end: 1.3, kind: 'filler' }).kind).toBe(
      'filler',
    );
    expect(gapSchema.safeParse({ id: 'gap-3', start: 1, end: 2, kind: 'cough' }).success).toBe(
      false,
    );
  });

  it('keeps the kind through a confirmed cut', () => {
    const cut = [
      { id: 'gap-1', start: 0, end: 1 },
      { id: 'gap-2', start: 1, end: 1.3, kind: 'filler' as const },
    ];
    expect(gapListSchema.parse(cut)).toEqual(cut);
  });
});
