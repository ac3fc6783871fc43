// What a font file says of its own size and weight, for drawing a caption outside libass at the
// size libass draws it. libass sizes a font by its whole line (FreeType's real dimension, which
// libass takes from the OS/2 table's winAscent + winDescent), where Qt (Shotcut's and Kdenlive's
// text) sizes it by its em: the same number draws larger there by (winAscent + winDescent) / em.
import { readFileSync } from 'node:fs';

export type FontMetrics = {
  unitsPerEm: number;
  /** OS/2 usWinAscent + usWinDescent, in font units (0 when the file has no OS/2 table). */
  lineUnits: number;
  /** OS/2 usWeightClass (400 regular, 700 bold, 900 black), or null without an OS/2 table. */
  weight: number | null;
};

/** The tables of an sfnt (TrueType or OpenType CFF) file, by tag: their offset and length. */
function tables(bytes: Buffer): Map<string, { at: number; length: number }> {
  const found = new Map<string, { at: number; length: number }>();
  if (bytes.length < 12) return found;
  const count = bytes.readUInt16BE(4);
  for (let i = 0; i < count && 12 + 16 * (i + 1) <= bytes.length; i += 1) {
    const record = 12 + 16 * i;
    const tag = bytes.toString('latin1', record, record + 4);
    found.set(tag, { at: bytes.readUInt32BE(record + 8), length: bytes.readUInt32BE(record + 12) });
  }
  return found;
}

/** The metrics of a font file's bytes, or null when it is not an sfnt with a head table. */
export function readFontMetrics(bytes: Buffer): FontMetrics | null {
  const all = tables(bytes);
  const head = all.get('head');
  if (!head || head.length < 20 || head.at + 20 > bytes.length) return null;
  const unitsPerEm = bytes.readUInt16BE(head.at + 18);
  if (unitsPerEm === 0) return null;
  const os2 = all.get('OS/2');
  if (!os2 || os2.length < 78 || os2.at + 78 > bytes.length) {
    return { unitsPerEm, lineUnits: 0, weight: null };
  }
  return {
    unitsPerEm,
    lineUnits: bytes.readUInt16BE(os2.at + 74) + bytes.readUInt16BE(os2.at + 76),
    weight: bytes.readUInt16BE(os2.at + 4),
  };
}

const known = new Map<string, FontMetrics | null>();

/** The metrics of the font file at `path`, read once; null when it cannot be read. */
export function fontMetricsOf(path: string): FontMetrics | null {
  if (!known.has(path)) {
    let metrics: FontMetrics | null;
    try {
      metrics = readFontMetrics(readFileSync(path));
    } catch {
      metrics = null;
    }
    known.set(path, metrics);
  }
  return known.get(path) ?? null;
}

/** The em of a font drawn by libass at `size` (1 when the file does not say). */
export function emOfLineSize(metrics: FontMetrics | null, size: number): number {
  if (!metrics || metrics.lineUnits <= 0) return size;
  return (size * metrics.unitsPerEm) / metrics.lineUnits;
}
