/**
 * Starts the server: settings, database, migrations, the demo account on a fresh embedded
 * database, then listen. Expired account rows are purged hourly. Stops gracefully on SIGINT/SIGTERM (lifecycle.ts).
 *
 * With WORKERS=N (and DATABASE_URL) this process is the cluster's primary: it forks N server
 * processes that share the port (Node's cluster hands each new connection to the next), restarts
 * one that dies, and passes a stop on to all. Everything they share lives in PostgreSQL — sessions,
 * the brute-force counters, the panels' write locks, the migration lock — so any of them may
 * answer any request (docs/decisions/015-several-processes.md).
 */
import cluster from 'node:cluster';
import { buildApp } from './app.ts';
import { systemClock } from './clock.ts';
import { ConfigError, loadConfig } from './config.ts';
import { migrate } from './migrate.ts';
import { currentPlan } from './migrationPlan.ts';
import { openDatabase } from './db/open.ts';
import { HOUSEKEEPING_INTERVAL_MS, purgeExpired } from './auth/housekeeping.ts';
import { createSmsSender } from './auth/smsSenders.ts';
import { seedDemoAccount } from './seed.ts';
import { stopOnSignals } from './lifecycle.ts';
import { startReminders } from './notifications/reminders.ts';
import { moduleJobs } from './modules/serverModule.ts';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`pishkhan: cannot start: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  if (cluster.isPrimary && config.workers > 1) return runPrimary(config.workers);
  const db = await openDatabase(config);
  await migrate(db, await currentPlan());
  const demo = config.seedDemo ? await seedDemoAccount(db) : null;
  const app = await buildApp({ config, db, sms: createSmsSender(config) });

  const housekeeping = () =>
    purgeExpired(db, systemClock.now()).catch((error: unknown) => app.log.error({ err: error }, 'housekeeping failed'));
  // Each process of a cluster purges too: the deletes are idempotent and hourly.
  await housekeeping();
  const timer = setInterval(housekeeping, HOUSEKEEPING_INTERVAL_MS);
  timer.unref();

  // Reminders (decision 038): every process tries; one per cluster runs each time (an advisory lock).
  const reminders = config.remindersEveryMinutes
    ? startReminders(
        db,
        () => new Date(systemClock.now()),
        config.remindersEveryMinutes * 60_000,
        (error) => app.log.error({ err: error }, 'reminders failed'),
      )
    : null;

  // Modules' scheduled jobs (decision 044): every process ticks; each job's advisory lock lets one run.
  const jobs = moduleJobs().map((job) => {
    let running = false;
    const tick = () => {
      if (running) return;
      running = true;
      job
        .run({ db, config }, new Date(systemClock.now()))
        .catch((error: unknown) => app.log.error({ err: error }, `${job.name} failed`))
        .finally(() => (running = false));
    };
    const every = setInterval(tick, job.everyMs);
    every.unref();
    return every;
  });

  const before = () => {
    clearInterval(timer);
    for (const every of jobs) clearInterval(every);
    reminders?.stop();
  };
  stopOnSignals({ app, db, timeoutMs: config.shutdownTimeoutMs, before, clusterWorker: cluster.isWorker });
  const address = await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
  if (cluster.isWorker) console.log(`Pishkhan process ${cluster.worker?.id} (pid ${process.pid}) is running at ${address}`);
  else console.log(`\nPishkhan is running at ${address}  (database: ${where})`);
  if (demo) console.log(`Demo account: username "${demo.username}", password "${demo.password}", mobile ${demo.mobile}\n`);
}

/** The cluster's primary: N workers, each a whole server; one that dies is replaced (not faster than once a second). */
function runPrimary(workers: number): void {
  let stopping = false;
  const fork = () => cluster.fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    console.error(`pishkhan: process ${worker.id} (pid ${worker.process.pid}) ended (${signal ?? code}); starting another`);
    setTimeout(fork, 1000);
  });
  // The first stop is passed to every process, which stops gracefully; the primary exits when all
  // have, 0 when each did. A second stop kills them and exits at once.
  let failed = false;
  const stop = (signal: NodeJS.Signals) => {
    const workers = Object.values(cluster.workers ?? {});
    if (stopping) {
      for (const worker of workers) worker?.process.kill('SIGKILL');
      process.exit(signal === 'SIGINT' ? 130 : 143);
    }
    stopping = true;
    for (const worker of workers) worker?.process.kill('SIGTERM');
    let waiting = workers.length;
    if (!waiting) process.exit(0);
    cluster.on('exit', (_worker, code) => {
      if (code !== 0) failed = true;
      if (--waiting === 0) process.exit(failed ? 1 : 0);
    });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  console.log(`Pishkhan: starting ${workers} server processes on one port`);
  for (let i = 0; i < workers; i++) fork();
}

await main();
