import { mkdtemp, readlink, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FONT_FILES, FONT_NAMES, fontFaces } from '@roughcut/shared';
import { buildExampleImageArgs, runFfmpeg } from '@roughcut/engine/work';
import { readWindowsFamily } from './font-names.ts';
import {
  FontFilesMissingError,
  allFontFaceFiles,
  assertFontFilesInstalled,
  subtitleFontsDir,
} from '@roughcut/engine';

let parent: string;
const fontconfigBefore = process.env.FONTCONFIG_FILE;
beforeAll(async () => {
  parent = await mkdtemp(path.join(os.tmpdir(), 'roughcut-fonts-test-'));
});
afterAll(async () => {
  if (fontconfigBefore === undefined) delete process.env.FONTCONFIG_FILE;
  else process.env.FONTCONFIG_FILE = fontconfigBefore;
  await rm(parent, { recursive: true, force: true });
});

/** One subtitle line per font, weight and slant, each naming its family by override tags. */
function everyFaceScript(): string {
  const events = FONT_NAMES.flatMap((font) =>
    [0, 1].flatMap((bold) =>
      [0, 1].map(
        (italic) =>
          `Dialogue: 0,0:00:00.00,0:00:01.00,Default,,0,0,0,,{\\fn${FONT_FILES[font].family}\\b${bold}\\i${italic}}Ag`,
      ),
    ),
  );
  return [
    '[Script Info]',
    'ScriptType: v4.00+',
    'PlayResX: 384',
    'PlayResY: 288',
    '',
    '[V4+ Styles]',
    'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
    'Style: Default,Liberation Sans,8,&H00FFFFFF,&H00FFFFFF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,0,0,7,0,0,0,1',
    '',
    '[Events]',
    'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
    ...events,
    // Cyrillic, which League Spartan lacks: both sides fall back to DejaVu Sans.
    `Dialogue: 0,0:00:00.00,0:00:01.00,Default,,0,0,0,,{\\fn${FONT_FILES['The Bold Font'].family}}Привет`,
    '',
  ].join('\n');
}

describe('subtitle font files', () => {
  it('refuses to start without a font file and names it with its package', () => {
    const gone = FONT_FILES.Calibri.faces.bold ?? '';
    let error: unknown;
    try {
      assertFontFilesInstalled((file) => file !== gone);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(FontFilesMissingError);
    expect((error as Error).message).toContain(`${gone} (Calibri, bold)`);
    expect((error as Error).message).toContain('fonts-crosextra-carlito');
    expect(() => assertFontFilesInstalled()).not.toThrow();
  });

  it('names each font by the family libass reads from every one of its files', async () => {
    for (const face of allFontFaceFiles()) {
      expect(await readWindowsFamily(face.file), `${face.font} ${face.face}`).toBe(
        FONT_FILES[face.font].family,
      );
    }
  });

  it('gathers every face into one folder under its served name, again after removal', async () => {
    const dir = await subtitleFontsDir(parent);
    expect(process.env.FONTCONFIG_FILE).toBe(`${dir}.fonts.conf`);
    const faces = allFontFaceFiles();
    expect((await readdir(dir)).sort()).toEqual(faces.map((f) => f.name).sort());
    for (const face of faces) expect(await readlink(path.join(dir, face.name))).toBe(face.file);
    expect(await subtitleFontsDir(parent)).toBe(dir);
    await rm(dir, { recursive: true, force: true });
    expect(await subtitleFontsDir(parent)).toBe(dir);
    expect(await readdir(dir)).toHaveLength(faces.length);
  });

  it('makes libass draw every font, weight and slant with the folder files, never a system font', async () => {
    const dir = await subtitleFontsDir(parent);
    const work = await mkdtemp(path.join(parent, 'draw-'));
    const assPath = path.join(work, 'faces.ass');
    await import('node:fs/promises').then((fs) => fs.writeFile(assPath, everyFaceScript()));
    const selections: string[] = [];
    await runFfmpeg(
      buildExampleImageArgs(assPath, path.join(work, 'out.png'), {
        width: 384,
        height: 288,
        background: { r: 0, g: 0, b: 0 },
        fontsDir: dir,
      }),
      {
        logLevel: 'debug',
        onStderrLine: (line) => {
          const found = /fontselect: \((.+), (\d+), (\d+)\) -> (.+), \d+, (.+)$/.exec(line);
          if (found) selections.push(found.slice(1).join('|'));
        },
      },
    );
    const fallback = selections.filter((s) => s.startsWith('League Spartan Black|400|0|'));
    expect(fallback.map((s) => s.split('|')[4])).toEqual(['LeagueSpartan-Black', 'DejaVuSans']);
    for (const font of FONT_NAMES) {
      const { family } = FONT_FILES[font];
      const shipped = new Set(fontFaces(font).map((f) => f.face));
      for (const [bold, italic] of [
        [false, false],
        [true, false],
        [false, true],
        [true, true],
      ] as const) {
        const weight = bold ? 700 : 400;
        const slant = italic ? 100 : 0;
        const chosen = selections.find((s) => s.startsWith(`${family}|${weight}|${slant}|`));
        expect(chosen, `${font} ${weight} ${slant}`).toBeDefined();
        const [, , , source = '', postscript = ''] = (chosen ?? '').split('|');
        // NOTE: fonts libass loaded from the folder itself are logged by name, fonts found
        // through fontconfig by their path, which must then be in the folder too.
        if (source.startsWith('/')) expect(path.dirname(source), `${font}: ${source}`).toBe(dir);
        const face = bold && italic ? 'bold_italic' : bold ? 'bold' : italic ? 'italic' : 'regular';
        if (shipped.has(face) && bold) expect(postscript).toMatch(/Bold|Black/);
        if (shipped.has(face) && italic) expect(postscript).toMatch(/Italic|Oblique/);
      }
    }
  });
});
