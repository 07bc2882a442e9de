#!/usr/bin/env node
/**
 * `npm run test:server`: the server tests on the embedded database (PGlite) and again on the
 * PostgreSQL server of TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) when one
 * accepts a connection — both passes in one Vitest run (projects `server` and `server-postgres`),
 * its test files spread over a process per core. The PostgreSQL database is created when it is
 * missing. When no server answers, the PostgreSQL pass is skipped with a message nobody can miss.
 * `npm test` is the same run with the unit tests in it too (`--with-unit`). Other arguments go to
 * Vitest (e.g. a file name). Fails when any test fails.
 */
import { spawnSync } from 'node:child_process';
import { createConnection } from 'node:net';
import pg from 'pg';

const POSTGRES_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const { hostname, port, pathname } = new URL(POSTGRES_URL);
const database = decodeURIComponent(pathname.slice(1)) || 'postgres';
const withUnit = process.argv.includes('--with-unit');
const extraArgs = process.argv.slice(2).filter((a) => a !== '--with-unit');

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

/** Creates the test database when the server has none of that name; answers an error message or null. */
async function ensureDatabase() {
  const admin = new URL(POSTGRES_URL);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (!found.rowCount) {
      await client.query(`CREATE DATABASE "${database.replace(/"/g, '""')}"`);
      console.log(`Created the PostgreSQL database "${database}" for the tests.`);
    }
    return null;
  } catch (error) {
    return error.message;
  } finally {
    await client.end().catch(() => {});
  }
}

function boxed(lines) {
  const width = Math.max(...lines.map((l) => l.length));
  const bar = `+${'-'.repeat(width + 2)}+`;
  return [bar, ...lines.map((l) => `| ${l.padEnd(width)} |`), bar].join('\n');
}

const projects = [...(withUnit ? ['unit'] : []), 'server'];
let skipped = null;
if (!(await postgresAccepts())) {
  skipped = `no server on ${hostname}:${port || 5432}`;
} else {
  const problem = await ensureDatabase();
  if (problem) skipped = `cannot create or reach the database "${database}": ${problem}`;
  else projects.push('server-postgres');
}

console.log(
  `\n=== ${projects.join(', ')} tests (server tests on PGlite${skipped ? '' : ` and on PostgreSQL at ${hostname}:${port || 5432}`}) ===\n`,
);
const result = spawnSync('npx', ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), ...extraArgs], {
  stdio: 'inherit',
  // The `server` project runs on PGlite; `server-postgres` sets TEST_DATABASE_URL itself (vitest.config.ts).
  env: { ...process.env, TEST_DATABASE_URL: '', PISHKHAN_POSTGRES_URL: POSTGRES_URL },
});

if (skipped) {
  console.log(
    `\n${boxed([
      `PostgreSQL pass SKIPPED: ${skipped}`,
      'The server tests ran on PGlite only. Start PostgreSQL (or set',
      'TEST_DATABASE_URL) to run them against a real server too.',
    ])}\n`,
  );
}
process.exit(result.status ?? 1);
