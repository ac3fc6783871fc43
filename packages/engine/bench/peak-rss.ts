// Peak resident memory of this process plus every descendant (ffmpeg, pocketsphinx), sampled from
// /proc: the figure the "memory flat in video length" target is judged on.
import { readFileSync, readdirSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose-gc');
// NOTE: a context made after the flag is set has `gc`, without running node with --expose-gc.
const gc = runInNewContext('gc') as () => void;

/**
 * Frees garbage left by earlier work, so a measurement starts from live memory only. WARNING:
 * without it the bench's first run counts the test video it made in this process (~50 MB of dead
 * PCM at 10 minutes, ~10 MB at 2), which looks like analysis memory growing with length.
 */
export async function collectGarbage(): Promise<void> {
  // Array buffers are released after a collection, off the main thread: collect again until the
  // count stops falling.
  let before = Infinity;
  for (let pass = 0; pass < 10; pass++) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const now = process.memoryUsage().arrayBuffers;
    if (now >= before) return;
    before = now;
  }
}

function rssKb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

function children(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((tid) =>
      readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8')
        .trim()
        .split(/\s+/)
        .filter(Boolean)
        .map(Number),
    );
  } catch {
    return [];
  }
}

function privateKb(pid: number): number {
  try {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    return [...rollup.matchAll(/^Private_(?:Clean|Dirty):\s+(\d+)/gm)].reduce(
      (sum, m) => sum + Number(m[1]),
      0,
    );
  } catch {
    return 0;
  }
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
}

/** RSS of the process and every descendant, and of the descendants alone, in MB. */
export function treeRssMb(root = process.pid): { tree: number; children: number } {
  let total = 0;
  let own = 0;
  const stack = [{ pid: root, parentCommand: '' }];
  while (stack.length) {
    const { pid, parentCommand } = stack.pop()!;
    const command = commandLine(pid);
    // WARNING: a child forked but not yet exec'd (every spawn of ffmpeg or pocketsphinx passes
    // through one) shares all of its parent's pages: its RSS counted the analysis twice (peaks of
    // about 1000 MB for 650 real). Only what it holds alone counts.
    const kb = command === parentCommand ? privateKb(pid) : rssKb(pid);
    if (pid === root) own = kb;
    total += kb;
    stack.push(...children(pid).map((child) => ({ pid: child, parentCommand: command })));
  }
  return { tree: total / 1024, children: (total - own) / 1024 };
}

export type PeakRss = { tree: number; children: number };

/**
 * Samples the tree every `everyMs` while `work` runs; returns its result and the peaks in MB: of
 * the whole tree, and of the child processes alone (ffmpeg, pocketsphinx). NOTE: the second does
 * not carry what this bench process holds from earlier stages.
 */
export async function withPeakRss<T>(work: () => Promise<T>, everyMs = 100): Promise<[T, PeakRss]> {
  await collectGarbage();
  const peak = treeRssMb();
  const sample = () => {
    const now = treeRssMb();
    peak.tree = Math.max(peak.tree, now.tree);
    peak.children = Math.max(peak.children, now.children);
  };
  const timer = setInterval(sample, everyMs);
  try {
    const result = await work();
    sample();
    return [result, peak];
  } finally {
    clearInterval(timer);
  }
}
