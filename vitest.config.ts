import { defineConfig } from 'vitest/config';

const ignored = ['**/node_modules/**', '**/dist/**', '.tools/**', '.data/**', '.tmp/**'];

// NOTE: three projects so CI can run the fast unit tests first and the slow media,
// database and browser tests after them, each with timeouts that fit their work.
export default defineConfig({
  test: {
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
