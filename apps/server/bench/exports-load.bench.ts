// Export load benchmark (issue 32): one user fires 25 large exports at once (5 edits, each a
// 1-hour talk whose long form has 16,000 confirmed gaps and 7,000 phrases, stored directly in the
// database: no analysis, × 5 timeline formats), each retried after its Retry-After until it is
// downloaded; meanwhile another user's job list and the health probe are timed, and the server's
// memory is sampled. Then the same 25 again (served from storage). The real server process on
// loopback, on PGlite and (with DATABASE_URL) PostgreSQL.
//   node apps/server/bench/exports-load.bench.ts [--db=pglite,postgres] [--edits=5]
//     [--gaps=16000] [--phrases=7000] [--rounds=2] [--cpu-prof=<folder>]
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiPaths } from '@roughcut/shared';
import type { ExportFormat } from '@roughcut/shared';
import { openDatabase } from '../src/db/client.ts';
import { longTalk, seedExportableRun } from '../src/modules/edit/exports.fixtures.ts';
import {
  exportUntilDone,
  residentMb,
  summarise,
  timeRequests,
  watchMemory,
} from './exports-load-clients.ts';
import type { Summary } from './exports-load-clients.ts';
import { seedUser } from './load-clients.ts';
import { freePort, scratchDatabase, startServer } from './load-server.ts';

type DbKind = 'pglite' | 'postgres';
type Options = {
  dbs: DbKind[];
  edits: number;
  gaps: number;
  phrases: number;
  rounds: number;
  /** A folder for the measured server's CPU profiles (one per thread), to see where time goes. */
  cpuProfDir: string | undefined;
};

const TARGET = { p95Ms: 200, growthMb: 300 };
const FORMATS: ExportFormat[] = ['fcpxml', 'xmeml', 'otio', 'mlt', 'edl'];
const DURATION_S = 3600;
/** No round waits longer than this for its last export. */
const ROUND_LIMIT_MS = 20 * 60_000;

type Row = {
  db: DbKind;
  phase: string;
  ok: number;
  failed: number;
  refusals: number;
  seconds: number;
  megabytes: number;
  list: Summary;
  health: Summary;
  baseMb: number;
  peakMb: number;
};

async function seed(db: DbKind, dataDir: string, databaseUrl: string | undefined, o: Options) {
  const port = await freePort();
  const server = await startServer({
    dataDir,
    port,
    databaseUrl,
    env: { EMBEDDED_WORKER: 'false', TRUST_PROXY: 'true' },
  });
  let exporter;
  let watcher;
  try {
    exporter = await seedUser(server.base, 1, undefined, { jobs: o.edits, started: 0 });
    watcher = await seedUser(server.base, 2, undefined, { jobs: 6, started: 0 });
  } finally {
    await server.stop();
  }
  const started = performance.now();
  const database = await openDatabase({ databaseUrl, pgliteDir: path.join(dataDir, 'db') });
  const talk = longTalk({ durationS: DURATION_S, gaps: o.gaps, phrases: o.phrases });
  try {
    for (const jobId of exporter.jobIds) await seedExportableRun(database.db, jobId, talk);
  } finally {
    await database.close();
  }
  process.stdout.write(
    `${db}: ${o.edits} edits of ${o.gaps} confirmed gaps and ${o.phrases} phrases stored in ${((performance.now() - started) / 1000).toFixed(0)} s\n`,
  );
  return { exporter, watcher };
}

async function round(
  db: DbKind,
  phase: string,
  server: { base: string; pid: number },
  users: Awaited<ReturnType<typeof seed>>,
): Promise<Row> {
  const { base, pid } = server;
  const baseMb = await residentMb(pid);
  const memory = watchMemory(pid);
  let done = false;
  const list = timeRequests(base, apiPaths.autojobs(), users.watcher.cookie, () => done);
  const health = timeRequests(base, '/api/health', users.watcher.cookie, () => done);
  const started = performance.now();
  const deadline = started + ROUND_LIMIT_MS;
  const urls = users.exporter.jobIds.flatMap((jobId) =>
    FORMATS.map((format) => apiPaths.editExport(jobId, format)),
  );
  const outcomes = await Promise.all(
    urls.map((url) => exportUntilDone(base, users.exporter.cookie, url, deadline)),
  );
  const seconds = (performance.now() - started) / 1000;
  done = true;
  const [listTimes, healthTimes, peakMb] = await Promise.all([list, health, memory.stop()]);
  return {
    db,
    phase,
    ok: outcomes.filter((o) => o.status === 200).length,
    failed: outcomes.filter((o) => o.status !== 200).length,
    refusals: outcomes.reduce((sum, o) => sum + o.refusals, 0),
    seconds,
    megabytes: outcomes.reduce((sum, o) => sum + o.bytes, 0) / 1e6,
    list: summarise(listTimes),
    health: summarise(healthTimes),
    baseMb,
    peakMb,
  };
}

async function benchOne(db: DbKind, options: Options): Promise<Row[]> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `rc-exports-load-${db}-`));
  const scratch =
    db === 'postgres' && process.env.DATABASE_URL
      ? await scratchDatabase(process.env.DATABASE_URL)
      : undefined;
  try {
    const users = await seed(db, dataDir, scratch?.url, options);
    // The measured server runs as shipped: embedded worker on, default logging.
    const server = await startServer({
      dataDir,
      port: await freePort(),
      databaseUrl: scratch?.url,
      ...(options.cpuProfDir
        ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfDir}`] }
        : {}),
    });
    try {
      // NOTE: warmed up (the first requests load code), then measured from a settled start.
      for (let i = 0; i < 20; i++) await fetch(`${server.base}/api/health`);
      const rows: Row[] = [];
      for (let r = 1; r <= options.rounds; r++) {
        const phase = r === 1 ? `${FORMATS.length * options.edits} exports` : `again (${r})`;
        rows.push(await round(db, phase, server, users));
      }
      return rows;
    } finally {
      await server.stop();
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
    dbs,
    edits: Number(value('edits') ?? 5),
    gaps: Number(value('gaps') ?? 16_000),
    phrases: Number(value('phrases') ?? 7_000),
    rounds: Number(value('rounds') ?? 2),
    cpuProfDir: value('cpu-prof'),
  };
}

const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(0)}` : '-');
const times = (s: Summary) => `${ms(s.p50)}/${ms(s.p95)}/${ms(s.max)} ms (${s.count})`;

function printRows(rows: Row[]): void {
  const header = [
    'db',
    'phase',
    'exports ok',
    'refused, retried',
    'all done',
    'downloaded',
    "other user's list p50/p95/max",
    'health p50/p95/max',
    'server memory',
    'verdict',
  ];
  const table = rows.map((row) => {
    const growth = row.peakMb - row.baseMb;
    const met =
      row.failed === 0 &&
      row.list.p95 < TARGET.p95Ms &&
      row.health.p95 < TARGET.p95Ms &&
      growth < TARGET.growthMb;
    return [
      row.db,
      row.phase,
      `${row.ok} (${row.failed} failed)`,
      String(row.refusals),
      `${row.seconds.toFixed(1)} s`,
      `${row.megabytes.toFixed(0)} MB`,
      times(row.list),
      times(row.health),
      `${row.baseMb.toFixed(0)} → ${row.peakMb.toFixed(0)} MB (+${growth.toFixed(0)})`,
      met ? 'target met' : `missed (p95 < ${TARGET.p95Ms} ms, +${TARGET.growthMb} MB)`,
    ];
  });
  const all = [header, ...table];
  const widths = header.map((_, i) => Math.max(...all.map((cells) => cells[i]?.length ?? 0)));
  for (const cells of all) {
    process.stdout.write(`${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ')}\n`);
  }
}

export async function run(argv: string[] = process.argv.slice(2)): Promise<void> {
  const options = parseOptions(argv);
  const rows: Row[] = [];
  for (const db of options.dbs) {
    if (db === 'postgres' && !process.env.DATABASE_URL) {
      process.stdout.write('postgres: skipped (set DATABASE_URL to a PostgreSQL server)\n');
      continue;
    }
    rows.push(...(await benchOne(db, options)));
  }
  printRows(rows);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await run();
