// What ffmpeg writes while it runs, read: the `-progress` stream, the stderr tail, and the one
// line that says why a run failed (for the log: users read run-limits.ts's messages instead).
import type { ProgressFn } from '../types.ts';

/**
 * A stateful parser for ffmpeg's `-progress` key=value stream. Chunks may split lines anywhere.
 * Reports a fraction in [0, 1] that never goes backwards, and 1 at `progress=end`.
 */
export function createProgressParser(
  durationS: number | undefined,
  onProgress: ProgressFn,
): (chunk: string) => void {
  let pending = '';
  let last = -1;
  const report = (fraction: number) => {
    const clamped = Math.min(1, Math.max(0, fraction));
    if (clamped > last) {
      last = clamped;
      onProgress(clamped);
    }
  };
  return (chunk: string) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const raw of lines) {
      const line = raw.trim();
      const eq = line.indexOf('=');
      if (eq < 0) continue;
      const key = line.slice(0, eq);
      const value = line.slice(eq + 1);
      if (key === 'progress' && value === 'end') {
        report(1);
      } else if ((key === 'out_time_us' || key === 'out_time_ms') && durationS && durationS > 0) {
        // NOTE: despite its name, out_time_ms is in microseconds too (a long-standing ffmpeg quirk).
        const us = Number(value);
        if (Number.isFinite(us) && us >= 0) report(us / 1e6 / durationS);
      }
    }
  };
}

/** Keeps the last `maxLines` complete lines of a text stream, and calls `onLine` for each. */
export function createLineTail(maxLines: number, onLine?: (line: string) => void) {
  const lines: string[] = [];
  let pending = '';
  const push = (line: string) => {
    const trimmed = line.replace(/\r$/, '');
    if (!trimmed) return;
    onLine?.(trimmed);
    lines.push(trimmed);
    if (lines.length > maxLines) lines.shift();
  };
  return {
    write(chunk: string) {
      pending += chunk;
      const parts = pending.split('\n');
      pending = parts.pop() ?? '';
      parts.forEach(push);
    },
    end() {
      if (pending) push(pending);
      pending = '';
    },
    text: () => lines.join('\n'),
    lines: () => [...lines],
  };
}

/** The one line a user or operator should see for a failed ffmpeg/ffprobe run. */
export function describeFailure(
  tool: string,
  code: number | null,
  signal: string | null,
  tail: string,
): string {
  const lines = tail
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  // Prefer the last line that looks like a reason over ffmpeg's generic closing lines.
  const generic =
    /^(Conversion failed!|Exiting normally|Error while filtering|Nothing was written)/i;
  const reason = [...lines].reverse().find((l) => !generic.test(l)) ?? lines.at(-1);
  const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
  return reason ? `${tool} ${how}: ${reason}` : `${tool} ${how}`;
}
