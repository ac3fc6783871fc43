import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FONT_NAMES } from './draw-settings.ts';
import { FONT_FILES, fontByFileName, fontUrlPath } from './fonts.ts';

describe('font files', () => {
  it('maps every font choice to a served path derived from its name', () => {
    expect(fontUrlPath('The Bold Font')).toBe('/fonts/the_bold_font.ttf');
    expect(fontUrlPath('Comic Sans MS')).toBe('/fonts/comic_sans_ms.ttf');
    for (const font of FONT_NAMES) expect(fontByFileName(fontUrlPath(font).slice(7))).toBe(font);
    expect(fontByFileName('../etc/passwd')).toBeUndefined();
  });

  it('points at files the OS font packages install', () => {
    for (const font of FONT_NAMES) expect(existsSync(FONT_FILES[font].file)).toBe(true);
  });
});
