import { describe, expect, it } from 'vitest';
import type { LanguageOption } from '@roughcut/shared';
import { ALL_LANGUAGES, offeredLanguages } from './language-options.ts';

const english: LanguageOption = { code: 'en', name: 'English', available: true, needs: null };

describe('offeredLanguages', () => {
  it("offers the server's list once it answered with one", () => {
    expect(offeredLanguages([english], false)).toEqual({ languages: [english], status: 'known' });
  });

  it('offers every spec language while the answer is pending', () => {
    expect(offeredLanguages(undefined, false)).toEqual({
      languages: ALL_LANGUAGES,
      status: 'checking',
    });
  });

  it('offers every spec language, marked failed, when the server could not answer', () => {
    expect(offeredLanguages(undefined, true).status).toBe('failed');
    expect(offeredLanguages([], true)).toEqual({ languages: ALL_LANGUAGES, status: 'failed' });
  });
});
