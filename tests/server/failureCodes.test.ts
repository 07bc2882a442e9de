/**
 * Issue 33, item 6: the catalogue's failure codes the server had never sent. An unforeseen failure
 * is answered by where it happened (server/failureAnswer.ts, decision 025): the database's own
 * SQLSTATE, raised by the real engine, or the operation of the route that failed.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../src/contract/codes.ts';
import { endpoints } from '../../src/contract/endpoints.ts';
import { Role } from '../../src/contract/entities/panelManagement.ts';
import type { Row } from '../../src/contract/entity.ts';
import { sampleRegistration, startTestServer, type TestServer } from './harness.ts';
import { createRow, openPanel, rest, type PanelCaller } from './panelsFixture.ts';
import { allowServerErrors } from './serverErrors.ts';
import { syncClient } from './syncFixture.ts';

// Every test here makes the server fail on purpose: its 5xx answers are what is tested.
beforeEach(() => {
  allowServerErrors();
});

const logged: string[] = [];
let server: TestServer;
let panel: PanelCaller;

/** A route that has the database raise the error class asked for, by any method. */
const raising = (state: string, method = 'GET') => ({ method, path: `/api/test/raise/${state}` });

beforeAll(async () => {
  server = await startTestServer({
    logger: { level: 'error', stream: { write: (line: string) => logged.push(line) } },
    register(app) {
      for (const method of ['GET', 'POST', 'PUT', 'DELETE'] as const) {
        app.route({
          method,
          url: '/api/test/raise/:state',
          handler: async (request) => {
            const { state } = request.params as { state: string };
            if (!/^[0-9A-Z]{5}$/.test(state)) throw new Error('not a SQLSTATE');
            return request.server.deps.db.query(`DO $$ BEGIN RAISE EXCEPTION 'raised on purpose' USING ERRCODE = '${state}'; END $$`);
          },
        });
      }
      app.get('/api/test/unreachable', async () => {
        // Nothing listens on the discard port: a real refused connection, as when PostgreSQL is down.
        const client = new pg.Client({ host: '127.0.0.1', port: 9, connectionTimeoutMillis: 2000 });
        await client.connect();
      });
    },
  });
  panel = await openPanel(server, await server.createAccount());
  await server.db.query(`CREATE FUNCTION explode_roles() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' AND NEW.name = 'explode' THEN RAISE EXCEPTION 'exploded'; END IF;
      IF TG_OP <> 'INSERT' AND OLD.description = 'fragile' THEN RAISE EXCEPTION 'exploded'; END IF;
      IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
      RETURN NEW;
    END $$`);
  await server.db.query(
    `CREATE TRIGGER explode_roles BEFORE INSERT OR UPDATE OR DELETE ON ${Role.table} FOR EACH ROW EXECUTE FUNCTION explode_roles()`,
  );
});
afterAll(() => server.close());

async function expectAnswer(endpoint: { method: string; path: string }, status: number, code: number) {
  const answer = await server.call(endpoint, { body: endpoint.method === 'GET' || endpoint.method === 'DELETE' ? undefined : {} });
  expect({ path: `${endpoint.method} ${endpoint.path}`, status: answer.status, code: answer.body.errorData?.code }).toEqual({
    path: `${endpoint.method} ${endpoint.path}`,
    status,
    code,
  });
  expect(JSON.stringify(answer.body)).not.toMatch(/raised on purpose|exploded|SQLSTATE|stack/);
  return answer;
}

describe('a database that cannot serve', () => {
  it('answers 9301 (database error, 503) when the database cannot be reached or has stopped', async () => {
    for (const state of ['08006', '08001', '57P01', '57P03', '53300']) await expectAnswer(raising(state), 503, Code.DatabaseError);
    await expectAnswer({ method: 'GET', path: '/api/test/unreachable' }, 503, Code.DatabaseError);
  });

  it('answers 9302 (transaction failed, 503) when the database rolled the transaction back', async () => {
    for (const state of ['40001', '40P01', '40000']) await expectAnswer(raising(state, 'POST'), 503, Code.TransactionFailed);
  });

  it('answers 9300 (save problem) when it has no room to write while saving, and 9301 on a read', async () => {
    await expectAnswer(raising('53100', 'POST'), 503, Code.SaveProblem);
    await expectAnswer(raising('58030', 'PUT'), 503, Code.SaveProblem);
    await expectAnswer(raising('53100', 'GET'), 503, Code.DatabaseError);
  });

  it('answers 9404 (contact support, 500) when the database is not what the server expects', async () => {
    for (const state of ['42P01', '42703', 'XX001']) await expectAnswer(raising(state), 500, Code.ContactSupport);
  });

  it('answers 9404 through a real call when a table it needs has gone', async () => {
    const account = await server.createAccount();
    await server.db.query('ALTER TABLE users RENAME TO users_gone');
    try {
      const answer = await server.call({ method: 'GET', path: '/api/Profile/GetCurrectUser' }, { token: account.tokens.access_token });
      expect([answer.status, answer.body.errorData?.code]).toEqual([500, Code.ContactSupport]);
    } finally {
      await server.db.query('ALTER TABLE users_gone RENAME TO users');
    }
  });

  it('logs what failed', () => {
    expect(logged.join('\n')).toContain('raised on purpose');
  });
});

describe('an operation that fails for any other reason', () => {
  it('is answered by the operation of the route: 9102 retrieving, 9103 updating, 9104 deleting, 9402 otherwise', async () => {
    await expectAnswer(raising('P0001', 'GET'), 500, Code.RetrieveFailed);
    await expectAnswer(raising('P0001', 'PUT'), 500, Code.UpdateFailed);
    await expectAnswer(raising('P0001', 'DELETE'), 500, Code.DeleteFailed);
    await expectAnswer(raising('P0001', 'POST'), 500, Code.ProcessingProblem);
  });

  it('creating a row that breaks is 9100, updating it 9103, deleting it 9104', async () => {
    const create = await panel.call(rest.create(Role), { body: { id: randomUUID(), name: 'explode', permissions: [] } });
    expect([create.status, create.body.errorData?.code]).toEqual([500, Code.CreateFailed]);
    const fragile = await createRow(panel, Role, { name: 'Fragile', description: 'fragile', permissions: [] });
    const update = await panel.call(rest.update(Role, fragile.id), { body: { version: fragile.version, name: 'Still fragile' } });
    expect([update.status, update.body.errorData?.code]).toEqual([500, Code.UpdateFailed]);
    const remove = await panel.call(rest.remove(Role, fragile.id), { query: { version: String(fragile.version) } });
    expect([remove.status, remove.body.errorData?.code]).toEqual([500, Code.DeleteFailed]);
    const read = await panel.call<Row>(rest.get(Role, fragile.id));
    expect(read.body.data).toMatchObject({ name: 'Fragile', version: fragile.version, deleted: false });
  });

  it('a pushed mutation that breaks is rejected with its operation’s code; one the database could not take is not rejected but sent again', async () => {
    const client = syncClient(panel);
    const id = randomUUID();
    const broken = await client.push([{ mutationId: 1, entity: Role.key, op: 'create', id, values: { name: 'explode', permissions: [] } }]);
    expect(broken.body.data!.results.map((r) => [r.status, r.code])).toEqual([['rejected', Code.CreateFailed]]);
    await server.db.query(`CREATE FUNCTION busy_roles() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.name = 'busy' THEN RAISE EXCEPTION 'raised on purpose' USING ERRCODE = '40001'; END IF; RETURN NEW; END $$`);
    await server.db.query(`CREATE TRIGGER busy_roles BEFORE INSERT ON ${Role.table} FOR EACH ROW EXECUTE FUNCTION busy_roles()`);
    const busy = await client.push([
      { mutationId: 2, entity: Role.key, op: 'create', id: randomUUID(), values: { name: 'busy', permissions: [] } },
    ]);
    expect([busy.status, busy.body.errorData?.code]).toEqual([503, Code.TransactionFailed]);
    await server.db.query(`DROP TRIGGER busy_roles ON ${Role.table}`);
    const again = await client.push([
      { mutationId: 2, entity: Role.key, op: 'create', id: randomUUID(), values: { name: 'busy', permissions: [] } },
    ]);
    expect(again.body.data!.results.map((r) => [r.status, r.code])).toEqual([['applied', Code.Created]]);
  });

  it('saving the registration profile that breaks is 9105 (saving failed)', async () => {
    const account = await server.createAccount({ profile: false });
    await server.db.query(`CREATE FUNCTION explode_users() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.first_name = 'explode' THEN RAISE EXCEPTION 'exploded'; END IF; RETURN NEW; END $$`);
    await server.db.query('CREATE TRIGGER explode_users BEFORE UPDATE ON users FOR EACH ROW EXECUTE FUNCTION explode_users()');
    try {
      const answer = await server.call(endpoints.registrationProfile, {
        token: account.tokens.access_token,
        body: { ...sampleRegistration(), firstName: 'explode' },
      });
      expect([answer.status, answer.body.errorData?.code]).toEqual([500, Code.SaveFailed]);
    } finally {
      await server.db.query('DROP TRIGGER explode_users ON users');
    }
  });
});
