// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_LANGUAGE, DEFAULT_REMOVE_FILLERS, REMOVE_FILLERS_HELP } from '@roughcut/shared';
import { useEffect, useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ALL_LANGUAGES } from './language-options.ts';
import { ConfigureSection } from './configure-section.tsx';

afterEach(cleanup);

let latest = DEFAULT_REMOVE_FILLERS;

function Harness({ showShortForm }: { showShortForm: boolean }) {
  const [removeFillers, setRemoveFillers] = useState(DEFAULT_REMOVE_FILLERS);
  useEffect(() => {
    latest = removeFillers;
  }, [removeFillers]);
  return (
    <MemoryRouter>
      <ConfigureSection
        showShortForm={showShortForm}
        languages={ALL_LANGUAGES}
        languagesStatus="known"
        language={DEFAULT_LANGUAGE}
        onLanguage={() => undefined}
        maxWords={5}
        onMaxWords={() => undefined}
        removeFillers={removeFillers}
        onRemoveFillers={setRemoveFillers}
        templates={[]}
        templateId=""
        onTemplate={() => undefined}
        disabled={false}
      />
    </MemoryRouter>
  );
}

describe('the configure step', () => {
  it('offers "Remove filler words" for long form too, off until ticked', async () => {
    render(<Harness showShortForm={false} />);
    const box = screen.getByRole('checkbox', { name: 'Remove filler words' });
    expect((box as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText(REMOVE_FILLERS_HELP)).toBeTruthy();
    await userEvent.click(box);
    expect(latest).toBe(true);
    expect((box as HTMLInputElement).checked).toBe(true);
  });
});
