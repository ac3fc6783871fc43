// A CMX3600 EDL: one event per kept span, picture and sound on the same event (AA/V for stereo,
// B for mono) so they stay linked, the source named by a FROM CLIP NAME comment for relinking.
// An EDL carries no captions. Timecode is drop-frame at 29.97 and 59.94, as editors show those
// rates, and non-drop-frame at the others (23.976 counts at timebase 24): frame-exact either way.
import { cutLength } from './export-timeline.ts';
import type { Timeline } from './export-timeline.ts';
import { editorTimecode, isDropFrame } from './frame-time.ts';

const REEL = 'AX';

/** An EDL line holds no line breaks and a title no more than 70 characters. */
const oneLine = (text: string, max: number): string =>
  text
    .replace(/[\r\n\t]+/g, ' ')
    .trim()
    .slice(0, max);

export function toEdl(timeline: Timeline): string {
  const tc = (frames: number) => editorTimecode(frames, timeline.rate);
  const channels = timeline.audioChannels === 1 ? 'B' : 'AA/V';
  const fcm = isDropFrame(timeline.rate) ? 'FCM: DROP FRAME' : 'FCM: NON-DROP FRAME';
  const lines = [`TITLE: ${oneLine(timeline.title, 70)}`, fcm, ''];
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
