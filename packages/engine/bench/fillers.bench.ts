// Filler bench: generated speech with fillers at known times (filler-corpus.ts, three flite
// voices) through the real analysis; per case the fillers found (by a recognised filler word or
// by held voice between words), real words whose sound a filler cut took, the seconds kept
// against removing exactly the fillers' sound, and the detection's own time. FILLER_GUARD=1 also
// runs the guard sets (filler-guard-corpus.ts): A, fillers in other sentences; B, no fillers but
// short real words alone between pauses, where the words cut must stay 0 (decision 0007).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFillers } from '../src/edit/fillers.ts';
import { analyseFillerCase } from '../src/testing/filler-analysis.ts';
import { FILLER_CORPUS } from '../src/testing/filler-corpus.ts';
import type { FillerCase } from '../src/testing/filler-corpus.ts';
import { FILLER_GUARD_A, FILLER_GUARD_B } from '../src/testing/filler-guard-corpus.ts';
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

type Totals = { truth: number; found: number; cut: number };

async function runSet(cases: FillerCase[], dir: string, rows: string[][]): Promise<Totals> {
  const totals = { truth: 0, found: 0, cut: 0 };
  for (const c of cases) {
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
    totals.found += score.found;
    totals.truth += score.truth;
    totals.cut += score.wordsCut.length;
    rows.push([
      c.name,
      String(score.truth),
      String(score.found),
      String(analysis.fillers.filter((f) => f.source === 'word').length),
      String(analysis.fillers.filter((f) => f.source === 'voice').length),
      String(score.words),
      score.wordsCut.length ? score.wordsCut.map((w) => w.text).join(' ') : '0',
      score.keptS.toFixed(2),
      score.expectedKeptS.toFixed(2),
      ((score.expectedKeptS - score.keptS) / Math.max(1, score.found)).toFixed(3),
      `${detectMs.toFixed(1)} (${again.length})`,
    ]);
  }
  return totals;
}

const share = ({ found, truth }: Totals) =>
  truth ? `${found} (${((100 * found) / truth).toFixed(0)}%)` : String(found);

export async function run(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'rc-fillers-bench-'));
  const sets: [string, FillerCase[]][] = [['all', FILLER_CORPUS]];
  if (process.env.FILLER_GUARD === '1') {
    sets.push(['guard A', FILLER_GUARD_A], ['guard B', FILLER_GUARD_B]);
  }
  const rows: string[][] = [];
  try {
    for (const [name, cases] of sets) {
      const totals = await runSet(cases, dir, rows);
      rows.push([name, String(totals.truth), share(totals), '', '', '', String(totals.cut)]);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const widths = HEADER.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  for (const line of [HEADER, ...rows]) {
    process.stdout.write(`${line.map((cell, i) => (cell ?? '').padEnd(widths[i]!)).join('  ')}\n`);
  }
}
