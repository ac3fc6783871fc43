// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_DRAW_SETTINGS } from '@roughcut/shared';
import type { Clip, Segment } from '@roughcut/shared';
import { useState } from 'react';
import { cutClock } from '../../playback/clip-clock.ts';
import { PhraseList } from './phrase-list.tsx';
import { PHRASE_ROW_HEIGHT } from './phrase-row.tsx';
import { useClipEdits } from './use-clip-edits.ts';
import { loadedEditsState } from './clip-draft.rules.ts';

afterEach(cleanup);

const word = (text: string, confidence: number) => ({ text, start: 0, end: 0.1, confidence });
const SEGMENTS: Segment[] = [
  { start: 1, end: 2.5, phrase: 'welcome to the show', words: [word('welcome', 0.95)] },
  {
    start: 3,
    end: 4.25,
    phrase: 'rough cuts safe ours',
    words: [word('rough', 0.9), word('safe', 0.62)],
  },
  { start: 5, end: 6, phrase: 'then we find clips', words: [word('then', 0.85)] },
  { start: 6.5, end: 7, phrase: '', words: [] },
];

const clipWith = (segments: Segment[]): Clip => ({
  id: 'clip-1',
  auto_job_id: 'job-1',
  auto_job_instance_id: 'instance-1',
  title: 'A clip',
  description: '',
  engagement_score: 7,
  status: 'awaiting-confirmation',
  confirmed: false,
  failure_reason: null,
  is_long_form: false,
  start: 0,
  end: 8,
  segments,
  draw_settings: DEFAULT_DRAW_SETTINGS,
  gaps: [],
  detected_gaps: [],
  subtitles_burned: true,
  edits: { cut: false, subtitles: false },
});

// The clip as cut (its first second cut): the player's clock, which the phrase times read on.
const CLOCK = cutClock({ start: 0, end: 8 }, [{ start: 0, end: 1 }]);

/** The list driven by the screen's own edit state, as the Subtitles step drives it. */
function Harness({ clip, editable = true }: { clip: Clip; editable?: boolean }) {
  const [opened] = useState(() => loadedEditsState(clip));
  const edits = useClipEdits(opened);
  return (
    <PhraseList
      phrases={edits.phrases}
      tolerance={edits.tolerance}
      playingId={undefined}
      selectedId={undefined}
      follow={false}
      editable={editable}
      actions={edits.phraseActions}
      onSelect={() => undefined}
      onTolerance={edits.setTolerance}
      clock={CLOCK}
    />
  );
}

const rows = () => screen.getAllByTestId('phrase-row');
const header = () => screen.getByTestId('invalid-phrases').textContent;
const tolerance = () => screen.getByRole('slider', { name: 'Confidence tolerance' });

// NOTE: MUI renders slowly under happy-dom on a busy machine; these are not timing tests.
describe('the Subtitles phrase list', { timeout: 60_000 }, () => {
  it('shows each phrase with its times and marks the low-confidence and unrecognised ones', async () => {
    render(<Harness clip={clipWith(SEGMENTS)} />);
    expect(rows()).toHaveLength(4);
    // Issue 33: on the player's clock (the clip as cut), not in source seconds.
    expect(within(rows()[1]!).getByText('0:02.0 – 0:03.2')).toBeTruthy();
    const time = within(rows()[1]!).getByRole('button', { name: 'Play from 0:02.0' });
    // The source time only where the user asks for it: the time's tooltip.
    await userEvent.hover(time);
    expect((await screen.findByRole('tooltip')).textContent).toBe(
      'In the source video: 0:03.0 – 0:04.2',
    );
    await userEvent.unhover(time);
    expect(screen.getByRole('textbox', { name: 'Text of phrase 2' })).toHaveProperty(
      'value',
      'rough cuts safe ours',
    );
    // First display: the phrase with a word under 80% and the unrecognised one are invalid.
    expect(header()).toBe('2 / 4 invalid phrases');
    expect(rows().map((row) => row.dataset.marker)).toEqual(['none', 'red', 'none', 'red']);
    expect(within(rows()[1]!).getByText('Unsure: safe 62%')).toBeTruthy();
    expect(within(rows()[3]!).getByText('Speech not recognised: type what was said')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Mark phrase \d as correct$/ })).toHaveLength(2);
    expect(tolerance()).toHaveProperty('value', '0.8');
    expect(screen.getByTestId('tolerance-value').textContent).toBe('80%');
  });

  it('re-judges every phrase when the tolerance moves, shown as a rounded-up percent', () => {
    render(<Harness clip={clipWith(SEGMENTS)} />);
    fireEvent.change(tolerance(), { target: { value: '0.6' } });
    expect(screen.getByTestId('tolerance-value').textContent).toBe('60%');
    // No word under 60% now: all with words become valid; the unrecognised one stays invalid.
    expect(header()).toBe('1 / 4 invalid phrases');
    fireEvent.change(tolerance(), { target: { value: '0.87' } });
    expect(screen.getByTestId('tolerance-value').textContent).toBe('87%');
    expect(header()).toBe('3 / 4 invalid phrases');
    expect(rows().map((row) => row.dataset.marker)).toEqual(['none', 'red', 'red', 'red']);
    fireEvent.change(tolerance(), { target: { value: '0.07' } });
    expect(screen.getByTestId('tolerance-value').textContent).toBe('7%');
  });

  it('accepts a phrase when its text is edited or its tick is pressed, and deletes one', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Harness clip={clipWith(SEGMENTS)} />);
    const second = screen.getByRole('textbox', { name: 'Text of phrase 2' });
    await user.clear(second);
    await user.type(second, 'rough cuts save hours{Enter}');
    expect(second).toHaveProperty('value', 'rough cuts save hours');
    expect(rows()[1]!.dataset.marker).toBe('none');
    expect(header()).toBe('1 / 4 invalid phrases');

    await user.click(screen.getByRole('button', { name: 'Mark phrase 4 as correct' }));
    expect(header()).toBe('0 / 4 invalid phrases');
    expect(screen.queryAllByRole('button', { name: /as correct$/ })).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete phrase 3' }));
    expect(rows()).toHaveLength(3);
    expect(header()).toBe('0 / 3 invalid phrases');
    expect(screen.queryByDisplayValue('then we find clips')).toBeNull();
  });

  it('asks whether anyone spoke when there is no transcription', () => {
    render(<Harness clip={clipWith([])} />);
    expect(screen.getByText('No transcription found')).toBeTruthy();
    expect(screen.getByText('Was there any speaking in this video?')).toBeTruthy();
    expect(header()).toBe('0 / 0 invalid phrases');
  });

  it('is read-only once the clip is no longer awaiting confirmation', () => {
    render(<Harness clip={clipWith(SEGMENTS)} editable={false} />);
    expect(screen.getByRole('textbox', { name: 'Text of phrase 1' })).toHaveProperty(
      'readOnly',
      true,
    );
    expect(screen.queryAllByRole('button', { name: /^Delete phrase/ })).toHaveLength(0);
  });

  it('draws only the rows in view for a long clip', () => {
    const many = Array.from({ length: 2000 }, (_, i) => ({
      start: i * 2,
      end: i * 2 + 1.5,
      phrase: `phrase number ${i}`,
      words: [word('phrase', 0.9)],
    }));
    render(<Harness clip={{ ...clipWith(many), end: 4000 }} />);
    expect(header()).toBe('0 / 2000 invalid phrases');
    expect(rows().length).toBeLessThan(40);
    expect(screen.queryByDisplayValue('phrase number 1000')).toBeNull();
    const list = screen.getByTestId('phrase-list');
    list.scrollTop = 1000 * PHRASE_ROW_HEIGHT;
    fireEvent.scroll(list);
    expect(screen.getByDisplayValue('phrase number 1000')).toBeTruthy();
    expect(screen.queryByDisplayValue('phrase number 0')).toBeNull();
  });
});
