import { FONT_FILES, SUBTITLE_PRESCALE_HEIGHT_LIMIT, fontFaceUrlPaths } from '@roughcut/shared';
import type { FontName } from '@roughcut/shared';
import type JASSUB from 'jassub';
import { JASSUB_ASSETS } from './jassub-assets.ts';

// The browser half of "one font, both sides": libass in jassub gets every face of the style's font
// from /fonts/ (the files the server's libass renders with) and, as the fallback for characters a
// face lacks, the faces of DejaVu Sans, which the server's fontconfig falls back to as well
// (packages/engine/src/subtitles/fonts-dir.ts).

/** The family libass falls back to, on both sides. */
export const FALLBACK_FONT: FontName = 'Verdana';

/** Absolute URLs of every face the browser's libass needs to draw `font` like the server. */
export function subtitleFontUrls(font: FontName, origin: string): string[] {
  const paths = [...fontFaceUrlPaths(font), ...fontFaceUrlPaths(FALLBACK_FONT)];
  return [...new Set(paths)].map((path) => new URL(path, origin).href);
}

export type SubtitleRendererOptions = {
  /** A fresh canvas: jassub moves it to its worker, which is possible only once. */
  canvas: HTMLCanvasElement;
  /** The complete ASS script (the engine's buildAss). */
  ass: string;
  font: FontName;
  origin: string;
};

const fontBytes = new Map<string, Promise<Uint8Array>>();
/** The font URLs each live renderer was given, so a style change hands over only new faces. */
const givenFonts = new WeakMap<JASSUB, Set<string>>();

/** A font file's bytes, fetched once per page. */
function loadFont(url: string): Promise<Uint8Array> {
  let bytes = fontBytes.get(url);
  if (!bytes) {
    bytes = fetch(url).then(async (response) => {
      if (!response.ok)
        throw new Error(`The font ${url} could not be loaded (${response.status}).`);
      return new Uint8Array(await response.arrayBuffer());
    });
    bytes.catch(() => fontBytes.delete(url));
    fontBytes.set(url, bytes);
  }
  return bytes;
}

/**
 * A jassub instance set up like the server's render; resolves once its fonts are in.
 * NOTE: the font files are fetched here and handed over as bytes: given URLs, jassub fetches them
 * in its worker after it reports ready, and a frame drawn before they arrive keeps the fallback
 * font (libass does not choose again).
 */
export async function createSubtitleRenderer(options: SubtitleRendererOptions): Promise<JASSUB> {
  const urls = subtitleFontUrls(options.font, options.origin);
  const [{ default: Jassub }, fonts] = await Promise.all([
    import('jassub'),
    Promise.all(urls.map(loadFont)),
  ]);
  const instance = new Jassub({
    canvas: options.canvas,
    subContent: options.ass,
    workerUrl: JASSUB_ASSETS.workerUrl,
    wasmUrl: JASSUB_ASSETS.wasmUrl,
    modernWasmUrl: JASSUB_ASSETS.modernWasmUrl,
    // NOTE: copies, as the worker may take ownership of what it is given.
    fonts: fonts.map((bytes) => bytes.slice()),
    defaultFont: FONT_FILES[FALLBACK_FONT].family,
    queryFonts: false,
    prescaleHeightLimit: SUBTITLE_PRESCALE_HEIGHT_LIMIT,
  });
  await instance.ready;
  givenFonts.set(instance, new Set(urls));
  return instance;
}

/**
 * Swaps a live renderer's script in place (and hands it any faces a new font needs), so an edit
 * or a style change redraws without restarting jassub: a restart blanks the overlay for as long
 * as the worker, the wasm and the fonts take to come back.
 */
export async function updateSubtitleRenderer(
  instance: JASSUB,
  options: Omit<SubtitleRendererOptions, 'canvas'>,
): Promise<void> {
  const given = givenFonts.get(instance) ?? new Set<string>();
  const missing = subtitleFontUrls(options.font, options.origin).filter((url) => !given.has(url));
  if (missing.length > 0) {
    const fonts = await Promise.all(missing.map(loadFont));
    await instance.renderer.addFonts(fonts.map((bytes) => bytes.slice()));
    for (const url of missing) given.add(url);
    givenFonts.set(instance, given);
  }
  await instance.renderer.setTrack(options.ass);
}
