// Issue 34: CMX3600 numbers events with three digits, so an edit of more than 999 cuts exports as
// several lists (a zip of them) that a strict CMX3600 reader takes one by one, and that together
// hold every cut in order on one continuous record timeline.
import { describe, expect, it } from 'vitest';
import { exportPieces, startsWithZip, writeExport } from './export-formats.ts';
import { buildTimeline } from './export-timeline.ts';
import type { ExportInput } from './export-timeline.ts';
import { readStrictEdl, readZip } from './strict-readers.fixtures.ts';
import { zipStore } from './zip-store.ts';

/** `cuts` kept spans of 1.2 s with 0.4 s cut between them. */
const edit = (cuts: number, fps: number): ExportInput => ({
  title: 'A long talk: the cut / "final"',
  fileName: 'talk.mp4',
  probe: {
    durationS: cuts * 1.6 + 1,
    fps,
    variableFrameRate: false,
    displayWidth: 1920,
    displayHeight: 1080,
    audioSampleRate: 48_000,
    audioChannels: 2,
  },
  keep: Array.from({ length: cuts }, (_, i) => ({ start: i * 1.6 + 0.4, end: i * 1.6 + 1.6 })),
  phrases: [],
});

const bytesOf = (input: ExportInput): Uint8Array => {
  const pieces = [...exportPieces('edl', input)];
  expect(pieces).toHaveLength(1);
  const [zip] = pieces;
  if (!(zip instanceof Uint8Array)) throw new Error('the EDL of this cut is not a zip');
  return zip;
};

describe.each([
  [30000 / 1001, true],
  [25, false],
])('an edit of 1,200 cuts at %f fps', (fps, dropFrame) => {
  const input = edit(1200, fps);
  const timeline = buildTimeline(input);

  it('exports a zip of EDLs that a strict CMX3600 reader accepts, every cut in order', () => {
    expect(timeline.cuts).toHaveLength(1200);
    const zip = bytesOf(input);
    expect(startsWithZip(zip)).toBe(true);
    const files = readZip(zip);
    expect([...files.keys()]).toEqual([
      'A long talk the cut final-part1.edl',
      'A long talk the cut final-part2.edl',
    ]);
    let record = 0;
    const events = [...files.values()].flatMap((text, i) => {
      const list = readStrictEdl(text, timeline.rate, record);
      expect(list.title).toBe(`A long talk: the cut / "final" (part ${i + 1} of 2)`);
      expect(list.dropFrame).toBe(dropFrame);
      expect(list.events[0]?.event).toBe(1);
      record = list.events.at(-1)!.recordOut;
      return list.events;
    });
    expect(events.map((e) => e.event)).toEqual([
      ...Array.from({ length: 999 }, (_, i) => i + 1),
      ...Array.from({ length: 201 }, (_, i) => i + 1),
    ]);
    expect(
      events.map(({ sourceIn, sourceOut, recordIn }) => ({ sourceIn, sourceOut, recordIn })),
    ).toEqual(timeline.cuts);
    expect(record).toBe(timeline.frames);
  });

  it('says it cannot be one EDL where only one text is asked for', () => {
    expect(() => writeExport('edl', input)).toThrow(/more than 999 events/);
  });
});

describe('an edit of at most 999 cuts', () => {
  it('is still one plain EDL, the same text as before the split existed', () => {
    const input = edit(999, 25);
    const pieces = [...exportPieces('edl', input)];
    expect(pieces).toEqual([writeExport('edl', input)]);
    const text = pieces[0] as string;
    expect(startsWithZip(new TextEncoder().encode(text))).toBe(false);
    const list = readStrictEdl(text, buildTimeline(input).rate, 0);
    expect(list.title).toBe('A long talk: the cut / "final"');
    expect(list.events).toHaveLength(999);
    expect(list.events.at(-1)?.event).toBe(999);
  });
});

describe('the strict CMX3600 reader', () => {
  const rate = { num: 30000, den: 1001 };
  const list = (event: string) =>
    ['TITLE: t', 'FCM: DROP FRAME', '', event, '* FROM CLIP NAME: talk.mp4', ''].join('\n');
  const line = '001  AX       AA/V  C        00:00:01;00 00:00:02;00 00:00:00;00 00:00:01;00';

  it('reads a well-made event and refuses what old editors refuse', () => {
    expect(readStrictEdl(list(line), rate, 0).events).toHaveLength(1);
    expect(() => readStrictEdl(list(line.replace('001 ', '1000')), rate, 0)).toThrow();
    expect(() => readStrictEdl(list(line.replace('AX      ', 'REELNAME9')), rate, 0)).toThrow();
    // 00:01:00;00 is a label drop-frame skips; 00:00:00;30 a frame past the timebase.
    expect(() =>
      readStrictEdl(list(line.replace('00:00:01;00', '00:01:00;00')), rate, 0),
    ).toThrow();
    expect(() =>
      readStrictEdl(list(line.replace('00:00:00;00', '00:00:00;30')), rate, 0),
    ).toThrow();
    expect(() => readStrictEdl(list(line), rate, 5)).toThrow(/records at/);
  });
});

describe('zipStore', () => {
  it('stores UTF-8 names and texts a reader gets back, the same bytes every time', () => {
    const files = [
      { name: 'café-part1.edl', text: 'TITLE: é\n' },
      { name: 'empty.edl', text: '' },
    ];
    const zip = zipStore(files);
    expect(Object.fromEntries(readZip(zip))).toEqual({
      'café-part1.edl': 'TITLE: é\n',
      'empty.edl': '',
    });
    expect(Buffer.from(zipStore(files)).equals(Buffer.from(zip))).toBe(true);
  });
});
