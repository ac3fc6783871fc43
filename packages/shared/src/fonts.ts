import { FONT_NAMES, fontFileStem } from './draw-settings.ts';
import type { FontName } from './draw-settings.ts';

// SPEC 5 font choices, each backed by freely licensed font files that scripts/setup.sh installs
// from Debian packages (docs/fonts.md has the table and licences). The server's render (libass in
// ffmpeg, through a fonts directory) and the browser preview (libass in jassub, through
// /fonts/...) are given the very same files, so a style looks the same in both.
// NOTE: `family` is the family name inside the files (name ID 1, Windows platform). libass matches
// fonts by it, so an ASS style names `family`, never the spec's font name.

export const FONT_FACES = ['regular', 'bold', 'italic', 'bold_italic'] as const;
export type FontFaceName = (typeof FONT_FACES)[number];

export type FontFile = {
  /** Family name inside the files; the ASS Fontname. */
  family: string;
  /** Absolute path of the regular face. */
  file: string;
  /** Every face shipped, by style. A face left out is synthesised by libass on both sides. */
  faces: { regular: string } & Partial<Record<FontFaceName, string>>;
  /** The face is bold by design: subtitles in this font are always drawn bold. */
  alwaysBold: boolean;
  /** The Debian package that installs the files. */
  debianPackage: string;
  licence: string;
  /** Same advance widths as the font it stands for: text wraps and fits exactly alike. */
  metricCompatible: boolean;
};

const LIBERATION = '/usr/share/fonts/truetype/liberation';
const CROSEXTRA = '/usr/share/fonts/truetype/crosextra';
const TEX_GYRE = '/usr/share/texmf/fonts/opentype/public/tex-gyre';
const DEJAVU = '/usr/share/fonts/truetype/dejavu';

/** Four faces named `{prefix}{Regular|Bold|Italic|BoldItalic}{ext}`. */
const fourFaces = (
  prefix: string,
  ext: string,
  names = ['Regular', 'Bold', 'Italic', 'BoldItalic'],
) => ({
  regular: `${prefix}${names[0]}${ext}`,
  bold: `${prefix}${names[1]}${ext}`,
  italic: `${prefix}${names[2]}${ext}`,
  bold_italic: `${prefix}${names[3]}${ext}`,
});

type FontSpec = Omit<FontFile, 'file' | 'alwaysBold'> & { alwaysBold?: boolean };

const font = (spec: FontSpec): FontFile => ({
  ...spec,
  file: spec.faces.regular,
  alwaysBold: spec.alwaysBold ?? false,
});

const LIBERATION_LICENCE = 'GPL-2.0 with the font exception (Red Hat Liberation 1.x)';

export const FONT_FILES: Record<FontName, FontFile> = {
  Arial: font({
    family: 'Liberation Sans',
    faces: fourFaces(`${LIBERATION}/LiberationSans-`, '.ttf'),
    debianPackage: 'fonts-liberation',
    licence: LIBERATION_LICENCE,
    metricCompatible: true,
  }),
  Calibri: font({
    family: 'Carlito',
    faces: fourFaces(`${CROSEXTRA}/Carlito-`, '.ttf'),
    debianPackage: 'fonts-crosextra-carlito',
    licence: 'SIL OFL 1.1',
    metricCompatible: true,
  }),
  Cambria: font({
    family: 'Caladea',
    faces: fourFaces(`${CROSEXTRA}/Caladea-`, '.ttf'),
    debianPackage: 'fonts-crosextra-caladea',
    licence: 'Apache 2.0',
    metricCompatible: true,
  }),
  'Century Gothic': font({
    family: 'TeX Gyre Adventor',
    faces: fourFaces(`${TEX_GYRE}/texgyreadventor-`, '.otf', [
      'regular',
      'bold',
      'italic',
      'bolditalic',
    ]),
    debianPackage: 'fonts-texgyre',
    licence: 'GUST Font License',
    metricCompatible: false,
  }),
  'Comic Sans MS': font({
    family: 'Comic Neue',
    faces: fourFaces('/usr/share/fonts/opentype/comic-neue/ComicNeue-', '.otf'),
    debianPackage: 'fonts-comic-neue',
    licence: 'SIL OFL 1.1',
    metricCompatible: false,
  }),
  Courier: font({
    family: 'Liberation Mono',
    faces: fourFaces(`${LIBERATION}/LiberationMono-`, '.ttf'),
    debianPackage: 'fonts-liberation',
    licence: LIBERATION_LICENCE,
    metricCompatible: true,
  }),
  Georgia: font({
    // NOTE: the files' Windows name is spaced differently from the Mac one fontconfig shows
    // ("TeX Gyre Schola"); libass reads only the Windows name.
    family: 'TeXGyreSchola',
    faces: fourFaces(`${TEX_GYRE}/texgyreschola-`, '.otf', [
      'regular',
      'bold',
      'italic',
      'bolditalic',
    ]),
    debianPackage: 'fonts-texgyre',
    licence: 'GUST Font License',
    metricCompatible: false,
  }),
  Tahoma: font({
    family: 'Tahoma',
    faces: {
      regular: '/usr/share/wine/fonts/tahoma.ttf',
      bold: '/usr/share/wine/fonts/tahomabd.ttf',
    },
    debianPackage: 'fonts-wine',
    licence: 'LGPL-2.1-or-later (Wine)',
    metricCompatible: true,
  }),
  'Times New Roman': font({
    family: 'Liberation Serif',
    faces: fourFaces(`${LIBERATION}/LiberationSerif-`, '.ttf'),
    debianPackage: 'fonts-liberation',
    licence: LIBERATION_LICENCE,
    metricCompatible: true,
  }),
  'Trebuchet MS': font({
    family: 'Open Sans',
    faces: fourFaces('/usr/share/fonts/truetype/open-sans/OpenSans-', '.ttf'),
    debianPackage: 'fonts-open-sans',
    licence: 'Apache 2.0',
    metricCompatible: false,
  }),
  Verdana: font({
    family: 'DejaVu Sans',
    faces: fourFaces(`${DEJAVU}/DejaVuSans`, '.ttf', ['', '-Bold', '-Oblique', '-BoldOblique']),
    debianPackage: 'fonts-dejavu-core, fonts-dejavu-extra',
    licence: 'Bitstream Vera License (DejaVu changes public domain)',
    metricCompatible: false,
  }),
  'The Bold Font': font({
    family: 'League Spartan Black',
    faces: { regular: '/usr/share/fonts/opentype/league-spartan/LeagueSpartan-Black.otf' },
    alwaysBold: true,
    debianPackage: 'fonts-league-spartan',
    licence: 'SIL OFL 1.1',
    metricCompatible: false,
  }),
};

/** The faces a font ships, in FONT_FACES order. */
export const fontFaces = (name: FontName): { face: FontFaceName; file: string }[] =>
  FONT_FACES.flatMap((face) => {
    const file = FONT_FILES[name].faces[face];
    return file ? [{ face, file }] : [];
  });

/** The served file name of a face: `{stem}.ttf` for the regular one, `{stem}.{face}.ttf` else. */
export const fontFaceFileName = (name: FontName, face: FontFaceName = 'regular'): string =>
  face === 'regular' ? `${fontFileStem(name)}.ttf` : `${fontFileStem(name)}.${face}.ttf`;

/**
 * URL path the web app loads a font from: /fonts/{lower-cased name with underscores}.ttf (SPEC 7);
 * its other faces beside it as /fonts/{stem}.bold.ttf and so on.
 */
export const fontUrlPath = (name: FontName, face: FontFaceName = 'regular'): string =>
  `/fonts/${fontFaceFileName(name, face)}`;

/** Every face's URL path of a font: what the browser's libass needs to draw it like the server. */
export const fontFaceUrlPaths = (name: FontName): string[] =>
  fontFaces(name).map(({ face }) => fontUrlPath(name, face));

/** The font and face a /fonts/{file} request names, or undefined for an unknown file name. */
export const fontFaceByFileName = (
  fileName: string,
): { font: FontName; face: FontFaceName; file: string } | undefined => {
  for (const name of FONT_NAMES) {
    for (const { face, file } of fontFaces(name)) {
      if (fontFaceFileName(name, face) === fileName) return { font: name, face, file };
    }
  }
  return undefined;
};
