// A CMX3600 EDL: one event per kept span, picture and sound on the same event (AA/V for stereo,
// B for mono) so they stay linked, the source named by a FROM CLIP NAME comment for relinking.
// An EDL carries no captions. Timecode is drop-frame at 29.97 and 59.94, as editors show those
// rates, and non-drop-frame at the others (23.976 counts at timebase 24): frame-exact either way.
// The source columns start at the source's own start timecode, when it has one.
import { cutLength } from './export-timeline.ts';
import type { Timeline, TimelineCut } from './export-timeline.ts';
import { editorTimecode, framesPerDay, isDropFrame } from './frame-time.ts';

const REEL = 'AX';

/**
 * CMX3600 numbers its events with three digits: a list holds 999 at most, and a longer cut is
 * split over several lists (decision 0008).
 */
export const EDL_EVENTS_PER_LIST = 999;

/** An EDL line holds no line breaks and a title no more than 70 characters. */
const oneLine = (text: string, max: number): string =>
  text
    .replace(/[\r\n\t]+/g, ' ')
    .trim()
    .slice(0, max);

function edlList(timeline: Timeline, cuts: readonly TimelineCut[], title: string): string {
  const tc = (frames: number) => editorTimecode(frames, timeline.rate);
  // NOTE: the source columns count from the source's own start timecode, wrapping at midnight as a
  // camera's clock does; the record side starts at 00:00:00:00.
  const day = framesPerDay(timeline.rate);
  const src = (frames: number) => tc((timeline.sourceStart + frames) % day);
  const channels = timeline.audioChannels === 1 ? 'B' : 'AA/V';
  const fcm = isDropFrame(timeline.rate) ? 'FCM: DROP FRAME' : 'FCM: NON-DROP FRAME';
  const clipName = `* FROM CLIP NAME: ${oneLine(timeline.fileName, 200)}`;
  const lines = [`TITLE: ${oneLine(title, 70)}`, fcm, ''];
  cuts.forEach((cut, i) => {
    const event = String(i + 1).padStart(3, '0');
    lines.push(
      `${event}  ${REEL.padEnd(8)} ${channels.padEnd(5)} C        ${src(cut.sourceIn)} ${src(cut.sourceOut)} ${tc(cut.recordIn)} ${tc(cut.recordIn + cutLength(cut))}`,
      clipName,
      '',
    );
  });
  return lines.join('\n');
}

/**
 * The cut as CMX3600 lists of at most 999 events each, in order. NOTE: every list keeps the record
 * timecodes of the whole cut (the second starts where the first ended), so the lists laid end to
 * end on one record timeline rebuild it; each list's events count from 001 again.
 */
export function toEdlLists(timeline: Timeline): string[] {
  const count = Math.ceil(timeline.cuts.length / EDL_EVENTS_PER_LIST);
  if (count <= 1) return [edlList(timeline, timeline.cuts, timeline.title)];
  return Array.from({ length: count }, (_, i) => {
    const cuts = timeline.cuts.slice(i * EDL_EVENTS_PER_LIST, (i + 1) * EDL_EVENTS_PER_LIST);
    const part = ` (part ${i + 1} of ${count})`;
    // NOTE: the part number is what tells the lists apart in an editor: the title gives way to it.
    return edlList(timeline, cuts, `${oneLine(timeline.title, 70 - part.length)}${part}`);
  });
}

/** The cut as one CMX3600 list: only for a cut of at most 999 events (see toEdlLists). */
export function toEdl(timeline: Timeline): string {
  const lists = toEdlLists(timeline);
  if (lists.length > 1) {
    throw new RangeError(
      `an EDL holds ${EDL_EVENTS_PER_LIST} events at most; this cut has ${timeline.cuts.length}`,
    );
  }
  return lists[0]!;
}
