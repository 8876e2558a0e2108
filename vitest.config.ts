import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // one worker per core: the run's default here was one fewer, so a 2-core machine ran the files one
    // at a time (server suite 306 s; with 2 workers 210 s, 2026-11-28)
    maxWorkers: os.availableParallelism(),
    // VITEST_JSON=<file>: each file's and test's time as JSON beside the usual output (CI keeps it to
    // find where the seconds go, docs/decisions/ci-time.md)
    ...(process.env.VITEST_JSON ? { reporters: ['default', ['json', { outputFile: process.env.VITEST_JSON }]] } : {}),
    projects: [
      {
        test: {
          name: 'contract',
          root: './packages/contract',
          environment: 'node',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          // the run's migrated template, which each file's database is copied from (test/template.ts)
          globalSetup: [path.join(import.meta.dirname, 'apps/server/src/test/global-setup.ts')],
        },
      },
      './apps/web/vitest.config.ts',
      {
        // repository tooling: the lint rules of eslint.config.js are proven to fire
        test: {
          name: 'tooling',
          root: '.',
          environment: 'node',
          include: ['scripts/*.test.ts'],
          testTimeout: 120_000,
        },
      },
    ],
  },
});
