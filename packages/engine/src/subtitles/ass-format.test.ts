import { describe, expect, it } from 'vitest';
import { assColour, escapeAssText, formatAssTime, sanitiseAssField } from './ass-format.ts';

describe('assColour', () => {
  it('writes &HAABBGGRR with the spec alpha 1 as opaque 00', () => {
    expect(assColour(65, 105, 225, 1)).toBe('&H00E16941');
    expect(assColour(255, 255, 255, 1)).toBe('&H00FFFFFF');
  });
  it('maps alpha 0 to invisible FF and 0.5 to 80', () => {
    expect(assColour(0, 0, 0, 0)).toBe('&HFF000000');
    expect(assColour(0, 0, 0, 0.5)).toBe('&H80000000');
  });
  it('orders blue, green, red', () => {
    expect(assColour(0x12, 0x34, 0x56, 1)).toBe('&H00563412');
  });
  it('clamps out-of-range and non-finite values', () => {
    expect(assColour(300, -5, Number.NaN, 2)).toBe('&H000000FF');
  });
});

describe('formatAssTime', () => {
  it('formats h:mm:ss.cc', () => {
    expect(formatAssTime(0)).toBe('0:00:00.00');
    expect(formatAssTime(1.234)).toBe('0:00:01.23');
    expect(formatAssTime(61.5)).toBe('0:01:01.50');
    expect(formatAssTime(3723.456)).toBe('1:02:03.46');
  });
  it('rounds to the nearest centisecond, carrying over', () => {
    expect(formatAssTime(59.996)).toBe('0:01:00.00');
  });
  it('clamps negative and non-finite times to zero', () => {
    expect(formatAssTime(-3)).toBe('0:00:00.00');
    expect(formatAssTime(Number.NaN)).toBe('0:00:00.00');
  });
});

describe('escapeAssText', () => {
  const inert = (text: string) => {
    const out = escapeAssText(text);
    expect(out).not.toMatch(/[{}\\\r\n]/);
    return out;
  };

  it('leaves ordinary text alone', () => {
    expect(escapeAssText('Hello, world! It costs $5 (or 5%).')).toBe(
      'Hello, world! It costs $5 (or 5%).',
    );
  });
  it('neutralises override blocks', () => {
    expect(inert('{\\pos(0,0)\\c&H0000FF&}pwned')).toBe('｛⧵pos(0,0)⧵c&H0000FF&｝pwned');
    inert('{\\fscx1000}');
    inert('a}b{c');
  });
  it('neutralises hard line breaks and hard spaces written as escapes', () => {
    expect(inert('one\\Ntwo\\nthree\\hfour')).toBe('one⧵Ntwo⧵nthree⧵hfour');
    inert('trailing backslash \\');
  });
  it('collapses real line breaks so text cannot start a new event line', () => {
    expect(inert('line one\nDialogue: 0,0:00:00.00,9:00:00.00,Default,,0,0,0,,x')).toBe(
      'line one Dialogue: 0,0:00:00.00,9:00:00.00,Default,,0,0,0,,x',
    );
    expect(inert('a\r\nb\rc\u2028d')).toBe('a b c d');
  });
  it('drops control characters and squeezes spaces', () => {
    expect(escapeAssText('a\u0000b\u0007  c\t d ')).toBe('ab c d');
  });
});

describe('sanitiseAssField', () => {
  it('removes field separators and line breaks', () => {
    expect(sanitiseAssField('Evil,Font\nStyle: x')).toBe('Evil Font Style: x');
  });
});
