import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';

const dirs: string[] = [];
function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pishkhan-config-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('settings', () => {
  it('default to one port on loopback, the embedded database and the pishkhan service name', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config).toMatchObject({ port: 3000, host: '127.0.0.1', databaseUrl: null, serviceName: 'pishkhan', devTools: false, seedDemo: true });
  });

  it('generate a JWT key once on the embedded database and keep it in the data folder', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8').trim()).toBe(first.jwtSecret);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first.jwtSecret);
  });

  it('refuse to start on PostgreSQL without JWT_SECRET, saying so', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://db/pishkhan' })).toThrow(/JWT_SECRET/);
  });

  it('refuse a short JWT_SECRET, a bad port and an unknown SMS sender', () => {
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ JWT_SECRET: 'x'.repeat(40), PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ JWT_SECRET: 'x'.repeat(40), SMS_SENDER: 'pigeon' })).toThrow(/SMS_SENDER/);
    expect(() => loadConfig({ JWT_SECRET: 'x'.repeat(40), SMS_SENDER: 'http' })).toThrow(/SMS_GATEWAY_URL/);
  });

  it('read TRUST_PROXY as a list of proxy addresses', () => {
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(40), TRUST_PROXY: '10.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual(['10.0.0.1', '10.0.0.0/8']);
  });
});
