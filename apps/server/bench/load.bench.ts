// Light-load benchmark (issue 10): 50 concurrent clients, each a signed-in user, poll their job
// list and one job for 20 s against the real server process on loopback, on PGlite and (with
// DATABASE_URL) on PostgreSQL. Prints requests/s, latency percentiles, errors and the load
// average, next to the targets.
//   node apps/server/bench/load.bench.ts [--clients=50] [--seconds=20] [--db=pglite,postgres]
import http from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runFfmpeg } from '@roughcut/engine/work';
import { poll, seedUser } from './load-clients.ts';
import type { PollStats, SeededUser } from './load-clients.ts';
import { freePort, scratchDatabase, startServer } from './load-server.ts';

type DbKind = 'pglite' | 'postgres';
type Options = { clients: number; seconds: number; dbs: DbKind[] };

const TARGETS: Record<DbKind, { rps: number; p95Ms: number }> = {
  postgres: { rps: 1000, p95Ms: 50 },
  pglite: { rps: 300, p95Ms: 150 },
};
const JOBS_PER_USER = 6;
const STARTED_PER_USER = 2;
const SEED_CONCURRENCY = 4;
const SOLO_SECONDS = 3;

export type LoadRow = {
  db: DbKind;
  phase: string;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  notModifiedShare: number;
  /** The server process's CPU time per request: what the machine's load does not distort. */
  cpuMsPerRequest: number;
  load: string;
};

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** utime + stime of a process in ms (Linux /proc; clock ticks are 100 Hz). */
async function cpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

async function makeVideo(dir: string): Promise<string> {
  const out = path.join(dir, 'load.mp4');
  await runFfmpeg([
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=320x180:rate=25:duration=2',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:sample_rate=48000:duration=2',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    out,
  ]);
  return out;
}

async function seedUsers(base: string, count: number, video: string): Promise<SeededUser[]> {
  const users: SeededUser[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      users[index] = await seedUser(base, index, video, {
        jobs: JOBS_PER_USER,
        started: STARTED_PER_USER,
      });
    }
  };
  await Promise.all(Array.from({ length: SEED_CONCURRENCY }, worker));
  return users;
}

async function measure(
  db: DbKind,
  phase: string,
  server: { base: string; pid: number },
  users: SeededUser[],
  seconds: number,
): Promise<LoadRow> {
  const { base, pid } = server;
  const agent = new http.Agent({ keepAlive: true, maxSockets: users.length });
  const stats: PollStats = { latenciesMs: [], errors: 0, notModified: 0 };
  const loadBefore = loadAverage();
  const cpuBefore = await cpuMs(pid);
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(users.map((user) => poll(base, user, agent, until, stats)));
  const elapsedS = (performance.now() - started) / 1000;
  const cpuUsed = (await cpuMs(pid)) - cpuBefore;
  agent.destroy();
  const sorted = stats.latenciesMs.toSorted((a, b) => a - b);
  const requests = sorted.length + stats.errors;
  return {
    db,
    phase,
    requests,
    rps: requests / elapsedS,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    errors: stats.errors,
    notModifiedShare: sorted.length ? stats.notModified / sorted.length : 0,
    cpuMsPerRequest: requests ? cpuUsed / requests : Number.NaN,
    load: `${loadBefore} → ${loadAverage()}`,
  };
}

async function benchOne(db: DbKind, options: Options, video: string): Promise<LoadRow[]> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `rc-load-${db}-`));
  const scratch =
    db === 'postgres' && process.env.DATABASE_URL
      ? await scratchDatabase(process.env.DATABASE_URL)
      : undefined;
  try {
    const port = await freePort();
    const server = { dataDir, port, databaseUrl: scratch?.url };
    // Seeding: no worker (the started edits are cancelled before anything runs them) and
    // X-Forwarded-For trusted, so each user signs up as its own client.
    const seeding = await startServer({
      ...server,
      env: { EMBEDDED_WORKER: 'false', TRUST_PROXY: 'true' },
    });
    let users: SeededUser[];
    const seedStart = performance.now();
    try {
      users = await seedUsers(seeding.base, options.clients, video);
    } finally {
      await seeding.stop();
    }
    process.stdout.write(
      `${db}: ${options.clients} users with ${JOBS_PER_USER} edits each made in ${((performance.now() - seedStart) / 1000).toFixed(0)} s\n`,
    );
    // The measured server runs as shipped: embedded worker on, default logging.
    const running = await startServer(server);
    try {
      const solo = await measure(db, '1 client', running, users.slice(0, 1), SOLO_SECONDS);
      const busy = await measure(db, `${options.clients} clients`, running, users, options.seconds);
      return [solo, busy];
    } finally {
      await running.stop();
    }
  } finally {
    await scratch?.drop().catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
  }
}

function parseOptions(argv: string[]): Options {
  const value = (name: string) =>
    argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
  const dbs = (value('db') ?? 'pglite,postgres')
    .split(',')
    .filter((db): db is DbKind => db === 'pglite' || db === 'postgres');
  return {
    clients: Number(value('clients') ?? 50),
    seconds: Number(value('seconds') ?? 20),
    dbs,
  };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

function printRows(rows: LoadRow[]): void {
  const table = rows.map((row) => {
    const target = TARGETS[row.db];
    const loaded = row.phase !== '1 client';
    const verdict =
      loaded && (row.rps < target.rps || row.p95 > target.p95Ms || row.errors > 0)
        ? ` (target ≥ ${target.rps}/s, p95 < ${target.p95Ms} ms, 0 errors: missed)`
        : loaded
          ? ' (target met)'
          : '';
    return [
      row.db,
      row.phase,
      `${row.rps.toFixed(0)} req/s`,
      `p50 ${ms(row.p50)}`,
      `p95 ${ms(row.p95)}`,
      `p99 ${ms(row.p99)}`,
      `${row.errors} errors`,
      `${(row.notModifiedShare * 100).toFixed(0)}% 304`,
      `server CPU ${row.cpuMsPerRequest.toFixed(2)} ms/req`,
      `load ${row.load}${verdict}`,
    ];
  });
  const widths = table[0]?.map((_, i) => Math.max(...table.map((cells) => cells[i]?.length ?? 0)));
  for (const cells of table) {
    process.stdout.write(
      `${cells.map((cell, i) => (i < cells.length - 1 ? cell.padEnd(widths?.[i] ?? 0) : cell)).join('  ')}\n`,
    );
  }
}

export async function run(argv: string[] = process.argv.slice(2)): Promise<void> {
  const options = parseOptions(argv);
  const mediaDir = await mkdtemp(path.join(os.tmpdir(), 'rc-load-media-'));
  const rows: LoadRow[] = [];
  try {
    const video = await makeVideo(mediaDir);
    for (const db of options.dbs) {
      if (db === 'postgres' && !process.env.DATABASE_URL) {
        process.stdout.write('postgres: skipped (set DATABASE_URL to a PostgreSQL server)\n');
        continue;
      }
      rows.push(...(await benchOne(db, options, video)));
    }
  } finally {
    await rm(mediaDir, { recursive: true, force: true });
  }
  printRows(rows);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await run();
