import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';

const SECRET = 'c2VjcmV0LWtleS1mb3ItdGhlLWNvbmZpZy10ZXN0cy0xNDA0';
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
    expect(config).toMatchObject({
      production: false,
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: null,
      serviceName: 'pishkhan',
      devTools: false,
      seedDemo: true,
      taxSystemSandboxUrl: null,
    });
  });

  it('send a panel set to the tax system’s sandbox to a stand-in named by TAX_SYSTEM_SANDBOX_URL, an http(s) URL only', () => {
    const url = 'http://127.0.0.1:4567/requestsmanager/api/v2/';
    expect(loadConfig({ DATA_DIR: dataDir(), TAX_SYSTEM_SANDBOX_URL: url }).taxSystemSandboxUrl).toBe(url);
    expect(() => loadConfig({ DATA_DIR: dataDir(), TAX_SYSTEM_SANDBOX_URL: 'ftp://stand-in/' })).toThrow(/TAX_SYSTEM_SANDBOX_URL/);
  });

  it('generate a JWT key once on the embedded database and keep it in the data folder', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8').trim()).toBe(first.jwtSecret);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first.jwtSecret);
    expect(statSync(join(dir, 'jwt-secret')).mode & 0o777).toBe(0o600);
  });

  it('refuse to start on PostgreSQL without JWT_SECRET, saying so', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://db/pishkhan' })).toThrow(/JWT_SECRET/);
  });

  it('refuse a short JWT_SECRET, a bad port and an unknown SMS sender', () => {
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ JWT_SECRET: SECRET, PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ JWT_SECRET: SECRET, SMS_SENDER: 'pigeon' })).toThrow(/SMS_SENDER/);
    expect(() => loadConfig({ JWT_SECRET: SECRET, SMS_SENDER: 'http' })).toThrow(/SMS_GATEWAY_URL/);
  });

  it('run several processes only on PostgreSQL, and a sane number of them', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).workers).toBe(1);
    expect(() => loadConfig({ DATA_DIR: dataDir(), WORKERS: '2' })).toThrow(/WORKERS above 1 needs DATABASE_URL/);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/pishkhan', JWT_SECRET: SECRET, WORKERS: '4' }).workers).toBe(4);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/pishkhan', JWT_SECRET: SECRET, WORKERS: '0' })).toThrow(/WORKERS/);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/pishkhan', JWT_SECRET: SECRET, WORKERS: 'many' })).toThrow(/WORKERS/);
  });

  it('read TRUST_PROXY as a list of proxy addresses', () => {
    expect(loadConfig({ JWT_SECRET: SECRET, TRUST_PROXY: '10.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual(['10.0.0.1', '10.0.0.0/8']);
  });

  it('refuse a JWT_SECRET without real entropy: spaces, or a few characters repeated', () => {
    expect(() => loadConfig({ JWT_SECRET: ' '.repeat(32) })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ JWT_SECRET: `${' '.repeat(20)}${SECRET.slice(0, 20)}` })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ JWT_SECRET: 'ab'.repeat(32) })).toThrow(/JWT_SECRET/);
    expect(loadConfig({ JWT_SECRET: SECRET }).jwtSecret).toBe(SECRET);
  });

  it('refuse an empty or short key file in the data folder rather than sign with it', () => {
    for (const content of ['', '\n', '   \n', 'short\n']) {
      const dir = dataDir();
      writeFileSync(join(dir, 'jwt-secret'), content);
      expect(() => loadConfig({ DATA_DIR: dir })).toThrow(/jwt-secret/);
    }
  });
});

describe('production (NODE_ENV=production)', () => {
  const production = { NODE_ENV: 'production', JWT_SECRET: SECRET, SMS_SENDER: 'log' };

  it('refuses developer tools', () => {
    expect(() => loadConfig({ ...production, DEV_TOOLS: '1' })).toThrow(/DEV_TOOLS/);
  });

  it('creates no demo account unless SEED_DEMO=1 says so', () => {
    expect(loadConfig({ ...production, DATA_DIR: dataDir() }).seedDemo).toBe(false);
    expect(loadConfig({ ...production, DATA_DIR: dataDir(), SEED_DEMO: '1' }).seedDemo).toBe(true);
  });

  it('writes codes to the log only when SMS_SENDER=log is set explicitly', () => {
    const { SMS_SENDER: _, ...unset } = production;
    expect(() => loadConfig(unset)).toThrow(/SMS_SENDER/);
    expect(loadConfig(production).smsSender).toBe('log');
    expect(loadConfig({ ...unset, SMS_SENDER: 'http', SMS_GATEWAY_URL: 'https://sms.example/send' }).smsSender).toBe('http');
  });
});

describe('developer tools', () => {
  it('start on a loopback address only', () => {
    for (const host of ['127.0.0.1', 'localhost', '::1', '127.0.0.2'])
      expect(loadConfig({ JWT_SECRET: SECRET, DEV_TOOLS: '1', HOST: host }).devTools).toBe(true);
    for (const host of ['0.0.0.0', '::', '192.168.1.10', 'pishkhan.example']) {
      expect(() => loadConfig({ JWT_SECRET: SECRET, DEV_TOOLS: '1', HOST: host })).toThrow(/DEV_TOOLS/);
    }
  });
});
