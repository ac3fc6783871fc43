// A CMX3600 EDL: one event per kept span, picture and sound on the same event (AA/V for stereo,
// B for mono) so they stay linked, the source named by a FROM CLIP NAME comment for relinking.
// An EDL carries no captions. Timecode is non-drop-frame at the rate's whole-number timebase,
// which counts frames exactly at 23.976 and 29.97 too.
import { cutLength } from './export-timeline.ts';
import type { Timeline } from './export-timeline.ts';
import { timecode } from './frame-time.ts';

const REEL = 'AX';

/** An EDL line holds no line breaks and a title no more than 70 characters. */
const oneLine = (text: string, max: number): string =>
  text
    .replace(/[\r\n\t]+/g, ' ')
    .trim()
    .slice(0, max);

export function toEdl(timeline: Timeline): string {
  const tc = (frames: number) => timecode(frames, timeline.rate);
  const channels = timeline.audioChannels === 1 ? 'B' : 'AA/V';
  const lines = [`TITLE: ${oneLine(timeline.title, 70)}`, 'FCM: NON-DROP FRAME', ''];
  timeline.cuts.forEach((cut, i) => {
    const event = String(i + 1).padStart(3, '0');
    lines.push(
      `${event}  ${REEL.padEnd(8)} ${channels.padEnd(5)} C        ${tc(cut.sourceIn)} ${tc(cut.sourceOut)} ${tc(cut.recordIn)} ${tc(cut.recordIn + cutLength(cut))}`,
      `* FROM CLIP NAME: ${oneLine(timeline.fileName, 200)}`,
      '',
    );
  });
  return lines.join('\n');
}
