import { describe, expect, it } from 'vitest';
import { readLength, readTimeline } from '../testing/timeline-readback.ts';
import { writeExport } from './export-formats.ts';
import { buildTimeline } from './export-timeline.ts';
import type { ExportInput } from './export-timeline.ts';
import { framesToSeconds } from './frame-time.ts';

const RATES = [24000 / 1001, 25, 30000 / 1001, 30, 60000 / 1001];

const inputAt = (fps: number): ExportInput => ({
  title: 'Tom & Jerry\'s "<best>" cut',
  fileName: 'talk & <notes> #1.mp4',
  probe: {
    durationS: 60,
    fps,
    variableFrameRate: false,
    displayWidth: 1920,
    displayHeight: 1080,
    audioSampleRate: 48_000,
    audioChannels: 2,
  },
  keep: [
    { start: 0.4137, end: 3.2021 },
    { start: 4.05, end: 9.9 },
    { start: 11.333, end: 11.5 },
    { start: 20.01, end: 33.337 },
  ],
  phrases: [
    { start: 0.5, end: 2.9, phrase: 'Welcome <b>&amp;</b> hello' },
    { start: 3.0, end: 4.6, phrase: 'across the cut' },
    { start: 9.95, end: 11.2, phrase: 'cut away entirely' },
    { start: 21, end: 24.5, phrase: 'Line\nbreaks  and\ttabs' },
  ],
});

function readBack(format: 'fcpxml' | 'xmeml' | 'otio' | 'edl' | 'mlt', input: ExportInput) {
  const text = writeExport(format, input);
  return readTimeline(format, text, buildTimeline(input).rate);
}

describe.each(RATES)('timeline exports at %f fps', (fps) => {
  const input = inputAt(fps);
  const timeline = buildTimeline(input);
  const cuts = timeline.cuts;

  it.each(['fcpxml', 'xmeml', 'otio', 'edl', 'mlt'] as const)(
    '%s parses back to the same frame-exact cuts, linked, from the one file',
    (format) => {
      const read = readBack(format, input);
      expect(read.rate).toEqual(timeline.rate);
      expect(read.video).toEqual(cuts);
      expect(read.audio).toEqual(cuts);
      expect(readLength(read.video)).toBe(timeline.frames);
      // URLs in FCPXML and OTIO; the bare name elsewhere.
      const expectedName =
        format === 'otio' || format === 'fcpxml'
          ? 'talk%20&%20%3Cnotes%3E%20%231.mp4'
          : input.fileName;
      expect(new Set(read.media)).toEqual(new Set([expectedName]));
    },
  );

  it('keeps the kept time within a frame, summed over every cut', () => {
    const kept = input.keep.reduce((sum, s) => sum + s.end - s.start, 0);
    expect(Math.abs(framesToSeconds(timeline.frames, timeline.rate) - kept)).toBeLessThanOrEqual(
      framesToSeconds(1, timeline.rate),
    );
    // Cuts follow each other with no hole on the timeline.
    cuts.slice(1).forEach((cut, i) => {
      const previous = cuts[i]!;
      expect(cut.recordIn).toBe(previous.recordIn + previous.sourceOut - previous.sourceIn);
    });
  });

  it.each(['fcpxml', 'xmeml', 'otio', 'mlt'] as const)(
    '%s carries the captions on the cut timeline',
    (format) => {
      const read = readBack(format, input);
      expect(read.captions).toEqual(timeline.captions);
      expect(read.captions.map((c) => c.text)).toEqual([
        'Welcome <b>&amp;</b> hello',
        'across the cut',
        'Line breaks and tabs',
      ]);
      // "across the cut" starts in the first kept span and goes on into the second.
      const across = read.captions[1]!;
      expect(across.recordIn).toBeLessThan(cuts[1]!.recordIn);
      expect(across.recordOut).toBeGreaterThan(cuts[1]!.recordIn);
    },
  );
});

describe('timecode as editors show each rate', () => {
  it('is drop-frame at 29.97 and 59.94 in the EDL, FCPXML and xmeml, and non-drop otherwise', () => {
    const expected = [
      [24000 / 1001, 'NON-DROP', 'NDF'],
      [25, 'NON-DROP', 'NDF'],
      [30000 / 1001, 'DROP', 'DF'],
      [30, 'NON-DROP', 'NDF'],
      [60000 / 1001, 'DROP', 'DF'],
    ] as const;
    for (const [fps, fcm, tcFormat] of expected) {
      const input = {
        ...inputAt(fps),
        keep: [{ start: 50, end: 70 }],
        probe: { ...inputAt(fps).probe, durationS: 90 },
      };
      const edl = writeExport('edl', input).split('\n');
      expect(edl[1]).toBe(`FCM: ${fcm} FRAME`);
      // The one event runs from 50 s to 70 s of the source, over the first minute's end.
      const event = edl
        .find((line) => line.startsWith('001'))!
        .split(/\s+/)
        .slice(4);
      const separator = fcm === 'DROP' ? ';' : ':';
      expect(
        event.every((tc) => tc.charAt(8) === separator),
        event.join(' '),
      ).toBe(true);
      if (fps === 30000 / 1001) {
        // Frames 1499 to 2098: drop-frame labels keep to the clock, 70 s reads 00:01:10;00.
        expect(event).toEqual(['00:00:49;29', '00:01:10;00', '00:00:00;00', '00:00:19;29']);
      }
      expect(writeExport('fcpxml', input)).toContain(`tcFormat="${tcFormat}"`);
      expect(writeExport('xmeml', input)).toContain(`<displayformat>${tcFormat}</displayformat>`);
    }
  });
});

describe('transcript exports of an edit', () => {
  it('times cues on the cut timeline', () => {
    const input = inputAt(25);
    const srt = writeExport('srt', input);
    // The first span starts at 0.4137 s, snapped to frame 10 (0.4 s): 0.5 s is heard at 0.1 s.
    expect(srt).toContain('1\n00:00:00,100 --> ');
    expect(srt).not.toContain('cut away entirely');
    expect(writeExport('txt', input)).toBe(
      'Welcome <b>&amp;</b> hello across the cut Line breaks and tabs\n',
    );
    expect(writeExport('vtt', input)).toMatch(/^WEBVTT\n\n00:00:00\.100 --> /);
    expect(writeExport('ass', input)).toContain('Dialogue: 0,0:00:00.10,');
  });
});

describe('captions of a cut that took out a filler', () => {
  it('say what is heard in every timeline, with the comma before the filler gone too', () => {
    const words = [
      { text: 'We', start: 1, end: 1.2 },
      { text: 'went,', start: 1.3, end: 1.7 },
      { text: 'um,', start: 1.9, end: 2.3 },
      { text: 'home.', start: 2.5, end: 3 },
    ];
    const input: ExportInput = {
      ...inputAt(25),
      keep: [
        { start: 0.5, end: 1.8 },
        { start: 2.4, end: 4 },
      ],
      phrases: [{ start: 1, end: 3, phrase: 'We went, um, home.', words }],
    };
    for (const format of ['fcpxml', 'xmeml', 'otio', 'mlt'] as const) {
      expect(readBack(format, input).captions.map((c) => c.text)).toEqual(['We went home.']);
    }
    expect(writeExport('srt', input)).toContain('\nWe went home.\n');
  });
});

describe('xmeml tracks', () => {
  it('ends every track as FCP 7 does: its clips, then enabled and locked', () => {
    const xml = writeExport('xmeml', inputAt(25));
    const tracks = xml.match(/<track>[\s\S]*?<\/track>/g) ?? [];
    expect(tracks.length).toBe(3);
    for (const track of tracks) {
      expect(track).toMatch(
        /<\/(?:clipitem|generatoritem)>\s*<enabled>TRUE<\/enabled>\s*<locked>FALSE<\/locked>\s*<\/track>$/,
      );
    }
  });
});

describe('buildTimeline', () => {
  it('refuses an edit with nothing kept', () => {
    expect(() => buildTimeline({ ...inputAt(25), keep: [] })).toThrow(/Nothing is kept/);
  });
});
