import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FONT_NAMES } from './draw-settings.ts';
import {
  FONT_FILES,
  fontFaceByFileName,
  fontFaceUrlPaths,
  fontFaces,
  fontUrlPath,
} from './fonts.ts';

describe('font files', () => {
  it('maps every font choice to a served path derived from its name', () => {
    expect(fontUrlPath('The Bold Font')).toBe('/fonts/the_bold_font.ttf');
    expect(fontUrlPath('Comic Sans MS')).toBe('/fonts/comic_sans_ms.ttf');
    expect(fontUrlPath('Times New Roman', 'bold_italic')).toBe(
      '/fonts/times_new_roman.bold_italic.ttf',
    );
    for (const font of FONT_NAMES)
      expect(fontFaceByFileName(fontUrlPath(font).slice(7))?.font).toBe(font);
    expect(fontFaceByFileName('../etc/passwd')?.font).toBeUndefined();
    expect(fontFaceByFileName('tahoma.italic.ttf')).toBeUndefined();
    expect(fontFaceByFileName('arial.bold.ttf')).toEqual({
      font: 'Arial',
      face: 'bold',
      file: FONT_FILES.Arial.faces.bold,
    });
  });

  it('lists every face of a font once, regular first', () => {
    expect(fontFaceUrlPaths('Tahoma')).toEqual(['/fonts/tahoma.ttf', '/fonts/tahoma.bold.ttf']);
    expect(fontFaceUrlPaths('Arial')).toHaveLength(4);
    for (const font of FONT_NAMES) expect(fontFaces(font)[0]?.face).toBe('regular');
  });

  it('backs each choice with its own family, metric-compatible where one exists', () => {
    const families = FONT_NAMES.map((font) => FONT_FILES[font].family);
    // NOTE: libass finds a font by its family alone: two choices must never share one.
    expect(new Set(families).size).toBe(FONT_NAMES.length);
    for (const font of ['Arial', 'Times New Roman', 'Courier', 'Calibri', 'Cambria'] as const)
      expect(FONT_FILES[font].metricCompatible).toBe(true);
  });

  it('points at files the OS font packages install', () => {
    const missing = FONT_NAMES.flatMap((font) => fontFaces(font).map((f) => f.file)).filter(
      (file) => !existsSync(file),
    );
    expect(missing).toEqual([]);
  });
});
