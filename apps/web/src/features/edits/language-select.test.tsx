// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_CODES, languageRequirement } from '@roughcut/shared';
import type { LanguageOption } from '@roughcut/shared';
import { ALL_LANGUAGES, languageHelp } from './language-options.ts';
import { LanguageSelect } from './language-select.tsx';

afterEach(cleanup);

/** What the server answers with pocketsphinx alone: English, and the rest disabled. */
const ENGLISH_ONLY: LanguageOption[] = LANGUAGE_CODES.map((code) => ({
  code,
  name: LANGUAGES[code],
  available: code === 'en',
  needs: code === 'en' ? null : languageRequirement(code),
}));

async function openList(languages: LanguageOption[], onChange = vi.fn()) {
  render(
    <LanguageSelect
      languages={languages}
      status="known"
      value={DEFAULT_LANGUAGE}
      onChange={onChange}
      disabled={false}
    />,
  );
  await userEvent.click(screen.getByRole('combobox', { name: 'Select Language' }));
  return screen.getByRole('listbox');
}

describe('the language select', () => {
  it('lists every spec language by name and code, English chosen by default', async () => {
    expect(LANGUAGE_CODES.length).toBeGreaterThanOrEqual(99);
    expect(screen.queryByRole('listbox')).toBeNull();
    const list = await openList(ENGLISH_ONLY);
    const options = within(list).getAllByRole('option');
    expect(options).toHaveLength(LANGUAGE_CODES.length);
    expect(options[0]?.textContent).toBe('Englishen');
    expect(options[0]?.getAttribute('aria-selected')).toBe('true');
    expect(options.at(-1)?.textContent).toBe('Sundanesesu');
  });

  it('disables what no engine can transcribe, under a heading saying what enables it', async () => {
    const onChange = vi.fn();
    const list = await openList(ENGLISH_ONLY, onChange);
    expect(within(list).getByText('Available on this server')).toBeTruthy();
    expect(
      within(list).getByText(
        'Needs a Whisper model (WHISPER_MODEL) or a transcription server (TRANSCRIBE_URL)',
      ),
    ).toBeTruthy();
    const german = within(list).getByRole('option', { name: /German/ });
    expect(german.getAttribute('aria-disabled')).toBe('true');
    expect(
      within(list)
        .getByRole('option', { name: /English/ })
        .getAttribute('aria-disabled'),
    ).not.toBe('true');
    expect(
      within(list)
        .getAllByRole('option')
        .filter((o) => o.getAttribute('aria-disabled') === 'true'),
    ).toHaveLength(LANGUAGE_CODES.length - 1);
    expect(screen.getByText(languageHelp(ENGLISH_ONLY))).toBeTruthy();
    expect(languageHelp(ENGLISH_ONLY)).toBe(
      `English is available here; the other ${LANGUAGE_CODES.length - 1} languages need a Whisper model (WHISPER_MODEL) or a transcription server (TRANSCRIBE_URL).`,
    );
  });

  it('lets any language be chosen when the server has a Whisper model', async () => {
    const onChange = vi.fn();
    const list = await openList(ALL_LANGUAGES, onChange);
    expect(within(list).queryByText(/^Needs /)).toBeNull();
    await userEvent.click(within(list).getByRole('option', { name: /Japanese/ }));
    expect(onChange).toHaveBeenCalledWith('ja');
    expect(languageHelp(ALL_LANGUAGES)).toBe(
      `This server can transcribe all ${LANGUAGE_CODES.length} languages.`,
    );
  });
});
