/**
 * The production build a bench measures: the one given (`--dist <folder>` or `BENCH_DIST`), or one
 * made now into a temporary folder, removed by `cleanup`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { givenBuild } from './benchArgs.ts';

const root = resolve(import.meta.dirname, '..');

export function appBuild(name: string): { dir: string; cleanup: () => void } {
  const given = givenBuild();
  if (given) {
    const dir = resolve(given);
    if (!existsSync(join(dir, 'index.html'))) throw new Error(`${dir} holds no build`);
    return { dir, cleanup: () => {} };
  }
  const dir = mkdtempSync(join(tmpdir(), `pishkhan-${name}-`));
  console.log(`building the PWA into ${dir} …`);
  // NODE_ENV=production even under a runner that set another: React's production build and the service worker.
  execFileSync('npx', ['vite', 'build', '--outDir', dir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
