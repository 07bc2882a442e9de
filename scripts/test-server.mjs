#!/usr/bin/env node
/**
 * `npm run test:server`: the server tests on the embedded database (PGlite), then again on the
 * PostgreSQL server at 127.0.0.1:5432 when one accepts a connection. When none does, the second
 * pass is skipped with a message nobody can miss. Fails when any pass fails.
 */
import { spawnSync } from 'node:child_process';
import { createConnection } from 'node:net';

const POSTGRES_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const { hostname, port } = new URL(POSTGRES_URL);
const extraArgs = process.argv.slice(2);

function runVitest(label, env) {
  console.log(`\n=== server tests on ${label} ===\n`);
  const result = spawnSync('npx', ['vitest', 'run', '--project', 'server', ...extraArgs], {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return result.status === 0;
}

function postgresAccepts() {
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port || 5432) });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

function boxed(lines) {
  const width = Math.max(...lines.map((l) => l.length));
  const bar = `+${'-'.repeat(width + 2)}+`;
  return [bar, ...lines.map((l) => `| ${l.padEnd(width)} |`), bar].join('\n');
}

const results = [['PGlite', runVitest('PGlite (embedded)', { TEST_DATABASE_URL: '' })]];

if (await postgresAccepts()) {
  results.push(['PostgreSQL', runVitest(`PostgreSQL (${hostname}:${port || 5432})`, { TEST_DATABASE_URL: POSTGRES_URL })]);
} else {
  console.log(`\n${boxed([
    `PostgreSQL pass SKIPPED: no server on ${hostname}:${port || 5432}`,
    'The server tests ran on PGlite only. Start PostgreSQL (or set',
    'TEST_DATABASE_URL) to run them against a real server too.',
  ])}\n`);
}

console.log(results.map(([engine, ok]) => `server tests on ${engine}: ${ok ? 'passed' : 'FAILED'}`).join('\n'));
process.exit(results.every(([, ok]) => ok) ? 0 : 1);
