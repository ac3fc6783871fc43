// The MLT project's captions: a track above the picture of transparent clips, one per caption at
// its place on the cut timeline, each drawing its text with the dynamictext filter (Shotcut's
// "Text: Simple", so the captions open as text a user can edit or restyle).
import { escapeXml } from './export-timeline.ts';
import type { Timeline } from './export-timeline.ts';

export const property = (name: string, value: string | number): string =>
  `<property name="${name}">${escapeXml(String(value))}</property>`;

/** Characters on a caption line at most (the common subtitle guideline for landscape video). */
const LINE_CHARACTERS = 42;

/** dynamictext reads `#name#` as a keyword (a timecode, a file name); `\#` is a plain '#'. */
export const escapeDynamicText = (text: string): string => text.replace(/#/g, '\\#');

/** Greedy word wrap: dynamictext draws one line per '\n' and never wraps by itself. */
export function wrapCaption(text: string, characters: number): string {
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const line = lines.at(-1);
    if (line !== undefined && line.length + 1 + word.length <= characters) {
      lines[lines.length - 1] = `${line} ${word}`;
    } else lines.push(word);
  }
  return lines.join('\n');
}

export type CaptionTrack = {
  /** The caption producers and their playlist, for the project's body. */
  xml: string[];
  /** What the tractor needs to lay the track over the picture. */
  tractor: string[];
};

export function captionTrack(timeline: Timeline, id: string, trackIndex: number): CaptionTrack {
  if (!timeline.captions.length) return { xml: [], tractor: [] };
  const { width, height } = timeline;
  const size = Math.max(10, Math.round(Math.min(width, height) * 0.055));
  // NOTE: a glyph is about 0.55 of the font size wide; a narrow (vertical) frame takes fewer.
  const characters = Math.max(12, Math.min(LINE_CHARACTERS, Math.floor(width / (size * 0.6))));
  const bottom = Math.round(height * 0.95);
  const producers: string[] = [];
  const playlist = [`  <playlist id="${id}">`, `    ${property('shotcut:video', 1)}`];
  playlist.push(`    ${property('shotcut:name', 'Captions')}`);
  let at = 0;
  timeline.captions.forEach((caption, i) => {
    const length = caption.recordOut - caption.recordIn;
    const producer = `caption${i + 1}`;
    producers.push(
      `  <producer id="${producer}" in="0" out="${length - 1}">`,
      `    ${property('length', length)}`,
      `    ${property('eof', 'pause')}`,
      `    ${property('resource', '#00000000')}`,
      `    ${property('mlt_service', 'color')}`,
      `    ${property('mlt_image_format', 'rgba')}`,
      `    ${property('shotcut:caption', caption.text)}`,
      `    <filter id="caption-text${i + 1}">`,
      `      ${property('argument', escapeDynamicText(wrapCaption(caption.text, characters)))}`,
      `      ${property('geometry', `0 0 ${width} ${bottom} 1`)}`,
      `      ${property('family', 'Sans')}`,
      `      ${property('size', size)}`,
      `      ${property('weight', 600)}`,
      `      ${property('fgcolour', '#ffffffff')}`,
      `      ${property('bgcolour', '#b0000000')}`,
      `      ${property('olcolour', '#ff000000')}`,
      `      ${property('outline', 1)}`,
      `      ${property('pad', Math.round(size / 4))}`,
      `      ${property('halign', 'center')}`,
      `      ${property('valign', 'bottom')}`,
      `      ${property('mlt_service', 'dynamictext')}`,
      `      ${property('shotcut:filter', 'dynamicText')}`,
      '    </filter>',
      '  </producer>',
    );
    if (caption.recordIn > at) playlist.push(`    <blank length="${caption.recordIn - at}"/>`);
    playlist.push(`    <entry producer="${producer}" in="0" out="${length - 1}"/>`);
    at = caption.recordOut;
  });
  playlist.push('  </playlist>');
  return {
    xml: [...producers, ...playlist],
    tractor: [
      `    <transition id="transition-captions">`,
      // WARNING: melt 7.12's qtblend draws a text clip's transparent colour opaque (the picture
      // goes black under a caption), and affine onto the background track shows nothing over the
      // picture: affine onto the picture's own track keeps the alpha.
      `      ${property('a_track', trackIndex - 1)}`,
      `      ${property('b_track', trackIndex)}`,
      `      ${property('mlt_service', 'affine')}`,
      `      ${property('always_active', 1)}`,
      '    </transition>',
    ],
  };
}
