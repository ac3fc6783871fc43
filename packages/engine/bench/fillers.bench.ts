// Filler bench: generated speech with fillers at known times (filler-corpus.ts, three flite
// voices) through the real analysis; per case the fillers found (by a recognised filler word or
// by held voice between words), real words whose sound a filler cut took, the seconds kept
// against removing exactly the fillers' sound, and the detection's own time.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFillers } from '../src/edit/fillers.ts';
import { analyseFillerCase } from '../src/testing/filler-analysis.ts';
import { FILLER_CORPUS } from '../src/testing/filler-corpus.ts';
import { scoreFillers } from '../src/testing/filler-metrics.ts';

const HEADER = [
  'case',
  'fillers',
  'found',
  'by word',
  'by voice',
  'real words',
  'words cut',
  'kept s',
  'expected s',
  'extra s/filler',
  'detect ms',
];

export async function run(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'rc-fillers-bench-'));
  const rows: string[][] = [];
  let found = 0;
  let truth = 0;
  let cut = 0;
  try {
    for (const c of FILLER_CORPUS) {
      const { video, analysis } = await analyseFillerCase(c, dir);
      const started = performance.now();
      const again = findFillers({
        words: analysis.words,
        voice: analysis.voice,
        energy: analysis.energy,
        gaps: analysis.gaps,
        durationS: analysis.probe.durationS,
      });
      const detectMs = performance.now() - started;
      const score = scoreFillers(video, analysis.gaps, analysis.fillers);
      found += score.found;
      truth += score.truth;
      cut += score.wordsCut.length;
      rows.push([
        c.name,
        String(score.truth),
        String(score.found),
        String(analysis.fillers.filter((f) => f.source === 'word').length),
        String(analysis.fillers.filter((f) => f.source === 'voice').length),
        String(score.words),
        String(score.wordsCut.length),
        score.keptS.toFixed(2),
        score.expectedKeptS.toFixed(2),
        ((score.expectedKeptS - score.keptS) / Math.max(1, score.found)).toFixed(3),
        `${detectMs.toFixed(1)} (${again.length})`,
      ]);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  rows.push([
    'all',
    String(truth),
    `${found} (${((100 * found) / truth).toFixed(0)}%)`,
    '',
    '',
    '',
    String(cut),
    '',
    '',
    '',
    '',
  ]);
  const widths = HEADER.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  for (const line of [HEADER, ...rows]) {
    process.stdout.write(`${line.map((cell, i) => cell.padEnd(widths[i]!)).join('  ')}\n`);
  }
}
