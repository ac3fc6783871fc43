// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_DRAW_SETTINGS, FONT_NAMES } from '@roughcut/shared';
import type { DrawSettings } from '@roughcut/shared';
import { useState } from 'react';
import { SubtitleStyleControls } from './subtitle-style-controls.tsx';

afterEach(cleanup);

function Harness(props: { initial?: Partial<DrawSettings>; onChange: (s: DrawSettings) => void }) {
  const [value, setValue] = useState<DrawSettings>({ ...DEFAULT_DRAW_SETTINGS, ...props.initial });
  return (
    <SubtitleStyleControls
      value={value}
      onChange={(next) => {
        setValue(next);
        props.onChange(next);
      }}
    />
  );
}

const last = (fn: ReturnType<typeof vi.fn>) => fn.mock.calls.at(-1)?.[0] as DrawSettings;

// NOTE: generous: the machine running the suite is shared and often busy.
describe('the subtitle styling controls', { timeout: 60_000 }, () => {
  it('toggles bold, italic, underline and strikeout', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Bold' }));
    expect(last(onChange)).toMatchObject({ bold: true, italic: false });
    await userEvent.click(screen.getByRole('button', { name: 'Strikeout' }));
    expect(last(onChange)).toMatchObject({ bold: true, strike_out: true });
    await userEvent.click(screen.getByRole('button', { name: 'Bold' }));
    expect(last(onChange)).toMatchObject({ bold: false, strike_out: true, underline: false });
  });

  it('takes only valid colours and keeps the other settings', async () => {
    const onChange = vi.fn();
    render(<Harness initial={{ secondary_color_red: 12 }} onChange={onChange} />);
    const primary = screen.getByLabelText('Primary Color');
    expect((primary as HTMLInputElement).value).toBe('#4169E1');
    await userEvent.clear(primary);
    await userEvent.type(primary, '#12');
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByText('Use #RRGGBB, #RGB or rgb(r, g, b)')).toBeTruthy();
    await userEvent.type(primary, '3456');
    expect(last(onChange)).toMatchObject({
      primary_color_red: 0x12,
      primary_color_green: 0x34,
      primary_color_blue: 0x56,
      primary_color_alpha: 1,
      secondary_color_red: 12,
    });
    const opacity = screen.getByLabelText('Shadow Color Opacity');
    await userEvent.clear(opacity);
    await userEvent.type(opacity, '50');
    expect(last(onChange).shadow_color_alpha).toBe(0.5);
    await userEvent.type(opacity, '0');
    expect(last(onChange).shadow_color_alpha).toBe(0.5);
  });

  it('labels vertical padding by alignment and hides it for the middle row', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    expect(screen.getByRole('slider', { name: 'Bottom Padding' })).toBeTruthy();
    await userEvent.click(screen.getByRole('combobox', { name: 'Alignment' }));
    await userEvent.click(screen.getByRole('option', { name: 'Top Center' }));
    expect(last(onChange).alignment).toBe(8);
    expect(screen.getByRole('slider', { name: 'Top Padding' })).toBeTruthy();
    await userEvent.click(screen.getByRole('combobox', { name: 'Alignment' }));
    await userEvent.click(screen.getByRole('option', { name: 'Middle Left' }));
    expect(screen.queryByRole('slider', { name: /^(Top|Bottom|Vertical) Padding$/ })).toBeNull();
    expect(screen.getByRole('slider', { name: 'Left Padding' })).toBeTruthy();
  });

  it('offers the spec fonts, border styles and 0 to 4 outline and shadow', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Font' }));
    const fonts = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(fonts.map((o) => o.textContent)).toEqual([...FONT_NAMES]);
    await userEvent.click(screen.getByRole('option', { name: 'Georgia' }));
    expect(last(onChange).font_name).toBe('Georgia');
    await userEvent.click(screen.getByRole('combobox', { name: 'Border Style' }));
    await userEvent.click(screen.getByRole('option', { name: 'Box' }));
    expect(last(onChange).border_style).toBe(3);
    await userEvent.click(screen.getByRole('combobox', { name: 'Shadow' }));
    const shadows = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(shadows.map((o) => o.textContent)).toEqual(['0', '1', '2', '3', '4']);
    await userEvent.click(screen.getByRole('option', { name: '4' }));
    expect(last(onChange).shadow).toBe(4);
  });

  it('has every slider with the spec range and refuses typed values outside it', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const ranges: Record<string, [number, number]> = {
      Size: [0, 100],
      'Left Padding': [0, 400],
      'Right Padding': [0, 400],
      'Bottom Padding': [0, 300],
      'Scale Width': [0, 100],
      'Scale Height': [0, 100],
      'Letter Spacing': [0, 100],
      Angle: [0, 360],
    };
    for (const [name, [min, max]] of Object.entries(ranges)) {
      const slider = screen.getByRole('slider', { name });
      expect([slider.getAttribute('min'), slider.getAttribute('max')]).toEqual([
        String(min),
        String(max),
      ]);
      expect(slider.getAttribute('step')).toBe('1');
    }
    const size = screen.getByLabelText('Size value');
    await userEvent.clear(size);
    await userEvent.type(size, '101');
    expect(onChange.mock.calls.every(([s]) => (s as DrawSettings).size <= 100)).toBe(true);
    expect(size.getAttribute('aria-invalid')).toBe('true');
    await userEvent.clear(size);
    await userEvent.type(size, '42');
    expect(last(onChange).size).toBe(42);
    expect(screen.getByRole('slider', { name: 'Size' }).getAttribute('aria-valuenow')).toBe('42');
  });

  it('disables every control when asked', () => {
    render(
      <SubtitleStyleControls value={DEFAULT_DRAW_SETTINGS} onChange={() => undefined} disabled />,
    );
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Bold' }).disabled).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Primary Color').disabled).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('slider', { name: 'Size' }).disabled).toBe(true);
  });

  it('offers the word-by-word styles, all off by default, with the highlight colour', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const highlight = screen.getByRole<HTMLInputElement>('switch', {
      name: 'Highlight the spoken word',
    });
    const pop = screen.getByRole<HTMLInputElement>('switch', { name: 'One word at a time' });
    const caps = screen.getByRole<HTMLInputElement>('switch', { name: 'All caps' });
    expect([highlight.checked, pop.checked, caps.checked]).toEqual([false, false, false]);
    // The colour is for the highlight only: it waits until the highlight is on.
    expect(screen.getByLabelText<HTMLInputElement>('Highlight Color').disabled).toBe(true);
    await userEvent.click(highlight);
    expect(last(onChange)).toMatchObject({ word_highlight: true, one_word_at_a_time: false });
    const colour = screen.getByLabelText('Highlight Color');
    expect((colour as HTMLInputElement).value).toBe('#FFD600');
    await userEvent.clear(colour);
    await userEvent.type(colour, '#00ff88');
    expect(last(onChange)).toMatchObject({
      word_highlight: true,
      highlight_color_red: 0,
      highlight_color_green: 255,
      highlight_color_blue: 136,
      primary_color_red: 65,
    });
    await userEvent.click(pop);
    await userEvent.click(caps);
    expect(last(onChange)).toMatchObject({
      word_highlight: true,
      one_word_at_a_time: true,
      upper_case: true,
    });
  });

  it('shows where a style draws too large, by the rule the server refuses it with', async () => {
    const onChange = vi.fn();
    render(<Harness initial={{ play_res_x: 1, play_res_y: 1 }} onChange={onChange} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(
      'play_res_x 1 is too small. Set it to 0 (the default layout) or to at least 100',
    );
    await userEvent.click(within(alert).getByRole('button', { name: 'Use the default layout' }));
    expect(last(onChange)).toMatchObject({ play_res_x: 0, play_res_y: 0, size: 18 });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says which size a custom layout allows as the size is typed', async () => {
    const onChange = vi.fn();
    render(<Harness initial={{ play_res_x: 200, play_res_y: 150 }} onChange={onChange} />);
    expect(screen.queryByRole('alert')).toBeNull();
    const size = screen.getByLabelText('Size value');
    await userEvent.clear(size);
    await userEvent.type(size, '60');
    expect(last(onChange).size).toBe(60);
    expect(screen.getByRole('alert').textContent).toContain(
      'Size 60 is too large for the play resolution 200x150: use at most 52.08',
    );
  });
});
