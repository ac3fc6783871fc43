import { fontUrlPath } from '@roughcut/shared';
import type { FontName } from '@roughcut/shared';

// The Font select shows each name in its own face: the very files the subtitles are drawn with
// (SPEC 7 "font files at a path derived from the lower-cased font name with underscores").

const loaded = new Set<FontName>();

/** The CSS font-family that shows a font choice in its own face once loaded. */
export const previewFamily = (font: FontName): string => `"Roughcut ${font}", sans-serif`;

/** Starts loading the fonts' files into the page (once each); harmless where FontFace is absent. */
export function loadFontPreviews(fonts: readonly FontName[]): void {
  if (typeof FontFace === 'undefined' || typeof document === 'undefined' || !document.fonts) return;
  for (const font of fonts) {
    if (loaded.has(font)) continue;
    loaded.add(font);
    const face = new FontFace(`Roughcut ${font}`, `url(${fontUrlPath(font)})`, {
      display: 'swap',
    });
    document.fonts.add(face);
    // NOTE: a font that fails to load only leaves its name in the fallback face.
    face.load().catch(() => undefined);
  }
}
