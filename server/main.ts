/**
 * Starts the server: settings, database, migrations, the demo account on a fresh embedded
 * database, then listen. Expired account rows are purged hourly. Stops cleanly on SIGINT/SIGTERM.
 */
import { buildApp } from './app.ts';
import { systemClock } from './clock.ts';
import { ConfigError, loadConfig } from './config.ts';
import { migrate } from './db/migrate.ts';
import { currentPlan } from './db/migrationPlan.ts';
import { openDatabase } from './db/open.ts';
import { HOUSEKEEPING_INTERVAL_MS, purgeExpired } from './auth/housekeeping.ts';
import { createSmsSender } from './auth/smsSenders.ts';
import { seedDemoAccount } from './seed.ts';

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
  const db = await openDatabase(config);
  await migrate(db, await currentPlan());
  const demo = config.seedDemo ? await seedDemoAccount(db) : null;
  const app = await buildApp({ config, db, sms: createSmsSender(config) });

  const housekeeping = () =>
    purgeExpired(db, systemClock.now()).catch((error: unknown) => app.log.error({ err: error }, 'housekeeping failed'));
  await housekeeping();
  const timer = setInterval(housekeeping, HOUSEKEEPING_INTERVAL_MS);
  timer.unref();

  const stop = async () => {
    clearInterval(timer);
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  const address = await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
  console.log(`\nPishkhan is running at ${address}  (database: ${where})`);
  if (demo) console.log(`Demo account: username "${demo.username}", password "${demo.password}", mobile ${demo.mobile}\n`);
}

await main();
