// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_CLIP_REFRAME, DEFAULT_LANGUAGE } from '@roughcut/shared';
import { DEFAULT_REMOVE_FILLERS, REMOVE_FILLERS_HELP } from '../../lib/create-edit.rules.ts';
import type { ClipReframe } from '@roughcut/shared';
import { useEffect, useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ALL_LANGUAGES } from './language-options.ts';
import { ConfigureSection } from './configure-section.tsx';

afterEach(cleanup);

let latest = DEFAULT_REMOVE_FILLERS;
let latestReframe: ClipReframe = DEFAULT_CLIP_REFRAME;

function Harness({ showShortForm }: { showShortForm: boolean }) {
  const [removeFillers, setRemoveFillers] = useState(DEFAULT_REMOVE_FILLERS);
  const [reframe, setReframe] = useState<ClipReframe>(DEFAULT_CLIP_REFRAME);
  useEffect(() => {
    latest = removeFillers;
  }, [removeFillers]);
  useEffect(() => {
    latestReframe = reframe;
  }, [reframe]);
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
        reframe={reframe}
        onReframe={setReframe}
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

  it('offers the framing of short clips, Centre until another is picked', async () => {
    render(<Harness showShortForm />);
    const group = screen.getByRole('group', { name: 'Vertical framing of short clips' });
    const centre = within(group).getByRole('button', { name: 'Centre' });
    expect(centre.getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(within(group).getByRole('button', { name: 'Follow speaker' }));
    expect(latestReframe).toBe('follow');
    expect(
      within(group).getByRole('button', { name: 'Follow speaker' }).getAttribute('aria-pressed'),
    ).toBe('true');
    // NOTE: a second click on the pressed choice keeps it: the framing always has a value.
    await userEvent.click(within(group).getByRole('button', { name: 'Follow speaker' }));
    expect(latestReframe).toBe('follow');
  });

  it('shows no framing for long form only', () => {
    render(<Harness showShortForm={false} />);
    expect(screen.queryByRole('group', { name: 'Vertical framing of short clips' })).toBeNull();
  });
});
