/**
 * Every setting of the server, read from environment variables, with defaults and validation.
 * A bad setting stops the start with a message that names the variable; nothing is guessed.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { DEFAULT_SERVICE_NAME } from '../src/contract/service.ts';

export type SmsSenderKind = 'log' | 'http' | 'kavenegar' | 'smsir';

/** An Iranian SMS provider's verification (OTP template) API: its key and one template per code purpose. */
export interface SmsProviderConfig {
  kind: 'kavenegar' | 'smsir';
  apiKey: string;
  /** The provider's address (its public API unless a stand-in is named, for tests). */
  baseUrl: string;
  /** Kavenegar: template names; SMS.ir: template ids (digits). */
  templates: Record<'login' | 'reset' | 'verify', string>;
  /** SMS.ir: the template's parameter that takes the code. */
  codeParameter: string;
  /**
   * The line (sender number) notifications are texted from as free text (decision 047), from
   * `KAVENEGAR_LINE_NUMBER` / `SMSIR_LINE_NUMBER`. Kavenegar uses the account's default line
   * without it; SMS.ir cannot text a notification without it.
   */
  textLine?: string;
}

export interface Config {
  /** NODE_ENV=production: developer tools, the demo account and codes in the log stay off. */
  production: boolean;
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
  /** SMS_SENDER=kavenegar or smsir: the provider's settings. */
  smsProvider: SmsProviderConfig | null;
  bodyLimit: number;
  logLevel: string;
  distDir: string;
  seedDemo: boolean;
  /** Server processes sharing the port (Node's cluster): more than one needs DATABASE_URL. */
  workers: number;
  /** How long a stop waits for requests and syncs in flight before it cuts them (SHUTDOWN_TIMEOUT_MS). */
  shutdownTimeoutMs: number;
  /** The bearer token that reads /metrics from elsewhere (METRICS_TOKEN); without it, only from this machine. */
  metricsToken: string | null;
  /** How often the reminders' schedule runs, in minutes (REMINDERS_EVERY_MINUTES; 0: never). Once per cluster per run. */
  remindersEveryMinutes: number;
  /** Web push: who the push services may contact about this server (VAPID_SUBJECT, a mailto: or https: URL). */
  vapidSubject: string;
  /** The largest panel backup a restore unpacks (RESTORE_LIMIT_MB, unpacked size). */
  restoreLimitBytes: number;
  /**
   * Where a panel set to the tax system's sandbox sends (TAX_SYSTEM_SANDBOX_URL): the
   * organisation's sandbox unless a stand-in is named, as the end-to-end tests do (decision 044).
   */
  taxSystemSandboxUrl: string | null;
  /**
   * The most months of history a device keeps of any windowed entity (SYNC_WINDOW_MONTHS; unset:
   * each entity's declared window, decision 050): a server whose people carry small phones shortens them.
   */
  syncWindowMonths: number | null;
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

/** A secret with some entropy: at least 32 characters that are not spaces, eight of them different. */
const SECRET_MIN = 32;
function weakSecret(secret: string): boolean {
  const visible = secret.replace(/\s/g, '');
  return visible.length < SECRET_MIN || new Set(visible).size < 8;
}

/**
 * A new key written into `file` as one atomic step (a full temporary file hard-linked into place),
 * so no crash leaves an empty key behind and two processes starting at once keep one key.
 */
function generateSecret(file: string, dataDir: string): string {
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, secret + '\n', { mode: 0o600 });
  try {
    linkSync(partial, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(partial, { force: true });
  }
  return readFileSync(file, 'utf8').trim();
}

/** The server secret: JWT_SECRET, or on the embedded database one generated once and kept in DATA_DIR. */
function jwtSecret(env: NodeJS.ProcessEnv, dataDir: string, databaseUrl: string | null): string {
  const given = env.JWT_SECRET;
  if (given !== undefined && given !== '') {
    if (weakSecret(given))
      throw new ConfigError(
        `JWT_SECRET must hold at least ${SECRET_MIN} characters that are not spaces (e.g. \`openssl rand -base64 48\`).`,
      );
    return given;
  }
  if (databaseUrl) {
    throw new ConfigError(
      'JWT_SECRET is not set. With DATABASE_URL the servers share one signing key: set JWT_SECRET ' +
        '(at least 32 random characters, e.g. `openssl rand -base64 48`) on every server process.',
    );
  }
  const file = join(dataDir, 'jwt-secret');
  const secret = existsSync(file) ? readFileSync(file, 'utf8').trim() : generateSecret(file, dataDir);
  if (weakSecret(secret)) {
    throw new ConfigError(`${file} holds no usable key (it is empty or short). Delete it to generate a new one (everyone signs in again).`);
  }
  return secret;
}

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|::1|\[::1\])$/i;

/** Developer tools hand out login codes: only on a machine of one's own, never in production. */
function devTools(env: NodeJS.ProcessEnv, production: boolean, host: string): boolean {
  const on = flag(env, 'DEV_TOOLS', false);
  if (on && production) throw new ConfigError('DEV_TOOLS=1 is refused with NODE_ENV=production: the developer tools hand out login codes.');
  if (on && !LOOPBACK.test(host))
    throw new ConfigError(`DEV_TOOLS=1 is refused on HOST=${host}: developer tools listen on a loopback address only.`);
  return on;
}

/** In production an SMS code reaches the log only when SMS_SENDER=log says so. */
function smsSenderOf(env: NodeJS.ProcessEnv, production: boolean): SmsSenderKind {
  if (production && !env.SMS_SENDER) {
    throw new ConfigError(
      'SMS_SENDER is not set. In production, choose SMS_SENDER=kavenegar or smsir (with their keys and templates), http (with SMS_GATEWAY_URL), or log to write codes to the log.',
    );
  }
  return oneOf(env, 'SMS_SENDER', ['log', 'http', 'kavenegar', 'smsir'] as const, 'log');
}

const providerDefaults = {
  kavenegar: { prefix: 'KAVENEGAR', baseUrl: 'https://api.kavenegar.com' },
  smsir: { prefix: 'SMSIR', baseUrl: 'https://api.sms.ir' },
} as const;

/**
 * A provider's key and templates: `<P>_API_KEY`, `<P>_TEMPLATE` (every purpose) or
 * `<P>_TEMPLATE_LOGIN` / `_RESET` / `_VERIFY` (each its own), `<P>_URL` for a stand-in.
 */
function smsProviderOf(env: NodeJS.ProcessEnv, kind: SmsSenderKind): SmsProviderConfig | null {
  if (kind !== 'kavenegar' && kind !== 'smsir') return null;
  const { prefix, baseUrl } = providerDefaults[kind];
  const apiKey = env[`${prefix}_API_KEY`] ?? '';
  if (!/^[A-Za-z0-9+/=._-]{8,200}$/.test(apiKey)) {
    throw new ConfigError(`SMS_SENDER=${kind} needs ${prefix}_API_KEY, the key from the provider's panel.`);
  }
  const template = (purpose: 'LOGIN' | 'RESET' | 'VERIFY') => {
    const value = env[`${prefix}_TEMPLATE_${purpose}`] || env[`${prefix}_TEMPLATE`] || '';
    const valid = kind === 'smsir' ? /^\d{1,10}$/.test(value) : /^[A-Za-z0-9_-]{1,64}$/.test(value);
    if (!valid) {
      const what = kind === 'smsir' ? 'the template id (digits)' : 'the template name';
      throw new ConfigError(
        `SMS_SENDER=${kind} needs ${prefix}_TEMPLATE (or ${prefix}_TEMPLATE_${purpose}): ${what} of the ${purpose.toLowerCase()} code's template.`,
      );
    }
    return value;
  };
  const codeParameter = env.SMSIR_CODE_PARAMETER || 'Code';
  if (!/^[A-Za-z0-9_]{1,32}$/.test(codeParameter))
    throw new ConfigError('SMSIR_CODE_PARAMETER must be the name of a template parameter (letters, digits, _).');
  const textLine = env[`${prefix}_LINE_NUMBER`];
  if (textLine && !/^\+?\d{3,20}$/.test(textLine)) throw new ConfigError(`${prefix}_LINE_NUMBER must be the line's number (digits).`);
  return {
    kind,
    apiKey,
    baseUrl: (url(env, `${prefix}_URL`, ['http:', 'https:']) ?? baseUrl).replace(/\/+$/, ''),
    templates: { login: template('LOGIN'), reset: template('RESET'), verify: template('VERIFY') },
    codeParameter,
    ...(textLine ? { textLine } : {}),
  };
}

function metricsToken(env: NodeJS.ProcessEnv): string | null {
  const token = env.METRICS_TOKEN;
  if (token === undefined || token === '') return null;
  if (weakSecret(token))
    throw new ConfigError(
      `METRICS_TOKEN must hold at least ${SECRET_MIN} characters that are not spaces (e.g. \`openssl rand -base64 48\`).`,
    );
  return token;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const rawDataDir = env.DATA_DIR || './data';
  const dataDir = isAbsolute(rawDataDir) ? rawDataDir : resolve(process.cwd(), rawDataDir);
  const databaseUrl = url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']);
  const production = env.NODE_ENV === 'production';
  const host = env.HOST || '127.0.0.1';
  const smsSender = smsSenderOf(env, production);
  const smsGatewayUrl = url(env, 'SMS_GATEWAY_URL', ['http:', 'https:']);
  if (smsSender === 'http' && !smsGatewayUrl) {
    throw new ConfigError('SMS_SENDER=http needs SMS_GATEWAY_URL, the address the codes are posted to.');
  }
  const workers = int(env, 'WORKERS', 1, 1, 64);
  if (workers > 1 && !databaseUrl) {
    throw new ConfigError('WORKERS above 1 needs DATABASE_URL: the embedded database belongs to one process.');
  }
  const serviceName = env.SERVICE_NAME || DEFAULT_SERVICE_NAME;
  if (!/^[A-Za-z0-9._-]{1,64}$/.test(serviceName)) {
    throw new ConfigError('SERVICE_NAME may hold only letters, digits, dot, dash and underscore (1–64).');
  }
  return {
    workers,
    production,
    port: int(env, 'PORT', 3000, 0, 65535),
    host,
    dataDir,
    databaseUrl,
    serviceName,
    jwtSecret: jwtSecret(env, dataDir, databaseUrl),
    devTools: devTools(env, production, host),
    trustProxy: (env.TRUST_PROXY ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    smsSender,
    smsGatewayUrl,
    smsGatewayToken: env.SMS_GATEWAY_TOKEN || null,
    smsProvider: smsProviderOf(env, smsSender),
    bodyLimit: int(env, 'BODY_LIMIT', 1024 * 1024, 1024, 50 * 1024 * 1024),
    logLevel: oneOf(env, 'LOG_LEVEL', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const, 'info'),
    distDir: env.DIST_DIR ? resolve(env.DIST_DIR) : join(root, 'dist'),
    seedDemo: flag(env, 'SEED_DEMO', !databaseUrl && !production),
    shutdownTimeoutMs: int(env, 'SHUTDOWN_TIMEOUT_MS', 20_000, 0, 10 * 60_000),
    metricsToken: metricsToken(env),
    remindersEveryMinutes: int(env, 'REMINDERS_EVERY_MINUTES', 15, 0, 24 * 60),
    vapidSubject: url(env, 'VAPID_SUBJECT', ['mailto:', 'https:']) ?? 'mailto:push@pishkhan.invalid',
    restoreLimitBytes: int(env, 'RESTORE_LIMIT_MB', 1024, 1, 64 * 1024) * 1024 * 1024,
    taxSystemSandboxUrl: url(env, 'TAX_SYSTEM_SANDBOX_URL', ['http:', 'https:']),
    syncWindowMonths: env.SYNC_WINDOW_MONTHS ? int(env, 'SYNC_WINDOW_MONTHS', 12, 0, 1200) : null,
  };
}
