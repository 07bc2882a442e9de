/**
 * What `migrate` brings a database to: the platform's migrations, every entity's table (the
 * platform's and each discovered module's), and each module's own migrations.
 */
import { entities } from '../src/contract/modules.ts';
import { found } from './modules/discover.ts';
import { platformAfterMigrations, platformMigrations, readMigrations, type MigrationPlan } from './migrate.ts';

export async function currentPlan(): Promise<MigrationPlan> {
  const modules = await Promise.all(found.map((m) => (m.server?.migrations ? readMigrations(m.server.migrations, m.declaration.key) : [])));
  const after = [...(await platformAfterMigrations()), ...modules.flat().sort((a, b) => a.id.localeCompare(b.id))];
  return { platform: await platformMigrations(), after, entities: entities() };
}
