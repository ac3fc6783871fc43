// The MLT project's captions: a track above the picture of transparent clips, one per caption at
// its place on the cut timeline, each drawing its text with the dynamictext filter (Shotcut's
// "Text: Simple", so the captions open as text a user can edit or restyle). A short's captions are
// the lines its render burns, in its style laid out at the frame (caption-style.ts); dynamictext
// draws one colour a clip, so a lit word is drawn lit only where the whole line is (one word at a
// time).
import { lineColour, mltColour } from './caption-style.ts';
import type { CaptionStyle } from './caption-style.ts';
import { escapeXml } from './export-timeline.ts';
import type { Timeline, TimelineCaption } from './export-timeline.ts';

export const property = (name: string, value: string | number): string =>
  `<property name="${name}">${escapeXml(String(value))}</property>`;

/**
 * The blend of video track `index` as Shotcut writes it (qtblend; its alpha keeps a caption's clip
 * and a split's empty half see-through): every track above V1 onto V1 (track 1), and V1's own
 * blend onto the background kept but disabled. WARNING: Shotcut disables V1's blend when it opens
 * a project and moves a blend onto any track but the background to V1, so blends onto the
 * background play without the tracks above V1 there; and under melt 7.12 a blend onto a track
 * that is itself blended onto the background loses that track's picture. This form holds in both.
 */
export const trackBlend = (id: string, index: number): string[] => [
  `    <transition id="${id}">`,
  `      ${property('a_track', index === 1 ? 0 : 1)}`,
  `      ${property('b_track', index)}`,
  `      ${property('mlt_service', 'qtblend')}`,
  `      ${property('always_active', 1)}`,
  ...(index === 1 ? [`      ${property('disable', 1)}`] : []),
  '    </transition>',
];

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

/** The text filter's look: the plain one, or a short's style. */
type TextLook = {
  size: number;
  characters: number;
  properties: (caption: TimelineCaption) => [string, string | number][];
};

/** NOTE: a glyph is about 0.55 of the font size wide; a narrow (vertical) frame takes fewer. */
const lineCharacters = (width: number, size: number): number =>
  Math.max(12, Math.min(LINE_CHARACTERS, Math.floor(width / (size * 0.6))));

function plainLook(timeline: Timeline): TextLook {
  const { width, height } = timeline;
  const size = Math.max(10, Math.round(Math.min(width, height) * 0.055));
  const bottom = Math.round(height * 0.95);
  return {
    size,
    characters: lineCharacters(width, size),
    properties: () => [
      ['geometry', `0 0 ${width} ${bottom} 1`],
      ['family', 'Sans'],
      ['size', size],
      ['weight', 600],
      ['fgcolour', '#ffffffff'],
      ['bgcolour', '#b0000000'],
      ['olcolour', '#ff000000'],
      ['outline', 1],
      ['pad', Math.round(size / 4)],
      ['halign', 'center'],
      ['valign', 'bottom'],
    ],
  };
}

function styledLook(timeline: Timeline, style: CaptionStyle): TextLook {
  const { width, height } = timeline;
  // NOTE: Qt (dynamictext) sizes a font by its em, libass by its line: the em draws the burn's size.
  const size = Math.max(1, Math.round(style.em));
  const { left, right, vertical } = style.margins;
  const across = Math.max(1, width - left - right);
  // NOTE: the margin is kept from the edge the lines sit against, as ASS keeps it.
  const top = style.valign === 'top' ? vertical : 0;
  const tall = style.valign === 'middle' ? height : height - vertical;
  const geometry = `${Math.round(left)} ${Math.round(top)} ${Math.round(across)} ${Math.round(tall)} 1`;
  return {
    size,
    characters: lineCharacters(across, size),
    properties: (caption) => [
      ['geometry', geometry],
      ['family', style.family],
      ['size', size],
      ['weight', style.weight],
      ['style', style.italic ? 'italic' : 'normal'],
      ['fgcolour', mltColour(lineColour(style, caption.runs))],
      ['bgcolour', style.box ? mltColour(style.box) : '#00000000'],
      ['olcolour', mltColour(style.outline.colour)],
      ['outline', Math.round(style.outline.width)],
      ['pad', style.box ? Math.round(style.outline.width) : 0],
      ['halign', style.halign],
      ['valign', style.valign],
    ],
  };
}

/**
 * The captions as clips: a short's word-by-word lines that draw alike here (the same words in the
 * same colour, one after the other: a lit word the filter cannot draw) joined into one clip.
 */
function mergedLines(timeline: Timeline): TimelineCaption[] {
  const style = timeline.captionStyle;
  if (!style) return timeline.captions;
  const merged: TimelineCaption[] = [];
  for (const caption of timeline.captions) {
    const last = merged[merged.length - 1];
    const same =
      last &&
      last.recordOut === caption.recordIn &&
      last.text === caption.text &&
      mltColour(lineColour(style, last.runs)) === mltColour(lineColour(style, caption.runs));
    if (same) merged[merged.length - 1] = { ...last, recordOut: caption.recordOut };
    else merged.push(caption);
  }
  return merged;
}

/** A caption as a clip of the Captions track: its place and its text filter's properties. */
export type CaptionClip = {
  caption: TimelineCaption;
  length: number;
  /** The dynamictext filter's properties (the words, the look), without its service. */
  text: [string, string | number][];
};

/** The captions as text clips, in order: Shotcut's and Kdenlive's projects both draw them. */
export function captionClips(timeline: Timeline): CaptionClip[] {
  if (!timeline.captions.length) return [];
  const look = timeline.captionStyle
    ? styledLook(timeline, timeline.captionStyle)
    : plainLook(timeline);
  return mergedLines(timeline).map((caption) => ({
    caption,
    length: caption.recordOut - caption.recordIn,
    text: [
      ['argument', escapeDynamicText(wrapCaption(caption.text, look.characters))],
      ...look.properties(caption),
    ],
  }));
}

/** The Captions track, `index` in the tractor, blended over the tracks below it. */
export function captionTrack(timeline: Timeline, id: string, index: number): CaptionTrack {
  const clips = captionClips(timeline);
  if (!clips.length) return { xml: [], tractor: [] };
  const producers: string[] = [];
  const playlist = [`  <playlist id="${id}">`, `    ${property('shotcut:video', 1)}`];
  playlist.push(`    ${property('shotcut:name', 'Captions')}`);
  let at = 0;
  clips.forEach(({ caption, length, text }, i) => {
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
      ...text.map(([name, value]) => `      ${property(name, value)}`),
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
    tractor: trackBlend('transition-captions', index),
  };
}
