import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '../../src/contract/entities/panelManagement.ts';
import { PANEL_HEADER } from '../../src/contract/service.ts';
import { preferredEncoding } from '../../server/compressAnswers.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { createRow, openPanel, rest, type PanelCaller } from './panelsFixture.ts';

let server: TestServer;
let panel: PanelCaller;

beforeAll(async () => {
  server = await startTestServer();
  panel = await openPanel(server, await server.createAccount());
  for (let i = 0; i < 12; i++) await createRow(panel, Role, { name: `نقش شماره ${i} در انبار مرکزی` });
});
afterAll(() => server.close());

/** Lists the panel's roles as a browser would, with its own Accept-Encoding. */
const listRoles = (acceptEncoding?: string) =>
  server.app.inject({
    method: 'GET',
    url: rest.list(Role).path,
    query: { pageSize: '100' },
    headers: {
      authorization: `Bearer ${panel.account.tokens.access_token}`,
      [PANEL_HEADER]: panel.code,
      ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
    },
  });

describe('compressed API answers', () => {
  it('compress a large answer with brotli when accepted; it decodes to the same JSON, still no-store', async () => {
    const plain = await listRoles();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.rawPayload.length).toBeGreaterThan(2048);

    const br = await listRoles('gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(br.headers['cache-control']).toBe('no-store');
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
  });

  it('compress with gzip for a client that takes only gzip', async () => {
    const plain = await listRoles();
    const gz = await listRoles('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('leave a tiny answer as it is', async () => {
    const answer = await server.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.rawPayload.length).toBeLessThan(1024);
    expect(answer.json()).toBeTruthy();
  });
});

describe('the preferred encoding', () => {
  it('is brotli over gzip unless q-values say otherwise, and nothing when neither is accepted', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0.5, gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('*, br;q=0')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
    expect(preferredEncoding('')).toBeNull();
  });
});
