/**
 * Every setting of the server, read from environment variables, with defaults and validation.
 * A bad setting stops the start with a message that names the variable; nothing is guessed.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { DEFAULT_SERVICE_NAME } from '../src/contract/service.ts';

export type SmsSenderKind = 'log' | 'http';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  serviceName: string;
  jwtSecret: string;
  devTools: boolean;
  /** Addresses or CIDR ranges of the reverse proxies whose X-Forwarded-For is believed. */
  trustProxy: string[];
  smsSender: SmsSenderKind;
  smsGatewayUrl: string | null;
  smsGatewayToken: string | null;
  bodyLimit: number;
  logLevel: string;
  distDir: string;
  seedDemo: boolean;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const root = resolve(import.meta.dirname, '..');

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}; it is "${raw}".`);
  }
  return value;
}

function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(`${name} must be 1 or 0; it is "${raw}".`);
}

function oneOf<T extends string>(env: NodeJS.ProcessEnv, name: string, allowed: readonly T[], fallback: T): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new ConfigError(`${name} must be one of ${allowed.join(', ')}; it is "${raw}".`);
  }
  return raw as T;
}

function url(env: NodeJS.ProcessEnv, name: string, protocols: string[]): string | null {
  const raw = env[name];
  if (raw === undefined || raw === '') return null;
  try {
    const parsed = new URL(raw);
    if (!protocols.includes(parsed.protocol)) throw new Error('protocol');
    return raw;
  } catch {
    throw new ConfigError(`${name} must be a ${protocols.join(' or ')} URL.`);
  }
}

/** The JWT key: JWT_SECRET, or on the embedded database one generated once and kept in DATA_DIR. */
function jwtSecret(env: NodeJS.ProcessEnv, dataDir: string, databaseUrl: string | null): string {
  const given = env.JWT_SECRET;
  if (given !== undefined && given !== '') {
    if (given.length < 32) throw new ConfigError('JWT_SECRET must be at least 32 characters long.');
    return given;
  }
  if (databaseUrl) {
    throw new ConfigError(
      'JWT_SECRET is not set. With DATABASE_URL the servers share one signing key: set JWT_SECRET ' +
        '(at least 32 random characters, e.g. `openssl rand -base64 48`) on every server process.',
    );
  }
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const rawDataDir = env.DATA_DIR || './data';
  const dataDir = isAbsolute(rawDataDir) ? rawDataDir : resolve(process.cwd(), rawDataDir);
  const databaseUrl = url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']);
  const smsSender = oneOf(env, 'SMS_SENDER', ['log', 'http'] as const, 'log');
  const smsGatewayUrl = url(env, 'SMS_GATEWAY_URL', ['http:', 'https:']);
  if (smsSender === 'http' && !smsGatewayUrl) {
    throw new ConfigError('SMS_SENDER=http needs SMS_GATEWAY_URL, the address the codes are posted to.');
  }
  const serviceName = env.SERVICE_NAME || DEFAULT_SERVICE_NAME;
  if (!/^[A-Za-z0-9._-]{1,64}$/.test(serviceName)) {
    throw new ConfigError('SERVICE_NAME may hold only letters, digits, dot, dash and underscore (1–64).');
  }
  return {
    port: int(env, 'PORT', 3000, 0, 65535),
    host: env.HOST || '127.0.0.1',
    dataDir,
    databaseUrl,
    serviceName,
    jwtSecret: jwtSecret(env, dataDir, databaseUrl),
    devTools: flag(env, 'DEV_TOOLS', false),
    trustProxy: (env.TRUST_PROXY ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    smsSender,
    smsGatewayUrl,
    smsGatewayToken: env.SMS_GATEWAY_TOKEN || null,
    bodyLimit: int(env, 'BODY_LIMIT', 1024 * 1024, 1024, 50 * 1024 * 1024),
    logLevel: oneOf(env, 'LOG_LEVEL', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const, 'info'),
    distDir: env.DIST_DIR ? resolve(env.DIST_DIR) : join(root, 'dist'),
    seedDemo: flag(env, 'SEED_DEMO', !databaseUrl),
  };
}
