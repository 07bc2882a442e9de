#!/usr/bin/env node
/**
 * `npm start`: builds the PWA when dist/ is missing or older than its sources, then runs the
 * server (API + PWA on one port) on the embedded database unless DATABASE_URL says otherwise.
 *
 * A stop (SIGTERM, SIGINT, SIGHUP) is passed on to the build or the server, which stops gracefully
 * (server/lifecycle.ts); this script then exits with the server's own exit code. The child runs in
 * a process group of its own, so a Ctrl-C in the terminal reaches it once, through here, not twice.
 * npm also forwards the terminal's Ctrl-C to this script, which gets it from the terminal as well:
 * a repeat within half a second is that same stop arriving twice. A later one is a second stop,
 * passed on, and the server exits at once.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { serverEnv } from './serverEnv.mjs';

const root = new URL('..', import.meta.url).pathname;
const stamp = join(root, 'dist', 'index.html');
const sources = ['src', 'modules', 'locales', 'public', 'build', 'index.html', 'vite.config.ts', 'lingui.config.ts', 'package.json'];
const SAME_STOP_MS = 500;

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
}

let child = null;
let lastSignalAt = 0;
let stopped = false;
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) {
  process.on(signal, () => {
    const now = Date.now();
    if (now - lastSignalAt < SAME_STOP_MS) return;
    lastSignalAt = now;
    stopped = true;
    // A second stop is passed on as it came; the server takes it as "exit now".
    child?.kill(signal === 'SIGHUP' ? 'SIGTERM' : signal);
  });
}

/** Runs a command to its end; answers its exit code (128 + the signal's number when a signal ended it). */
function run(command, args, env = process.env) {
  return new Promise((resolve) => {
    child = spawn(command, args, { cwd: root, stdio: 'inherit', env, detached: true });
    child.once('error', (error) => {
      console.error(`pishkhan: cannot run ${command}: ${error.message}`);
      resolve(1);
    });
    child.once('exit', (code, signal) => {
      child = null;
      resolve(code ?? 128 + (signal === 'SIGKILL' ? 9 : signal === 'SIGINT' ? 2 : 15));
    });
  });
}

const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
if (builtAt < Math.max(...sources.map((s) => newest(join(root, s))))) {
  console.log('Building the PWA (dist/ is missing or older than its sources)…');
  const code = await run(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn']);
  if (code !== 0 || stopped) process.exit(code);
}
// Node itself runs the server (tsx as a loader, not a wrapper process): one process to signal.
process.exit(await run(process.execPath, ['--import', 'tsx', 'server/main.ts'], serverEnv()));
