/**
 * Health probes, Prometheus metrics and request ids (server/observability.ts): readiness follows
 * the database and its migrations, /metrics counts requests by route pattern and syncs by size,
 * is read from this machine or with METRICS_TOKEN only, and neither the metrics nor the log lines
 * hold a token, a mobile number, a username or a body.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '../../src/contract/entities/panelManagement.ts';
import { endpoints } from '../../src/contract/endpoints.ts';
import { syncEndpoints } from '../../src/contract/sync.ts';
import { startTestServer, strongPassword, type TestAccount, type TestServer } from './harness.ts';
import { openPanel, type PanelCaller } from './panelsFixture.ts';
import { allowServerErrors } from './serverErrors.ts';
import { syncClient } from './syncFixture.ts';

const METRICS_TOKEN = 'metrics-token-for-the-test-0123456789abcdef';
const logLines: string[] = [];

let server: TestServer;
let owner: TestAccount;
let panel: PanelCaller;

beforeAll(async () => {
  server = await startTestServer({
    config: { metricsToken: METRICS_TOKEN },
    logger: { level: 'info', stream: { write: (line: string) => logLines.push(line) } },
  });
  owner = await server.createAccount();
  panel = await openPanel(server, owner);
});
afterAll(() => server.close());

const get = (url: string, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  server.app.inject({ method: 'GET', url, headers, remoteAddress });

describe('health', () => {
  it('live answers 200 without a session', async () => {
    const answer = await get('/health/live');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ isSuccess: true, data: { status: 'live' } });
  });

  it('ready answers 200 on a migrated database and 503 when a migration is missing', async () => {
    allowServerErrors();
    expect((await get('/health/ready')).statusCode).toBe(200);
    const [last] = await server.db.query<{ id: string }>('SELECT id FROM applied_migrations ORDER BY applied_at DESC, id DESC LIMIT 1');
    await server.db.query('DELETE FROM applied_migrations WHERE id = $1', [last!.id]);
    try {
      const answer = await get('/health/ready');
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toMatchObject({ isSuccess: false, errorData: { code: 9301 } });
    } finally {
      await server.db.query('INSERT INTO applied_migrations (id) VALUES ($1)', [last!.id]);
    }
    expect((await get('/health/ready')).statusCode).toBe(200);
  });
});

describe('request ids', () => {
  it('answers with a new id, or the sane one the caller sent, and logs it', async () => {
    const fresh = await get('/health/live');
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const given = await get('/health/live', { 'x-request-id': 'proxy-abc.123' });
    expect(given.headers['x-request-id']).toBe('proxy-abc.123');
    expect(logLines.some((line) => JSON.parse(line).reqId === 'proxy-abc.123')).toBe(true);
    const insane = await get('/health/live', { 'x-request-id': 'a b\u0000<script>' });
    expect(insane.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect((await get(`/health/live`, { 'x-request-id': 'x'.repeat(300) })).headers['x-request-id']).toHaveLength(36);
  });
});

describe('metrics', () => {
  it('count requests by route pattern, and sync pushes and pulls by size', async () => {
    const client = syncClient(panel);
    const id = randomUUID();
    expect((await client.push([{ mutationId: 1, entity: Role.key, op: 'create', id, values: { name: 'حسابدار' } }])).status).toBe(200);
    expect((await client.pull(0)).status).toBe(200);
    await panel.call({ method: 'GET', path: `/api/PanelManagement/Role/${id}` });

    const answer = await get('/metrics', { authorization: `Bearer ${METRICS_TOKEN}` });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain/);
    const text = answer.body;
    expect(text).toMatch(/pishkhan_http_request_duration_seconds_count\{method="POST",route="\/api\/Sync\/Push",status_code="200"\} 1/);
    expect(text).toMatch(
      /pishkhan_http_request_duration_seconds_count\{method="GET",route="\/api\/PanelManagement\/Role\/:id",status_code="200"\} 1/,
    );
    expect(text).toMatch(/pishkhan_sync_push_mutations_count 1/);
    expect(text).toMatch(/pishkhan_sync_push_mutations_sum 1/);
    expect(text).toMatch(/pishkhan_sync_pull_changes_count 1/);
    expect(text).toMatch(/pishkhan_sync_pull_seconds_bucket/);
    expect(text).toMatch(/pishkhan_nodejs_eventloop_lag_seconds/);
    expect(text).toMatch(/pishkhan_process_resident_memory_bytes/);
    if (server.engine === 'postgres') expect(text).toMatch(/pishkhan_db_pool_connections \d+/);
    // Route patterns only: no row id, no person, no token.
    expect(text).not.toContain(id);
    expect(text).not.toContain(owner.username);
  });

  it('are read with METRICS_TOKEN when it is set, even from this machine; without one, from this machine only', async () => {
    expect((await get('/metrics')).statusCode).toBe(403);
    expect((await get('/metrics', {}, '10.1.2.3')).statusCode).toBe(403);
    expect((await get('/metrics', { authorization: 'Bearer wrong' }, '10.1.2.3')).statusCode).toBe(403);
    // X-Forwarded-For is not believed: the socket's address counts.
    expect((await get('/metrics', { 'x-forwarded-for': '127.0.0.1' }, '10.1.2.3')).statusCode).toBe(403);
    expect((await get('/metrics', { authorization: `Bearer ${METRICS_TOKEN}` }, '10.1.2.3')).statusCode).toBe(200);

    const open = await startTestServer({ db: server.db });
    try {
      expect((await open.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
      expect((await open.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '::1' })).statusCode).toBe(200);
      expect((await open.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '192.168.1.5' })).statusCode).toBe(403);
    } finally {
      await open.app.close();
    }
  });
});

describe('log lines', () => {
  it('hold no token, mobile number, password, username or body', async () => {
    await server.call(endpoints.login, {
      body: { username: owner.username, password: strongPassword, serviceName: server.config.serviceName },
    });
    await server.call(endpoints.getCurrentUser, { token: owner.tokens.access_token, query: { secret: 'in-the-query' } });
    await server.call(syncEndpoints.pull, { token: owner.tokens.access_token, query: { cursor: '0' } });
    const log = logLines.join('\n');
    expect(log).toContain('"url":"/api/');
    for (const secret of [
      owner.tokens.access_token,
      owner.tokens.refresh_token,
      owner.mobile!,
      strongPassword,
      owner.username,
      'in-the-query',
    ]) {
      expect(log).not.toContain(secret);
    }
    expect(log).not.toContain('remoteAddress');
  });
});
