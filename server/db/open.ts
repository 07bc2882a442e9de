import type { Config } from '../config.ts';
import type { Db } from './Db.ts';

/**
 * The database the configuration names: PostgreSQL with DATABASE_URL, else PGlite in DATA_DIR.
 * Each engine's driver is loaded only when it is the one used (PGlite's alone is tens of MB).
 */
export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Db> {
  if (config.databaseUrl) return (await import('./postgres.ts')).openPostgres(config.databaseUrl);
  return (await import('./pglite.ts')).openPglite(`${config.dataDir}/pglite`);
}
