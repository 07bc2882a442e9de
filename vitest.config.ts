import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

const client = typeof viteConfig === 'function' ? viteConfig({ mode: 'test', command: 'serve' }) : viteConfig;

export default defineConfig({
  test: {
    projects: [
      mergeConfig(client, {
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['tests/unit/**/*.test.{ts,tsx}', 'modules/*/tests/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/unit/setup.ts'],
        },
      }),
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts', 'modules/*/tests/server/**/*.test.ts'],
          setupFiles: ['tests/server/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
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
