import { defineConfig } from 'vitest/config';

const ignored = ['**/node_modules/**', '**/dist/**', '.tools/**', '.data/**', '.tmp/**'];

// NOTE: three projects so CI can run the fast unit tests first and the slow media,
// database and browser tests after them, each with timeouts that fit their work.
export default defineConfig({
  test: {
    // NOTE: vitest's default on a 2-core machine is one worker (cores - 1), which left the media
    // and database tests waiting on each other: most of their time is spent in ffmpeg, melt,
    // PostgreSQL and polling, not in the test process. Two files at once roughly halves the
    // unit and integration run; every file has its own data folder, database and ports. The
    // browser tests stay one at a time (fileParallelism below).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{apps,packages}/*/src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          exclude: [...ignored, '**/*.int.test.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['{apps,packages}/*/{src,test}/**/*.int.test.ts'],
          exclude: ignored,
          testTimeout: 180_000,
          hookTimeout: 300_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          exclude: ignored,
          testTimeout: 900_000,
          hookTimeout: 600_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
