import { describe, expect, it } from 'vitest';
import { writeExport } from './export-formats.ts';
import { buildTimeline, escapeXml, fileUrl, xmlSafeText } from './export-timeline.ts';
import type { ExportInput } from './export-timeline.ts';

// Every character XML 1.0 cannot carry, escaped or not, and some it can.
const FORBIDDEN = [
  '\u0000',
  '\u0001',
  '\u0008',
  '\u000B',
  '\u000C',
  '\u000E',
  '\u001F',
  '\uD800',
  '\uDBFF',
  '\uDC00',
  '\uDFFF',
  '\uFFFE',
  '\uFFFF',
];
const ALLOWED = ['\t', '\n', '\r', ' ', '\u007F', '\uD7FF', '\uE000', '\uFFFD', '😀', '\u{10FFFF}'];

describe('xmlSafeText', () => {
  it.each(FORBIDDEN)('drops %j', (ch) => {
    expect(xmlSafeText(`a${ch}b`)).toBe('ab');
  });

  it.each(ALLOWED)('keeps %j', (ch) => {
    expect(xmlSafeText(`a${ch}b`)).toBe(`a${ch}b`);
  });

  it('keeps a surrogate pair and drops only the lone half beside it', () => {
    expect(xmlSafeText('\uD83D\uDE00\uD83D x \uDE00')).toBe('😀 x ');
  });

  it('escapes what XML can carry and drops what it cannot', () => {
    expect(escapeXml(`<"Tom" & 'Jerry'>\uFFFF`)).toBe(
      '&lt;&quot;Tom&quot; &amp; &apos;Jerry&apos;&gt;',
    );
  });
});

describe('timeline text', () => {
  const input: ExportInput = {
    title: 'My\uFFFE talk\u0001',
    fileName: 'talk\uD800\uFFFF.mp4',
    probe: {
      durationS: 10,
      fps: 25,
      variableFrameRate: false,
      displayWidth: 640,
      displayHeight: 360,
      audioSampleRate: 48_000,
      audioChannels: 2,
    },
    keep: [{ start: 0, end: 4 }],
    phrases: [{ start: 1, end: 2, phrase: 'Hello\uFFFF \uDC00there\u001F' }],
  };

  it('leaves the forbidden characters out of the title, the file name and the captions', () => {
    const timeline = buildTimeline(input);
    expect(timeline.title).toBe('My talk');
    expect(timeline.fileName).toBe('talk.mp4');
    expect(timeline.captions.map((c) => c.text)).toEqual(['Hello there']);
    // A lone surrogate made encodeURI throw; the name is clean before it is a URL.
    expect(fileUrl(timeline.fileName)).toBe('talk.mp4');
  });

  it.each(['fcpxml', 'xmeml', 'mlt', 'otio', 'edl'] as const)(
    '%s carries none of them',
    (format) => {
      const text = writeExport(format, input);
      expect(text).toContain('talk.mp4');
      expect(xmlSafeText(text)).toBe(text);
    },
  );
});
