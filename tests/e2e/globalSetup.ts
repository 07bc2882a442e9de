/**
 * Builds the PWA once per end-to-end run into a folder of its own (so runs never share `dist/`),
 * unless E2E_DIST names a build to use. Tests read the folder with `inject('distDir')`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    distDir: string;
  }
}

const root = resolve(import.meta.dirname, '../..');

export default function setup(project: TestProject) {
  const given = process.env.E2E_DIST;
  if (given) {
    if (!existsSync(join(given, 'index.html'))) throw new Error(`E2E_DIST=${given} holds no build`);
    project.provide('distDir', resolve(given));
    return;
  }
  const outDir = join(root, 'tests/e2e/.artifacts', `dist-${process.pid}`);
  mkdirSync(outDir, { recursive: true });
  // Vitest sets NODE_ENV=test, which Vite would keep: React's development build and no service worker.
  const env = { ...process.env, NODE_ENV: 'production' };
  execFileSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit', env });
  project.provide('distDir', outDir);
  return () => rmSync(outDir, { recursive: true, force: true });
}
