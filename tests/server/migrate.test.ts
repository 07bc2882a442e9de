import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, readMigrations } from '../../server/db/migrate.ts';
import { startTestServer, type TestServer } from './harness.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('migrations', () => {
  it('are numbered files applied in order and recorded', async () => {
    const files = await readMigrations();
    expect(files[0]).toMatchObject({ version: 1, name: 'accounts' });
    const recorded = await server.db.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
    expect(recorded.map((r) => r.version)).toEqual(files.map((f) => f.version));
  });

  it('apply nothing a second time', async () => {
    expect(await migrate(server.db)).toEqual([]);
  });

  it('can run from two starting servers at once without racing', async () => {
    const results = await Promise.all([migrate(server.db), migrate(server.db)]);
    expect(results).toEqual([[], []]);
  });
});
