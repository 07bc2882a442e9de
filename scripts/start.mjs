#!/usr/bin/env node
/**
 * `npm start`: builds the PWA when dist/ is missing or older than its sources, then runs the
 * server (API + PWA on one port) on the embedded database unless DATABASE_URL says otherwise.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { serverEnv } from './serverEnv.mjs';

const root = new URL('..', import.meta.url).pathname;
const stamp = join(root, 'dist', 'index.html');
const sources = ['src', 'modules', 'locales', 'public', 'build', 'index.html', 'vite.config.ts', 'lingui.config.ts', 'package.json'];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
}

function run(command, args, env = process.env) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
if (builtAt < Math.max(...sources.map((s) => newest(join(root, s))))) {
  console.log('Building the PWA (dist/ is missing or older than its sources)…');
  run('npx', ['vite', 'build', '--logLevel', 'warn']);
}
run('npx', ['tsx', 'server/main.ts'], serverEnv());
