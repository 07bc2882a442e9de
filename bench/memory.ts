/**
 * Where the server's memory goes, on the embedded database (PGlite): the resident set of a real
 * server process (`server/main.ts` as `npm start` runs it) at each phase of a day — the first
 * start (initdb), a later start, after GetCurrectUser under 50 connections, after twenty
 * sign-ins (each an argon2id hash of 19 MiB on libuv's threads), and after 5 s idle — with the
 * malloc and heap settings `npm start` uses (scripts/serverEnv.mjs) and without them, side by side.
 *
 *   npm run bench:memory               # 8 s of load per run
 *   BENCH_SECONDS=20 npm run bench:memory
 *   npm run bench:memory -- --smoke    # 1 s of load, 2 sign-ins, 0.5 s idle
 */
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { endpoints } from '../src/contract/endpoints.ts';
import type { LoginData } from '../src/contract/envelope.ts';
import { sized, verdict } from './benchArgs.ts';
import { call, machine, startServer, stop } from './serverProcess.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? sized(8, 1));
const SIGN_INS = sized(20, 2);
const IDLE_MS = sized(5000, 500);
const PASSWORD = 'Bench-Passphrase-1404';
const autocannon = createRequire(import.meta.url)('autocannon') as (
  options: object,
) => Promise<{ requests: { average: number }; latency: { p99: number } }>;

/** Resident and peak resident set of a process, in MB. */
function memory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

type Phases = [phase: string, rss: number][];

async function day(template: string, untuned: boolean): Promise<{ phases: Phases; peak: number; load: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pishkhan-memory-'));
  cpSync(template, dataDir, { recursive: true });
  const server = await startServer({ DATA_DIR: dataDir }, { untuned });
  const pid = server.child.pid!;
  const phases: Phases = [['started', memory(pid).rss]];
  try {
    const username = `mem${Date.now().toString(36)}`;
    const signedUp = await call<LoginData>(server.url, endpoints.signUp, { username, password: PASSWORD, serviceName: 'pishkhan' });
    await call(
      server.url,
      endpoints.registrationProfile,
      { firstName: 'بنچ', lastName: 'مارک', publicUserName: 'null' },
      signedUp.access_token,
    );
    const load = await autocannon({
      url: `${server.url}${endpoints.getCurrentUser.path}`,
      headers: { authorization: `Bearer ${signedUp.access_token}` },
      connections: 50,
      duration: SECONDS,
    });
    phases.push([`after ${SECONDS} s of GetCurrectUser`, memory(pid).rss]);
    for (let i = 0; i < SIGN_INS; i++)
      await call<LoginData>(server.url, endpoints.login, { username, password: PASSWORD, serviceName: 'pishkhan' });
    phases.push([`after ${SIGN_INS} sign-ins`, memory(pid).rss]);
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    phases.push([`${IDLE_MS / 1000} s idle`, memory(pid).rss]);
    return { phases, peak: memory(pid).peak, load: `${Math.round(load.requests.average)} req/s, p99 ${load.latency.p99} ms` };
  } finally {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const before = machine();
  const template = mkdtempSync(join(tmpdir(), 'pishkhan-memory-first-'));
  const first = await startServer({ DATA_DIR: template });
  const firstStart = memory(first.child.pid!);
  await stop(first);
  try {
    const tuned = await day(template, false);
    const plain = await day(template, true);
    console.log(`\nserver on PGlite, resident set (MB); machine before: ${before}; after: ${machine()}\n`);
    console.log(`first start (initdb): ${firstStart.rss.toFixed(0)} now, peak ${firstStart.peak.toFixed(0)}\n`);
    console.log(['phase'.padEnd(32), 'as npm start'.padStart(13), 'untuned'.padStart(13)].join(' '));
    tuned.phases.forEach(([phase, rss], i) =>
      console.log([phase.padEnd(32), rss.toFixed(0).padStart(13), plain.phases[i]![1].toFixed(0).padStart(13)].join(' ')),
    );
    console.log(['peak'.padEnd(32), tuned.peak.toFixed(0).padStart(13), plain.peak.toFixed(0).padStart(13)].join(' '));
    console.log(['GetCurrectUser under load'.padEnd(32), tuned.load, '|', plain.load].join(' '));
    const steady = tuned.phases.at(-1)![1];
    console.log(`\ntarget: steady RSS on PGlite < 300 MB: ${steady.toFixed(0)} MB ${verdict(steady < 300)}`);
  } finally {
    rmSync(template, { recursive: true, force: true });
  }
}

await main();
