import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readlink, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { FONT_FILES, FONT_NAMES, fontFaceFileName, fontFaces } from '@roughcut/shared';
import type { FontFaceName, FontName } from '@roughcut/shared';

// The server's libass gets the subtitle fonts through one folder (ffmpeg's `fontsdir`), holding
// exactly the files the browser loads from /fonts/, under the same names. libass in ffmpeg also
// asks fontconfig, which would offer the system's fonts (another version of a family, a face the
// browser does not have, other fallbacks); so fontconfig is pointed at the same folder alone, and
// the burn-in can only draw with the files the preview draws with.

export type FontFaceFile = { font: FontName; face: FontFaceName; file: string; name: string };

/** Every face of every spec font: the served name and the OS file behind it. */
export const allFontFaceFiles = (): FontFaceFile[] =>
  FONT_NAMES.flatMap((font) =>
    fontFaces(font).map(({ face, file }) => ({
      font,
      face,
      file,
      name: fontFaceFileName(font, face),
    })),
  );

/** A spec font's file is not installed: the server must not start and draw with another font. */
export class FontFilesMissingError extends Error {
  readonly missing: FontFaceFile[];
  constructor(missing: FontFaceFile[]) {
    const packages = [
      ...new Set(missing.flatMap((m) => FONT_FILES[m.font].debianPackage.split(', '))),
    ];
    super(
      `Subtitle font files are missing: ${missing
        .map((m) => `${m.file} (${m.font}, ${m.face.replace('_', ' ')})`)
        .join('; ')}. Run the set-up (./roughcut start does it) or install the Debian ${
        packages.length > 1 ? 'packages' : 'package'
      } ${packages.join(' ')}.`,
    );
    this.name = 'FontFilesMissingError';
    this.missing = missing;
  }
}

/** Throws FontFilesMissingError naming every face file that is not installed. */
export function assertFontFilesInstalled(exists: (file: string) => boolean = existsSync): void {
  const missing = allFontFaceFiles().filter((f) => !exists(f.file));
  if (missing.length > 0) throw new FontFilesMissingError(missing);
}

const folderName = (faces: readonly FontFaceFile[]): string =>
  `roughcut-fonts-${createHash('sha256')
    .update(JSON.stringify(faces.map((f) => [f.name, f.file])))
    .digest('hex')
    .slice(0, 16)}`;

async function isComplete(dir: string, faces: readonly FontFaceFile[]): Promise<boolean> {
  for (const face of faces) {
    const target = await readlink(path.join(dir, face.name)).catch(() => null);
    if (target !== face.file) return false;
  }
  return true;
}

async function buildFontsDir(parent: string): Promise<string> {
  assertFontFilesInstalled();
  const faces = allFontFaceFiles();
  // NOTE: the name depends on the mapping, so a changed mapping never reuses an old folder.
  const dir = path.join(parent, folderName(faces));
  if (await isComplete(dir, faces)) return dir;
  const building = await mkdtemp(path.join(parent, 'roughcut-fonts-building-'));
  try {
    for (const face of faces) await symlink(face.file, path.join(building, face.name));
    // WARNING: several processes build this at once (server and workers, test files side by
    // side). A complete folder is never removed: another process may be reading it right now.
    // Only a broken one of the same name is replaced.
    await rename(building, dir).catch(async () => {
      if (await isComplete(dir, faces)) return;
      await rm(dir, { recursive: true, force: true });
      await rename(building, dir).catch(async (error: unknown) => {
        if (!(await isComplete(dir, faces))) throw error;
      });
    });
  } finally {
    await rm(building, { recursive: true, force: true });
  }
  return dir;
}

/** The family both sides fall back to for a character the style's font lacks (Verdana's). */
export const FALLBACK_FAMILY = FONT_FILES.Verdana.family;

/**
 * A fontconfig configuration that knows the fonts folder and nothing else, and falls back to
 * FALLBACK_FAMILY, as the browser's libass does (its default font).
 */
export const fontconfigFor = (dir: string): string =>
  [
    '<?xml version="1.0"?>',
    '<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">',
    '<fontconfig>',
    `  <dir>${dir}</dir>`,
    `  <cachedir>${dir}.cache</cachedir>`,
    '  <match target="pattern">',
    `    <edit name="family" mode="append"><string>${FALLBACK_FAMILY}</string></edit>`,
    '  </match>',
    '</fontconfig>',
    '',
  ].join('\n');

async function prepare(parent: string): Promise<string> {
  const dir = await buildFontsDir(parent);
  const conf = `${dir}.fonts.conf`;
  // NOTE: written beside and renamed over, never truncated in place: an ffmpeg of another process
  // reading a half-written file would run without these fonts (and draw nothing).
  const writing = `${conf}.${process.pid}.${Date.now()}`;
  await writeFile(writing, fontconfigFor(dir));
  await rename(writing, conf);
  // WARNING: process-wide on purpose: every ffmpeg this process starts (the `ass` filter of the
  // example image and of every render) inherits it. Nothing else here uses fontconfig.
  process.env.FONTCONFIG_FILE = conf;
  return dir;
}

let prepared: Promise<string> | undefined;

/**
 * The fonts folder for libass, made once per process (and again if something removed it, as a
 * temp cleaner may). Rejects with FontFilesMissingError when a font file is not installed.
 */
export async function subtitleFontsDir(parent: string = os.tmpdir()): Promise<string> {
  if (prepared) {
    const dir = await prepared.catch(() => null);
    if (dir && (await stat(dir).catch(() => null))) return dir;
  }
  prepared = prepare(parent);
  return prepared;
}
