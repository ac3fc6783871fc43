// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Gap } from '@roughcut/shared';
import { useEffect, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { FillerList, TimelineLegend } from './filler-list.tsx';
import { initialGapEditState, undoLastEdit } from './gap-editing.rules.ts';
import type { GapEditState } from './gap-editing.rules.ts';

const silence: Gap = { id: 'gap-1', start: 11, end: 12 };
const um: Gap = { id: 'gap-2', start: 13.2, end: 13.55, kind: 'filler' };
const uh: Gap = { id: 'gap-3', start: 15, end: 15.3, kind: 'filler' };
const erm: Gap = { id: 'gap-4', start: 17.5, end: 17.9, kind: 'filler' };

// The words heard: "Um," under the first filler and "uh" under the second; the third is voice
// held between words, with no word.
const words = [
  { text: 'So', start: 12.2, end: 12.6, confidence: 0.9 },
  { text: 'Um,', start: 13.25, end: 13.5, confidence: 0.9 },
  { text: 'uh', start: 15.05, end: 15.25, confidence: 0.9 },
  { text: 'then', start: 16, end: 16.3, confidence: 0.9 },
];

let latest: GapEditState;

/** The clip starts at 10 s; `um` and `uh` start removed, `erm` kept (as a saved cut left it). */
function Harness({ editable = true }: { editable?: boolean }) {
  const [state, setState] = useState(() =>
    initialGapEditState([silence, um, uh], [silence, um, uh, erm]),
  );
  useEffect(() => {
    latest = state;
  }, [state]);
  return (
    <FillerList state={state} onChange={setState} editable={editable} origin={10} words={words} />
  );
}

const cutIds = () => latest.gaps.map((g) => g.id);

afterEach(cleanup);

describe('FillerList', () => {
  it('counts the fillers found and removed and names each word at its time on the clip', () => {
    render(<Harness />);
    expect(screen.getByText('3 fillers, 2 removed')).toBeTruthy();
    const items = within(screen.getByRole('list', { name: 'Fillers' })).getAllByRole('listitem');
    expect(items.map((i) => i.getAttribute('aria-label'))).toEqual([
      'Filler at 0:03.2, um, 0.35 s, removed',
      'Filler at 0:05.0, uh, 0.30 s, removed',
      'Filler at 0:07.5, 0.40 s, kept',
    ]);
    expect(items.map((i) => i.textContent)).toEqual([
      'um · 0:03.2Keep',
      'uh · 0:05.0Keep',
      'filler · 0:07.5Remove',
    ]);
    expect(items.map((i) => i.dataset.removed)).toEqual(['true', 'true', 'false']);
  });

  it('keeps a removed filler and removes a kept one, the silence untouched, and undoes', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Keep the filler at 0:03.2, um' }));
    expect(cutIds()).toEqual(['gap-1', 'gap-3']);
    expect(screen.getByText('3 fillers, 1 removed')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove the filler at 0:07.5' }));
    expect(cutIds()).toEqual(['gap-1', 'gap-3', 'gap-4']);
    expect(latest.deletedGaps.map((g) => g.id)).toEqual(['gap-2']);
    // The keep is one undoable step like a Ctrl/Cmd+click delete.
    expect(undoLastEdit(latest).gaps.map((g) => g.id)).toEqual([
      'gap-1',
      'gap-2',
      'gap-3',
      'gap-4',
    ]);
  });

  it('removes or keeps all fillers at once, never a silence', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Keep all' }));
    expect(cutIds()).toEqual(['gap-1']);
    expect(screen.getByText('3 fillers, 0 removed')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove all' }));
    expect(cutIds()).toEqual(['gap-1', 'gap-2', 'gap-3', 'gap-4']);
  });

  it('shows the fillers read-only when the clip is not editable', () => {
    render(<Harness editable={false} />);
    expect(screen.queryByRole('button', { name: 'Keep all' })).toBeNull();
    const keep = screen.getByRole('button', { name: 'Keep the filler at 0:03.2, um' });
    expect((keep as HTMLButtonElement).disabled).toBe(true);
  });

  it('says so when a clip has no fillers', () => {
    render(
      <FillerList
        state={initialGapEditState([silence])}
        onChange={() => undefined}
        editable
        origin={0}
        words={[]}
      />,
    );
    expect(screen.getByText('No fillers found')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Fillers' })).toBeNull();
  });

  it('has a legend for silences, removed fillers and kept fillers', () => {
    render(<TimelineLegend />);
    const legend = screen.getByTestId('timeline-legend');
    expect(legend.textContent).toBe('Silence, cutFiller, cutFiller, kept');
  });
});
