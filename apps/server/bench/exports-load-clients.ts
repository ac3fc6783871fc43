// The export load bench's clients: one user's burst of exports (each retried after its
// Retry-After until it is downloaded, as a user told to wait would), another user's requests
// timed while they run, and the server's resident memory sampled meanwhile.
import { readFile } from 'node:fs/promises';

export type ExportOutcome = { status: number; attempts: number; bytes: number; refusals: number };

/** GETs `url` until it is answered 200, waiting out each 429 or 503's Retry-After. */
export async function exportUntilDone(
  base: string,
  cookie: string,
  url: string,
  deadline: number,
): Promise<ExportOutcome> {
  let attempts = 0;
  let refusals = 0;
  for (;;) {
    attempts += 1;
    const response = await fetch(`${base}${url}`, { headers: { cookie } });
    const body = await response.arrayBuffer();
    if (response.ok) return { status: 200, attempts, bytes: body.byteLength, refusals };
    const retryAfter = Number(response.headers.get('retry-after'));
    const retryable = response.status === 429 || response.status === 503;
    if (!retryable || !(retryAfter > 0) || performance.now() + retryAfter * 1000 > deadline) {
      return { status: response.status, attempts, bytes: 0, refusals };
    }
    refusals += 1;
    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
  }
}

export type Timings = { latenciesMs: number[]; errors: number };

/** Requests `url` one after another, PAUSE_MS apart, until `stop()` says so. */
export async function timeRequests(
  base: string,
  url: string,
  cookie: string,
  stop: () => boolean,
  pauseMs = 50,
): Promise<Timings> {
  const timings: Timings = { latenciesMs: [], errors: 0 };
  while (!stop()) {
    const started = performance.now();
    try {
      const response = await fetch(`${base}${url}`, { headers: { cookie } });
      await response.arrayBuffer();
      if (response.ok) timings.latenciesMs.push(performance.now() - started);
      else timings.errors += 1;
    } catch {
      timings.errors += 1;
    }
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  return timings;
}

/** The process's resident memory in MB (Linux /proc). */
export async function residentMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

/** Samples the resident memory every `everyMs` until stopped; the peak. */
export function watchMemory(pid: number, everyMs = 200): { stop(): Promise<number> } {
  let peak = 0;
  let running = true;
  const sampling = (async () => {
    while (running) {
      peak = Math.max(peak, await residentMb(pid).catch(() => 0));
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await sampling;
      return peak;
    },
  };
}

export type Summary = { count: number; p50: number; p95: number; max: number; errors: number };

export function summarise(timings: Timings): Summary {
  const sorted = timings.latenciesMs.toSorted((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
  return {
    count: sorted.length,
    p50: at(50),
    p95: at(95),
    max: sorted.at(-1) ?? Number.NaN,
    errors: timings.errors,
  };
}
