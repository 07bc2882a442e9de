import { availableParallelism } from 'node:os';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

const client = typeof viteConfig === 'function' ? viteConfig({ mode: 'test', command: 'serve' }) : viteConfig;

const serverTests = {
  environment: 'node',
  include: ['tests/server/**/*.test.ts', 'modules/*/tests/server/**/*.test.ts'],
  setupFiles: ['tests/server/setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
} as const;

export default defineConfig({
  test: {
    // A test process per core (Vitest's own default leaves one core idle: one process on two).
    // TEST_WORKERS overrides it.
    maxWorkers: Number(process.env.TEST_WORKERS) || availableParallelism(),
    projects: [
      mergeConfig(client, {
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['tests/unit/**/*.test.{ts,tsx}', 'modules/*/tests/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/unit/setup.ts'],
          // jsdom screens on two busy cores can take seconds to render; 5 s failed them under load.
          testTimeout: 20_000,
        },
      }),
      // The server tests on the engine TEST_DATABASE_URL names (PGlite when it is empty)…
      { test: { name: 'server', ...serverTests } },
      // …and on PostgreSQL, in the same run (scripts/test-server.mjs picks the projects).
      {
        test: {
          name: 'server-postgres',
          ...serverTests,
          env: { TEST_DATABASE_URL: process.env.PISHKHAN_POSTGRES_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test' },
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts', 'modules/*/tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/globalSetup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // A browser under load (CI runs everything on two cores) can take seconds to settle:
          // what an e2e polls for (an erased database, a URL, a badge) gets 15 s, not 1 s.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
