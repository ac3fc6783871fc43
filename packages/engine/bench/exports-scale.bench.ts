// Exports at scale (issue 35): every export format of an edit built in memory (no media, no
// database) at three lengths, the longest the audit's 4-hour talk with 20,000 cut gaps and 7,200
// phrases, timed in this process as the export thread writes them (exportPieces, read to the end).
// Target: every format of the 4-hour edit under 2 s, and time per cut flat in length.
//   EXPORTS_SCALE=4h (or 10m,1h,4h) picks the sizes; EXPORTS_FORMATS=fcpxml,edl the formats.
import { DEFAULT_DRAW_SETTINGS, EXPORT_FORMATS } from '@roughcut/shared';
import type { ExportFormat } from '@roughcut/shared';
import { exportPieces } from '../src/exports/export-formats.ts';
import { longEditInput } from '../src/exports/long-edit.fixtures.ts';
import type { LongEditSize } from '../src/exports/long-edit.fixtures.ts';

const SIZES: Record<string, LongEditSize> = {
  '10m': { durationS: 600, gaps: 833, phrases: 300 },
  '1h': { durationS: 3600, gaps: 16_000, phrases: 1800 },
  '4h': { durationS: 14_400, gaps: 20_000, phrases: 7200 },
};

const TARGET_S = 2;

const list = (value: string | undefined): string[] | undefined =>
  value
    ?.split(',')
    .map((v) => v.trim())
    .filter(Boolean);

/** Seconds and bytes of one export, written to nowhere as the export thread writes it to a file. */
function timeExport(format: ExportFormat, size: LongEditSize): { seconds: number; bytes: number } {
  const input = longEditInput(size);
  const started = performance.now();
  let bytes = 0;
  const pieces = exportPieces(format, input, { assSettings: DEFAULT_DRAW_SETTINGS });
  for (const piece of pieces) {
    bytes += typeof piece === 'string' ? Buffer.byteLength(piece) : piece.byteLength;
  }
  return { seconds: (performance.now() - started) / 1000, bytes };
}

export function run(): Promise<void> {
  const sizes = list(process.env.EXPORTS_SCALE) ?? Object.keys(SIZES);
  const formats = (list(process.env.EXPORTS_FORMATS) ?? EXPORT_FORMATS) as ExportFormat[];
  const header = ['size', 'format', 'seconds', 'MB', 'µs per cut', 'target'];
  const rows: string[][] = [];
  for (const name of sizes) {
    const size = SIZES[name];
    if (!size) {
      throw new Error(`exports-scale: no size ${name} (sizes: ${Object.keys(SIZES).join(', ')})`);
    }
    for (const format of formats) {
      const { seconds, bytes } = timeExport(format, size);
      const row = [
        name,
        format,
        seconds.toFixed(3),
        (bytes / 1e6).toFixed(1),
        ((seconds * 1e6) / size.gaps).toFixed(1),
        name === '4h' ? (seconds < TARGET_S ? `< ${TARGET_S} s ok` : `< ${TARGET_S} s MISSED`) : '',
      ];
      rows.push(row);
      // Each figure as soon as it is known, so an interrupted run still reports something.
      process.stderr.write(`exports-scale: ${row.join(' ')}\n`);
    }
  }
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  for (const line of [header, ...rows]) {
    process.stdout.write(`${line.map((cell, i) => cell.padEnd(widths[i]!)).join('  ')}\n`);
  }
  return Promise.resolve();
}
