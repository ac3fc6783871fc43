// Source-time segments onto a cut timeline. Pure, NO node imports.

export type TimedText = { start: number; end: number; phrase: string };
export type KeptSpan = { start: number; end: number };

/**
 * Maps segments in source seconds onto the timeline made by joining `keep` spans in order. The parts
 * of a segment inside removed stretches are dropped; a segment straddling a cut becomes one piece
 * per kept span it touches (consecutive pieces are merged, as they meet on the cut timeline).
 * Pieces shorter than 10 ms are dropped.
 */
export function remapSegments<T extends TimedText>(
  segments: readonly T[],
  keep: readonly KeptSpan[],
): T[] {
  const spans = [...keep].filter((k) => k.end > k.start).sort((a, b) => a.start - b.start);
  const offsets: number[] = [];
  let total = 0;
  for (const span of spans) {
    offsets.push(total);
    total += span.end - span.start;
  }
  const out: T[] = [];
  for (const seg of segments) {
    let piece: T | undefined;
    spans.forEach((span, i) => {
      const start = Math.max(seg.start, span.start);
      const end = Math.min(seg.end, span.end);
      if (end - start < 0.01) return;
      const base = (offsets[i] ?? 0) - span.start;
      const mapped = { start: round3(start + base), end: round3(end + base) };
      if (piece && Math.abs(piece.end - mapped.start) < 0.001) {
        piece.end = mapped.end;
      } else {
        piece = { ...seg, ...mapped };
        out.push(piece);
      }
    });
  }
  return out.sort((a, b) => a.start - b.start);
}

const round3 = (s: number) => Math.round(s * 1000) / 1000;
