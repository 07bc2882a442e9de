import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';
import { SlowFilesFirst } from './tests/slowFilesFirst.ts';

const client = typeof viteConfig === 'function' ? viteConfig({ mode: 'test', command: 'serve' }) : viteConfig;

const serverTests = {
  environment: 'node',
  include: ['tests/server/**/*.test.ts', 'modules/*/tests/server/**/*.test.ts'],
  setupFiles: ['tests/server/setup.ts'],
  // One module graph per worker, not per file (decision 031): the server and its modules are
  // imported once per process; setup.ts puts the real module registry back before each file.
  isolate: false,
  testTimeout: 30_000,
  hookTimeout: 60_000,
} as const;

/**
 * Server test files whose work does not depend on the engine the `server-postgres` project sets:
 * they use no database, start servers on a PGlite folder of their own, test both engines
 * themselves (the backup script, two processes on PostgreSQL) or serve built files. They run once,
 * in the `server` project, not again in `server-postgres`.
 */
const engineIndependent = [
  'tests/server/backupServer.test.ts',
  'tests/server/buildFiles.test.ts',
  'tests/server/config.test.ts',
  'tests/server/findBenches.test.ts',
  'tests/server/lifecycle.test.ts',
  'tests/server/passwords.test.ts',
  'tests/server/serverEnv.test.ts',
  'tests/server/static.test.ts',
  'tests/server/staticCompression.test.ts',
  'tests/server/twoProcesses.test.ts',
];

export default defineConfig({
  test: {
    // A test process per core (Vitest's own default leaves one core idle: one process on two).
    // TEST_WORKERS overrides it.
    maxWorkers: Number(process.env.TEST_WORKERS) || availableParallelism(),
    sequence: { sequencer: SlowFilesFirst },
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
          exclude: [...configDefaults.exclude, ...engineIndependent],
          env: {
            TEST_DATABASE_URL:
              process.env.PISHKHAN_POSTGRES_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test',
          },
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
          // Two files at a time on two cores: a browser test mostly waits (for a page, a sync,
          // a poll), and one at a time left the machine idle half the run (decision 060).
          // A browser under load (CI runs everything on two cores) can take seconds to settle:
          // what an e2e polls for (an erased database, a URL, a badge) gets 15 s, not 1 s.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
