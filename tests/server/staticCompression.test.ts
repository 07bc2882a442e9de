import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressFolder } from '../../build/compressAssets.ts';
import { startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
let distDir: string;

const script = Array.from({ length: 400 }, (_, i) => `export const label${i} = "پیشخوان ${i}";`).join('\n');
const page = `<!doctype html><html lang="fa"><head><title>Pishkhan</title>${'<link rel="modulepreload" href="/assets/chunk.js">'.repeat(40)}</head></html>`;
const files: Record<string, string> = {
  'index.html': page,
  'assets/index-Bx7f3kQ2.js': script,
  'assets/tiny-A1b2C3d4.js': 'console.log(1)',
  'sw.js': `self.__WB_MANIFEST = ${JSON.stringify(Array.from({ length: 60 }, (_, i) => ({ url: `/assets/c${i}.js`, revision: null })))};`,
};
const BROWSER = 'gzip, deflate, br, zstd';

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'pishkhan-dist-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(distDir, path)), { recursive: true });
    writeFileSync(join(distDir, path), content);
  }
  await compressFolder(distDir);
  server = await startTestServer({ config: { distDir } });
});
afterAll(async () => {
  await server.close();
  rmSync(distDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  server.app.inject({ method, url, headers });

function decoded(answer: { rawPayload: Buffer; headers: Record<string, unknown> }): string {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.rawPayload).toString();
  if (encoding === 'gzip') return gunzipSync(answer.rawPayload).toString();
  return answer.rawPayload.toString();
}

describe('compressed static files', () => {
  it('the build writes brotli and gzip copies of text files, not of tiny ones', () => {
    const size = (path: string) => statSync(join(distDir, path)).size;
    expect(size('assets/index-Bx7f3kQ2.js.br')).toBeLessThan(size('assets/index-Bx7f3kQ2.js.gz'));
    expect(size('assets/index-Bx7f3kQ2.js.gz')).toBeLessThan(size('assets/index-Bx7f3kQ2.js'));
    expect(() => statSync(join(distDir, 'assets/tiny-A1b2C3d4.js.br'))).toThrow();
  });

  it('sends brotli to a browser that accepts it, smaller, with the same type and caching', async () => {
    const answer = await get('/assets/index-Bx7f3kQ2.js', { 'accept-encoding': BROWSER });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/javascript/);
    expect(answer.headers['content-type']).toBe((await get('/assets/index-Bx7f3kQ2.js')).headers['content-type']);
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(answer.headers['content-length'])).toBe(answer.rawPayload.length);
    expect(answer.rawPayload.length).toBeLessThan(script.length / 4);
    expect(decoded(answer)).toBe(script);
  });

  it('sends gzip to a client that accepts only gzip, and brotli only when it is not refused', async () => {
    const gzipOnly = await get('/assets/index-Bx7f3kQ2.js', { 'accept-encoding': 'gzip' });
    expect(gzipOnly.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzipOnly)).toBe(script);
    const refused = await get('/assets/index-Bx7f3kQ2.js', { 'accept-encoding': 'br;q=0, gzip' });
    expect(refused.headers['content-encoding']).toBe('gzip');
  });

  it('sends the file as it is to a client that asks for no encoding, still saying it varies', async () => {
    const answer = await get('/assets/index-Bx7f3kQ2.js');
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(answer.body).toBe(script);
    expect((await get('/assets/index-Bx7f3kQ2.js', { 'accept-encoding': 'identity' })).headers['content-encoding']).toBeUndefined();
  });

  it('compresses index.html for client routes and the service worker, which stay uncached without asking', async () => {
    for (const url of ['/auth/Login', '/', '/index.html']) {
      const answer = await get(url, { 'accept-encoding': BROWSER });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.headers['content-type']).toContain('text/html');
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(decoded(answer)).toBe(page);
    }
    const sw = await get('/sw.js', { 'accept-encoding': BROWSER });
    expect(sw.headers['content-encoding']).toBe('br');
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(decoded(sw)).toBe(files['sw.js']);
  });

  it('gives each encoding its own ETag, and answers 304 only to the ETag of the encoding it would send', async () => {
    const tags = await Promise.all(
      ['br', 'gzip', 'identity'].map(async (e) => (await get('/assets/index-Bx7f3kQ2.js', { 'accept-encoding': e })).headers.etag),
    );
    expect(new Set(tags).size).toBe(3);
    const [brTag, gzipTag, identityTag] = tags as string[];
    const revalidated = await get('/assets/index-Bx7f3kQ2.js', { 'accept-encoding': BROWSER, 'if-none-match': brTag! });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
    expect((await get('/assets/index-Bx7f3kQ2.js', { 'accept-encoding': 'gzip', 'if-none-match': gzipTag! })).statusCode).toBe(304);
    expect((await get('/assets/index-Bx7f3kQ2.js', { 'if-none-match': identityTag! })).statusCode).toBe(304);
    const otherEncoding = await get('/assets/index-Bx7f3kQ2.js', { 'accept-encoding': 'gzip', 'if-none-match': brTag! });
    expect(otherEncoding.statusCode).toBe(200);
    expect(decoded(otherEncoding)).toBe(script);
  });

  it('answers HEAD with the headers GET would send and no body', async () => {
    const get200 = await get('/assets/index-Bx7f3kQ2.js', { 'accept-encoding': BROWSER });
    const head = await get('/assets/index-Bx7f3kQ2.js', { 'accept-encoding': BROWSER }, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(get200.headers['content-length']);
    expect(head.headers.etag).toBe(get200.headers.etag);
    expect(head.rawPayload.length).toBe(0);
  });

  it('answers a Range request from the file as it is, so the byte offsets mean what the client thinks', async () => {
    const answer = await get('/assets/index-Bx7f3kQ2.js', { 'accept-encoding': BROWSER, range: 'bytes=0-99' });
    expect(answer.statusCode).toBe(206);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.rawPayload.equals(readFileSync(join(distDir, 'assets/index-Bx7f3kQ2.js')).subarray(0, 100))).toBe(true);
  });

  it('sends a file with no compressed copy as it is', async () => {
    const answer = await get('/assets/tiny-A1b2C3d4.js', { 'accept-encoding': BROWSER });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body).toBe('console.log(1)');
  });

  it('never serves a compressed copy whose file is gone', async () => {
    copyFileSync(join(distDir, 'assets/index-Bx7f3kQ2.js.br'), join(distDir, 'assets/gone-Zz9y8X7w.js.br'));
    const answer = await get('/assets/gone-Zz9y8X7w.js', { 'accept-encoding': BROWSER });
    expect(answer.statusCode).toBe(404);
  });
});
