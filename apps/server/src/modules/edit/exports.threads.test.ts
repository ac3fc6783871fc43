// The export threads on real worker threads and the real engine: a written file, a cut that keeps
// nothing, and each limit (waiting, time, memory) failing with its own kind.
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DRAW_SETTINGS } from '@roughcut/shared';
import { longTalk } from './exports.fixtures.ts';
import {
  DEFAULT_EXPORT_THREADS,
  ExportThreadError,
  createExportThreads,
} from './exports.threads.ts';
import type { ExportThreadsOptions } from './exports.threads.ts';
import type { ExportTask } from './exports.worker.ts';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'rc-export-threads-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const talk = longTalk({ durationS: 60, gaps: 20, phrases: 10 });
const task = (name: string, cut = talk.gaps): ExportTask => ({
  format: 'srt',
  title: 'Talk',
  fileName: 'talk.mp4',
  probe: {
    durationS: 60,
    fps: 25,
    variableFrameRate: false,
    displayWidth: 640,
    displayHeight: 360,
    audioSampleRate: 48_000,
    audioChannels: 2,
  },
  clip: {
    startS: 0,
    endS: 60,
    isLongForm: true,
    removeFillers: false,
    segments: JSON.stringify(talk.segments),
    gaps: null,
    drawSettings: JSON.stringify(DEFAULT_DRAW_SETTINGS),
    edits: JSON.stringify({ cut }),
    reframe: 'centre',
    framing: null,
  },
  outPath: path.join(dir, name),
});

const threadsWith = (options: Partial<ExportThreadsOptions>) =>
  createExportThreads({ ...DEFAULT_EXPORT_THREADS, threads: 1, ...options });

const failureOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ExportThreadError);
  return (error as ExportThreadError).kind;
};

describe('export threads', () => {
  it('writes the export to the file it is given, one task after another', async () => {
    const threads = threadsWith({});
    try {
      const [first, second] = await Promise.all([
        threads.run(() => Promise.resolve(task('a.srt'))),
        threads.run(() => Promise.resolve(task('b.srt'))),
      ]);
      const text = await readFile(path.join(dir, 'a.srt'), 'utf8');
      expect(first).toEqual({ kind: 'written', bytes: Buffer.byteLength(text) });
      expect(second).toEqual(first);
      expect(text).toMatch(/^1\n00:00:00,\d{3} --> /);
      expect(text).toContain('Phrase 1 says six plain words');
    } finally {
      await threads.close();
    }
  });

  it('says so when the cut keeps nothing, and writes nothing', async () => {
    const threads = threadsWith({});
    try {
      const all = [{ id: 'all', start: 0, end: 60 }];
      expect(await threads.run(() => Promise.resolve(task('none.srt', all)))).toEqual({
        kind: 'nothing-kept',
      });
      await expect(stat(path.join(dir, 'none.srt'))).rejects.toThrow(/ENOENT/);
    } finally {
      await threads.close();
    }
  });

  it('refuses an export beyond those allowed to wait', async () => {
    const threads = threadsWith({ maxWaiting: 1 });
    try {
      const running = threads.run(() => Promise.resolve(task('1.srt')));
      const waiting = threads.run(() => Promise.resolve(task('2.srt')));
      expect(await failureOf(threads.run(() => Promise.resolve(task('3.srt'))))).toBe('busy');
      await Promise.all([running, waiting]);
    } finally {
      await threads.close();
    }
  });

  it('stops an export past its time limit and one past its memory ceiling', async () => {
    const slow = threadsWith({ timeoutMs: 1 });
    const small = threadsWith({ maxHeapMb: 4 });
    try {
      expect(await failureOf(slow.run(() => Promise.resolve(task('slow.srt'))))).toBe('timeout');
      expect(await failureOf(small.run(() => Promise.resolve(task('big.srt'))))).toBe('memory');
    } finally {
      await Promise.all([slow.close(), small.close()]);
    }
  });

  it('passes on a task that could not be prepared, and keeps the thread for the next', async () => {
    const threads = threadsWith({});
    try {
      await expect(threads.run(() => Promise.reject(new Error('gone')))).rejects.toThrow('gone');
      expect(await threads.run(() => Promise.resolve(task('after.srt')))).toMatchObject({
        kind: 'written',
      });
    } finally {
      await threads.close();
    }
  });

  it('refuses new exports once closed', async () => {
    const threads = threadsWith({});
    await threads.close();
    expect(await failureOf(threads.run(() => Promise.resolve(task('late.srt'))))).toBe('closed');
  });
});
