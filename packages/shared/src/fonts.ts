import { fontFileStem } from './draw-settings.ts';
import type { FontName } from './draw-settings.ts';

// SPEC 5 font choices mapped onto the free fonts the OS packages install (fonts-dejavu-core,
// fonts-liberation), so the server's render (libass through ffmpeg) and the browser preview
// (libass through jassub) draw subtitles with the very same font file.
// NOTE: `family` is the family name inside the file. libass matches fonts by that name, so an ASS
// style should name `family` (not the spec's font name) for an exact match on both sides.

export const OS_FONT_DIRS = {
  dejavu: '/usr/share/fonts/truetype/dejavu',
  liberation: '/usr/share/fonts/truetype/liberation',
} as const;

export type FontFile = {
  /** Family name inside the font file. */
  family: string;
  /** Absolute path of the OS font file the server serves and renders with. */
  file: string;
  /** The face is bold by design: subtitles in this font are always drawn bold. */
  alwaysBold: boolean;
};

const dejavu = (name: string) => `${OS_FONT_DIRS.dejavu}/${name}`;
const liberation = (name: string) => `${OS_FONT_DIRS.liberation}/${name}`;

const sans: FontFile = {
  family: 'DejaVu Sans',
  file: dejavu('DejaVuSans.ttf'),
  alwaysBold: false,
};
const liberationSans: FontFile = {
  family: 'Liberation Sans',
  file: liberation('LiberationSans-Regular.ttf'),
  alwaysBold: false,
};
const liberationSerif: FontFile = {
  family: 'Liberation Serif',
  file: liberation('LiberationSerif-Regular.ttf'),
  alwaysBold: false,
};

export const FONT_FILES: Record<FontName, FontFile> = {
  Arial: liberationSans,
  Calibri: liberationSans,
  Cambria: liberationSerif,
  'Century Gothic': sans,
  'Comic Sans MS': sans,
  Courier: {
    family: 'Liberation Mono',
    file: liberation('LiberationMono-Regular.ttf'),
    alwaysBold: false,
  },
  Georgia: { family: 'DejaVu Serif', file: dejavu('DejaVuSerif.ttf'), alwaysBold: false },
  Tahoma: sans,
  'Times New Roman': liberationSerif,
  'Trebuchet MS': sans,
  Verdana: sans,
  'The Bold Font': { family: 'DejaVu Sans', file: dejavu('DejaVuSans-Bold.ttf'), alwaysBold: true },
};

/** URL path the web app loads a font from: /fonts/{lower-cased name with underscores}.ttf. */
export const fontUrlPath = (font: FontName): string => `/fonts/${fontFileStem(font)}.ttf`;

/** The font a /fonts/{stem}.ttf request names, or undefined for an unknown file name. */
export const fontByFileName = (fileName: string): FontName | undefined =>
  (Object.keys(FONT_FILES) as FontName[]).find((font) => `${fontFileStem(font)}.ttf` === fileName);
