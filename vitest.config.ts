import { defineConfig } from 'vitest/config';

const resolve = { conditions: ['strata-source'] };

export default defineConfig({
  resolve,
  test: {
    projects: [
      {
        resolve,
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.{ts,tsx}'],
          environment: 'node',
          // The robustness tests bound super-linear work loosely (a busy 2-core machine).
          testTimeout: 30000,
        },
      },
      {
        resolve,
        test: {
          name: 'api',
          include: ['packages/server/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30000,
          hookTimeout: 60000,
          fileParallelism: false,
        },
      },
    ],
  },
});
