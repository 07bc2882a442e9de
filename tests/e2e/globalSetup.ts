/**
 * Builds the PWA once per end-to-end run into a folder of its own (so runs never share `dist/`),
 * unless E2E_DIST names a build to use, and migrates an embedded database once, meanwhile, into a
 * data folder every test file's server starts from a copy of (instead of migrating its own).
 * Tests read the folders with `inject('distDir')` and `inject('dataTemplate')`.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';
import { migrate } from '../../server/migrate.ts';
import { currentPlan } from '../../server/migrationPlan.ts';
import { openPglite } from '../../server/db/pglite.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    distDir: string;
    /** A PGlite data folder with every migration applied (nothing else): copy it, never open it. */
    dataTemplate: string;
  }
}

const root = resolve(import.meta.dirname, '../..');
const artifacts = join(root, 'tests/e2e/.artifacts');

async function build(outDir: string): Promise<void> {
  mkdirSync(outDir, { recursive: true });
  // Vitest sets NODE_ENV=test, which Vite would keep: React's development build and no service worker.
  const env = { ...process.env, NODE_ENV: 'production' };
  const run = promisify(execFile)('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], { cwd: root, env });
  run.child.stdout?.pipe(process.stdout);
  run.child.stderr?.pipe(process.stderr);
  await run;
}

/** The migrated database the servers start from, closed (flushed) as a stopped server leaves it. */
async function migratedDataFolder(folder: string): Promise<void> {
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(join(folder, '..'), { recursive: true });
  const db = await openPglite(folder);
  try {
    await migrate(db, await currentPlan());
  } finally {
    await db.close();
  }
}

export default async function setup(project: TestProject) {
  const dataTemplate = join(artifacts, `data-${process.pid}`, 'pglite');
  const given = process.env.E2E_DIST;
  if (given && !existsSync(join(given, 'index.html'))) throw new Error(`E2E_DIST=${given} holds no build`);
  const outDir = given ? resolve(given) : join(artifacts, `dist-${process.pid}`);
  await Promise.all([given ? null : build(outDir), migratedDataFolder(dataTemplate)]);
  project.provide('distDir', outDir);
  project.provide('dataTemplate', dataTemplate);
  return () => {
    if (!given) rmSync(outDir, { recursive: true, force: true });
    rmSync(join(dataTemplate, '..'), { recursive: true, force: true });
  };
}
