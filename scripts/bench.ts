/**
 * Runs the benches that scripts/findBenches.ts finds, one after another, and says how long each
 * took and whether it finished.
 *
 *   npm run bench                          # lists the benches
 *   npm run bench -- list                  # one bench (any further arguments are its own)
 *   npm run bench -- WarehousingMVM        # a module's benches; `all` for every one
 *   npm run bench:smoke                    # every bench in smoke mode: what CI runs
 *   npm run bench -- --smoke sync          # one in smoke mode
 *   ... --dist dist                        # measure an existing build instead of building one
 *
 * When more than one selected bench measures the PWA, it is built once and each is given it
 * (`BENCH_DIST`); when several run, one PGlite database is initialised first and each server
 * starts from a copy of it (`BENCH_PGLITE_TEMPLATE`, bench/serverProcess.ts). A bench fails when
 * it exits with an error (it threw); in smoke mode also when it runs longer than BENCH_TIMEOUT
 * seconds (600), so a hung page fails CI instead of stalling it. Exits 1 when any bench failed.
 *
 * A smoke run runs as many benches at a time as the machine has cores (BENCH_JOBS overrides it):
 * its figures are not judged, and a bench mostly waits on a browser or a server, so one at a time
 * left half the machine idle (decision 060). Each bench's output is then printed whole when it
 * ends. A measuring run stays one bench at a time: two would measure each other.
 */
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { appBuild } from '../bench/appBuild.ts';
import { givenBuild, smoke } from '../bench/benchArgs.ts';
import { pgliteDataDir, postgresAnswers, POSTGRES_URL, startServer, stop } from '../bench/serverProcess.ts';
import { findBenches, selectBenches, type Bench } from './findBenches.ts';

const root = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const dist = givenBuild();
// What is left is the bench's name and its own arguments (`--no-list`, `--runs 9`, `500 42`).
const distAt = args.indexOf('--dist');
const rest = args.filter((arg, i) => arg !== '--smoke' && (distAt < 0 || (i !== distAt && i !== distAt + 1)));
const timeoutSeconds = Number(process.env.BENCH_TIMEOUT ?? 600);
const jobs = smoke ? Math.max(1, Number(process.env.BENCH_JOBS) || availableParallelism()) : 1;

const benches = findBenches(root);
const label = (b: Bench) => (b.module ? `${b.module}/${b.name}` : b.name);

if (!rest.length && !smoke) {
  console.log('benches found (npm run bench -- <name> [its arguments]; --smoke for a smoke run):');
  for (const b of benches) console.log(`  ${label(b).padEnd(32)} ${b.file}`);
  process.exit(0);
}

const [name = 'all', ...benchArgs] = rest;
const selected = selectBenches(benches, name);
if (!selected.length) {
  console.error(`no bench called ${name}; found: ${benches.map(label).join(', ')}`);
  process.exit(1);
}

function line(text: string): void {
  console.log(`\n\x1b[1m${text}\x1b[0m`);
}

/**
 * Runs one bench in a process group of its own (so a timeout stops its servers and browsers too);
 * answers how it ended. With `heading`, its output is kept and printed whole under it at the end
 * (benches running side by side), else it goes straight to ours.
 */
function run(bench: Bench, env: NodeJS.ProcessEnv, heading?: string): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', bench.file, ...benchArgs], {
    cwd: root,
    env,
    stdio: heading ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    detached: true,
  });
  const kept: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => kept.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => kept.push(chunk));
  const stopGroup = () => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  running.add(stopGroup);
  let timedOut = false;
  const timer = smoke
    ? setTimeout(() => {
        timedOut = true;
        console.error(`\n${label(bench)}: still running after ${timeoutSeconds} s — stopped`);
        stopGroup();
      }, timeoutSeconds * 1000)
    : undefined;
  return new Promise((done) =>
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      running.delete(stopGroup);
      // What the bench left running (a server, a browser) goes with it, so its output ends too.
      stopGroup();
      const ended = timedOut
        ? `FAILED (stopped after ${timeoutSeconds} s)`
        : code === 0
          ? 'ok'
          : `FAILED (${code === null ? signal : `exit ${code}`})`;
      if (!heading) return done(ended);
      const print = () => {
        line(heading);
        process.stdout.write(Buffer.concat(kept));
        done(ended);
      };
      if (child.stdout?.readableEnded && child.stderr?.readableEnded) print();
      else child.once('close', print);
    }),
  );
}

/** The benches running now, each as the way to stop its process group. */
const running = new Set<() => void>();
const interrupted = () => {
  for (const stopGroup of running) stopGroup();
  removeShared();
  process.exit(130);
};
process.once('SIGINT', interrupted);
process.once('SIGTERM', interrupted);

const startedAll = performance.now();
const postgres = await postgresAnswers(POSTGRES_URL);
const postgresNote = postgres
  ? `PostgreSQL answers at ${POSTGRES_URL}: the benches that compare engines measure both`
  : `*** NO PostgreSQL at ${POSTGRES_URL}: the benches that compare engines measure PGlite only, bench:scale is skipped ***`;
line(`${selected.length} bench${selected.length === 1 ? '' : 'es'}${smoke ? ' in smoke mode' : ''}; ${postgresNote}`);

const env: NodeJS.ProcessEnv = { ...process.env, ...(smoke ? { BENCH_SMOKE: '1' } : {}) };
let build: ReturnType<typeof appBuild> | undefined;
let template: ReturnType<typeof pgliteDataDir> | undefined;
/** What the benches of this run shared: the build and the initialised database. */
function removeShared(): void {
  build?.cleanup();
  template?.remove();
}

const results: { bench: Bench; seconds: number; ended: string }[] = [];
try {
  if (dist) env.BENCH_DIST = resolve(dist);
  else if (selected.filter((b) => b.needsBuild).length > 1) {
    build = appBuild('benches');
    env.BENCH_DIST = build.dir;
  }
  if (selected.length > 1) {
    console.log('initialising one PGlite database for the benches’ servers to start from …');
    template = pgliteDataDir();
    await stop(await startServer({ DATA_DIR: template.dir }));
    env.BENCH_PGLITE_TEMPLATE = template.dir;
  }
  if (jobs > 1) line(`${Math.min(jobs, selected.length)} benches at a time; each one's output is printed when it ends`);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < selected.length; i = next++) {
      const bench = selected[i]!;
      const heading = `== ${i + 1}/${selected.length}: ${label(bench)} (${bench.file}${smoke ? ', smoke' : ''}) ==`;
      if (jobs === 1) line(heading);
      const started = performance.now();
      const ended = await run(bench, env, jobs > 1 ? heading : undefined);
      results.push({ bench, seconds: (performance.now() - started) / 1000, ended });
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, selected.length) }, worker));
  results.sort((a, b) => selected.indexOf(a.bench) - selected.indexOf(b.bench));
} finally {
  removeShared();
}

const failed = results.filter((r) => r.ended !== 'ok');
line(`benches${smoke ? ' in smoke mode' : ''}: ${results.length - failed.length} finished, ${failed.length} failed`);
for (const { bench, seconds, ended } of results) console.log(`  ${label(bench).padEnd(32)} ${seconds.toFixed(0).padStart(5)} s  ${ended}`);
console.log(`  ${'total (with what they share)'.padEnd(32)} ${((performance.now() - startedAll) / 1000).toFixed(0).padStart(5)} s`);
if (!postgres) console.log(`\n${postgresNote}`);
process.exit(failed.length ? 1 : 0);
