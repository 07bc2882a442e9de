/**
 * Issue 33, item 5: a client written to the spec fetches builds/latest.json and
 * builds/meta/{buildId}.json (spec section 7). A real Vite build with our plugin writes them, and
 * the production server serves them from that build, to be asked again on every request.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInfoPlugin, newBuildInfo, type BuildInfo } from '../../build/buildInfo.ts';
import { startTestServer, type TestServer } from './harness.ts';

let root: string;
let server: TestServer;
let info: BuildInfo;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'pishkhan-build-files-'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>Pishkhan</title><script type="module" src="./main.js"></script>');
  writeFileSync(join(root, 'main.js'), 'document.title = "Pishkhan";');
  info = newBuildInfo({ BUILD_ID: 'test-build-33' }, new Date('2026-11-26T10:00:00Z'));
  await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: [buildInfoPlugin(info)],
    build: { outDir: join(root, 'dist'), emptyOutDir: true },
  });
  server = await startTestServer({ config: { distDir: join(root, 'dist') } });
}, 180_000);
afterAll(async () => {
  await server?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('the build files', () => {
  it('builds/latest.json names the build deployed, its time as ISO and in milliseconds', async () => {
    const answer = await server.app.inject({ method: 'GET', url: '/builds/latest.json' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.json()).toEqual({ id: 'test-build-33', time: '2026-11-26T10:00:00.000Z', timestamp: Date.parse('2026-11-26T10:00:00Z') });
  });

  it('builds/meta/{buildId}.json describes that build: the same identity, no route rules, nothing prerendered', async () => {
    const answer = await server.app.inject({ method: 'GET', url: `/builds/meta/${info.id}.json` });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.json()).toEqual({
      id: 'test-build-33',
      time: '2026-11-26T10:00:00.000Z',
      timestamp: Date.parse('2026-11-26T10:00:00Z'),
      matcher: { static: {}, wildcard: {}, dynamic: {} },
      prerendered: [],
    });
  });

  it('answers the envelope’s 404 for the meta of a build that is not this one', async () => {
    const answer = await server.app.inject({ method: 'GET', url: '/builds/meta/some-other-build.json' });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toMatchObject({ isSuccess: false, errorData: { code: 9201 } });
  });
});
