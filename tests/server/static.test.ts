import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, uniqueAddress, type TestServer } from './harness.ts';

let server: TestServer;
let distDir: string;

/** The stylesheet the build inlines into index.html: several lines, and not only ASCII. */
const inlineCss = 'html{font-family:Vazirmatn}\n.quote::before{content:"«"}';
const files: Record<string, string> = {
  'index.html': `<!doctype html><title>Pishkhan</title><script type="module" src="/assets/index-Bx7f3kQ2.js"></script><style>${inlineCss}</style>`,
  'assets/index-Bx7f3kQ2.js': 'console.log("app")',
  'sw.js': 'self.addEventListener("install", () => {})',
  'builds/latest.json': '{"id":"abc","time":"2026-11-22T09:00:00Z"}',
  'manifest.webmanifest': '{"name":"Pishkhan"}',
};

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'pishkhan-dist-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(distDir, path)), { recursive: true });
    writeFileSync(join(distDir, path), content);
  }
  server = await startTestServer({ config: { distDir, trustProxy: ['10.99.0.1'] } });
});
afterAll(async () => {
  await server.close();
  rmSync(distDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  server.app.inject({ method: 'GET', url, headers, remoteAddress });

describe('the built PWA', () => {
  it('serves hashed assets for a year, immutable', async () => {
    const answer = await get('/assets/index-Bx7f3kQ2.js');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('never serves index.html, the service worker, the manifest or builds/*.json from a cache without asking', async () => {
    for (const url of ['/index.html', '/sw.js', '/builds/latest.json', '/manifest.webmanifest']) {
      const answer = await get(url);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers index.html for client routes, whatever their case', async () => {
    for (const url of ['/', '/auth/Login', '/auth/login', '/User/Panel/Module/WarehousingMVM/Cargos/ReceiveCorgo']) {
      const answer = await get(url);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toContain('text/html');
      expect(answer.body).toContain('<title>Pishkhan</title>');
      expect(answer.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers a missing file with a 404, never with index.html', async () => {
    const answer = await get('/assets/index-missing.js');
    expect(answer.statusCode).toBe(404);
    expect(answer.body).not.toContain('<title>');
  });
});

describe('security headers', () => {
  it('go on pages and API answers alike', async () => {
    for (const answer of [await get('/auth/Login'), await get('/api/health'), await get('/assets/index-Bx7f3kQ2.js')]) {
      const csp = String(answer.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it('include HSTS only over TLS (here: behind the trusted proxy)', async () => {
    expect((await get('/auth/Login')).headers['strict-transport-security']).toBeUndefined();
    const overTls = await get('/auth/Login', { 'x-forwarded-proto': 'https' }, '10.99.0.1');
    expect(overTls.headers['strict-transport-security']).toContain('max-age=');
    const spoofed = await get('/auth/Login', { 'x-forwarded-proto': 'https' }, uniqueAddress());
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });

  it('allow no inline style attribute: the policy names no unsafe-inline for styles at all', async () => {
    for (const answer of [await get('/auth/Login'), await get('/api/health')]) {
      const csp = String(answer.headers['content-security-policy']);
      expect(csp).not.toContain('style-src-attr');
      expect(csp).not.toContain("'unsafe-inline'");
      expect(csp).not.toContain("'unsafe-hashes'");
    }
  });

  it('leave the real index.html no style attribute for that policy to refuse', () => {
    const html = readFileSync(join(import.meta.dirname, '../../index.html'), 'utf8');
    expect(html).not.toMatch(/\sstyle\s*=/i);
  });

  it('keep API answers out of caches, and not pages', async () => {
    expect((await get('/api/health')).headers['cache-control']).toBe('no-store');
    expect((await get('/assets/index-Bx7f3kQ2.js')).headers['cache-control']).not.toBe('no-store');
  });
});

describe('the inline stylesheet', () => {
  /** The hash a browser computes for a <style> holding this text (CSP Level 3: SHA-256 of its UTF-8). */
  const cspHash = (css: string) => `'sha256-${createHash('sha256').update(Buffer.from(css, 'utf8')).digest('base64')}'`;
  const styleSrc = (csp: unknown) =>
    String(csp)
      .split('; ')
      .find((d) => d.startsWith('style-src '));

  it('is allowed by its hash in the page’s policy, and no other style element is', async () => {
    const page = await get('/auth/Login');
    expect(page.body).toContain(`<style>${inlineCss}</style>`);
    expect(styleSrc(page.headers['content-security-policy'])).toBe(`style-src 'self' ${cspHash(inlineCss)}`);
    expect(String(page.headers['content-security-policy'])).not.toMatch(/style-src [^;]*unsafe-inline/);
  });

  it('follows a new build copied over the running server’s folder', async () => {
    const newCss = 'body{color:#0f5f5a}';
    writeFileSync(join(distDir, 'index.html'), `<!doctype html><title>Pishkhan</title><style>${newCss}</style>`);
    const policy = String((await get('/')).headers['content-security-policy']);
    expect(styleSrc(policy)).toBe(`style-src 'self' ${cspHash(newCss)}`);
    expect(policy).not.toContain(cspHash(inlineCss));
    writeFileSync(join(distDir, 'index.html'), files['index.html']!);
  });

  it('leaves a server with no build a policy that allows no style element', async () => {
    const apiOnly = await startTestServer({ db: server.db });
    try {
      const answer = await apiOnly.app.inject({ method: 'GET', url: '/api/health' });
      expect(styleSrc(answer.headers['content-security-policy'])).toBe("style-src 'self'");
    } finally {
      await apiOnly.close();
    }
  });
});
