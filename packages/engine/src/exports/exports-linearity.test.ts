// Issue 35: an export's work grows in a straight line with the edit (the cuts and the phrases),
// checked without a clock: every read of a kept span, a phrase, a cut or a caption is counted, and
// an edit ten times longer may cost at most about ten times the reads (with room for the log of a
// binary search), where a scan of every span per phrase or per word costs a hundred times.
import { DEFAULT_DRAW_SETTINGS, EXPORT_FORMATS, TIMELINE_FORMATS } from '@roughcut/shared';
import { describe, expect, it } from 'vitest';
import { toEdlLists } from './edl.ts';
import { exportPieces } from './export-formats.ts';
import { buildTimeline } from './export-timeline.ts';
import type { ExportInput, Timeline } from './export-timeline.ts';
import { toFcpxml } from './fcpxml.ts';
import { toKdenlive } from './kdenlive.ts';
import { longEditInput } from './long-edit.fixtures.ts';
import { toMlt } from './mlt.ts';
import { toOtio } from './otio.ts';
import { toXmeml } from './xmeml.ts';

type Counter = { reads: number };

/** The same objects, each read of any of their fields counted. */
const counted = <T extends object>(items: readonly T[], counter: Counter): T[] =>
  items.map(
    (item) =>
      new Proxy(item, {
        get(target, key, receiver) {
          counter.reads++;
          return Reflect.get(target, key, receiver) as unknown;
        },
      }),
  );

const SMALL = { durationS: 1200, gaps: 400, phrases: 150 };
const LARGE = { durationS: 12_000, gaps: 4000, phrases: 1500 };
/** 10x the edit: 10x the reads, plus a binary search's log, stays well under this. */
const MOST_GROWTH = 20;

function inputReads(format: (typeof EXPORT_FORMATS)[number], size: typeof SMALL): number {
  const counter = { reads: 0 };
  const input = longEditInput(size);
  const watched: ExportInput = {
    ...input,
    keep: counted(input.keep, counter),
    phrases: counted(input.phrases, counter),
  };
  let length = 0;
  for (const piece of exportPieces(format, watched, { assSettings: DEFAULT_DRAW_SETTINGS })) {
    length += piece.length;
  }
  expect(length).toBeGreaterThan(0);
  return counter.reads;
}

const WRITERS: Record<(typeof TIMELINE_FORMATS)[number], (timeline: Timeline) => unknown> = {
  fcpxml: toFcpxml,
  kdenlive: toKdenlive,
  xmeml: toXmeml,
  otio: toOtio,
  edl: toEdlLists,
  mlt: toMlt,
};

function timelineReads(format: keyof typeof WRITERS, size: typeof SMALL): number {
  const counter = { reads: 0 };
  const timeline = buildTimeline(longEditInput(size));
  expect(timeline.captions.length).toBeGreaterThan(0);
  WRITERS[format]({
    ...timeline,
    cuts: counted(timeline.cuts, counter),
    captions: counted(timeline.captions, counter),
  });
  return counter.reads;
}

describe('the exports grow in a straight line with the edit', () => {
  it.each(EXPORT_FORMATS)('%s reads each kept span and phrase a bounded number of times', (f) => {
    const small = inputReads(f, SMALL);
    expect(small).toBeGreaterThan(SMALL.gaps);
    expect(inputReads(f, LARGE)).toBeLessThan(small * MOST_GROWTH);
  });

  it.each(TIMELINE_FORMATS)('%s reads each cut and caption a bounded number of times', (f) => {
    const small = timelineReads(f, SMALL);
    expect(small).toBeGreaterThan(SMALL.gaps);
    expect(timelineReads(f, LARGE)).toBeLessThan(small * MOST_GROWTH);
  });
});
