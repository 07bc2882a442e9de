/**
 * The server test harness: the real app, in-process, on a fresh migrated database — in-memory
 * PGlite, or a uniquely named schema on the PostgreSQL server of TEST_DATABASE_URL (dropped on
 * close) — with a clock tests move by hand and the dev SMS outbox. Requests go through
 * `app.inject`, never a port. Panel, sync and module tests use it too: pass `config` for
 * settings of your own and `call` any endpoint `{ method, path }`.
 */
import type { FastifyInstance } from 'fastify';
import type { OutgoingHttpHeaders } from 'node:http';
import type { LoginData, Envelope } from '../../src/contract/envelope.ts';
import { endpoints } from '../../src/contract/endpoints.ts';
import { DEFAULT_SERVICE_NAME } from '../../src/contract/service.ts';
import { buildApp } from '../../server/app.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import type { Db } from '../../server/db/Db.ts';
import { migrate } from '../../server/migrate.ts';
import { currentPlan } from '../../server/migrationPlan.ts';
import type { SmsOutbox, SmsSender } from '../../server/auth/sms.ts';
import { DevOutbox, logSender } from '../../server/auth/smsSenders.ts';
import { checkAnswersAsWritten } from './answersAsWritten.ts';
import { watchServerErrors } from './serverErrors.ts';
import { openTestDatabase } from './testDatabase.ts';
import { TestClock } from './testClock.ts';

export { TestClock } from './testClock.ts';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

/** A moment in the past with no DST or month-end surprises: 2026-11-22 09:00 UTC. */
export const TEST_START = Date.UTC(2026, 10, 22, 9, 0, 0);

export interface TestServerOptions {
  /** Settings over the harness defaults (DEV_TOOLS on, logging off, no built client). */
  config?: Partial<Config>;
  /** Another SMS sender (the default keeps messages in `smsOutbox`). */
  sms?: SmsSender;
  /** The clock's first reading (default TEST_START). */
  startAt?: number;
  /** Share another harness's database (e.g. two apps, as two server processes would). */
  db?: Db;
  /** Extra routes or plugins for the test (registered before the app is ready). */
  register?: (app: FastifyInstance) => Promise<void> | void;
  /** Pino settings; by default errors go to console.error, which fails the test (see console.ts). */
  logger?: boolean | object;
}

export interface CallOptions {
  body?: unknown;
  /** A raw body, sent as is (with its own content-type header). */
  payload?: string;
  query?: Record<string, string>;
  /** An access token, sent as `Authorization: Bearer …`. */
  token?: string;
  headers?: Record<string, string>;
  /** The client's address as the socket shows it (default 127.0.0.1). */
  remoteAddress?: string;
}

export interface CallResult<T = unknown> {
  status: number;
  body: Envelope<T>;
  headers: OutgoingHttpHeaders;
}

export interface TestAccount {
  username: string;
  password: string;
  userId: string;
  tokens: LoginData;
  mobile: string | null;
}

export interface AccountOptions {
  username?: string;
  password?: string;
  /** Register a complete profile (the default), or leave it missing (101 on GetCurrectUser). */
  profile?: boolean;
  /** A mobile number for the profile; one is made up unless null. Verified (so it can sign in) unless `verifyMobile` is false. */
  mobile?: string | null;
  verifyMobile?: boolean;
}

export interface TestServer {
  app: FastifyInstance;
  db: Db;
  config: Config;
  clock: TestClock;
  smsOutbox: SmsOutbox;
  engine: Db['kind'];
  call<T = unknown>(endpoint: { method: string; path: string }, options?: CallOptions): Promise<CallResult<T>>;
  login(username: string, password: string): Promise<LoginData>;
  /** Asks for a code by SMS (from an address of its own) and answers the code the outbox got. */
  sendCode(mobile: string, options?: { purpose?: 'login' | 'reset' | 'verify'; token?: string }): Promise<string>;
  /** Signs up a new person (and registers a profile unless told not to). */
  createAccount(options?: AccountOptions): Promise<TestAccount>;
  close(): Promise<void>;
}

/** A 500 must not pass unnoticed: the server's error log lines reach console.error. */
const errorsToConsole = { level: 'error', stream: { write: (line: string) => console.error(line.trim()) } };

let counter = 0;

/** A username no other test uses: a letter first, then at most 31 of [a-z0-9]. */
export function uniqueUsername(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${counter}${Math.random().toString(36).slice(2, 8)}`.slice(0, 32);
}

/** A mobile number no other test uses, in canonical form. */
export function uniqueMobile(): string {
  counter += 1;
  return `0912${String((counter * 7919 + Math.floor(Math.random() * 1e7)) % 1e7).padStart(7, '0')}`;
}

/** A client address no other test uses, for tests of per-address limits. */
export function uniqueAddress(): string {
  counter += 1;
  return `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`;
}

export const strongPassword = 'Correct-Horse-Battery-1404';

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * `text` (ending in a 32-byte signature in base64url: 43 characters) with its last character
 * spelled another way that decodes to the same bytes: that character's two low bits are spare.
 */
export function respelledSignature(text: string): string {
  const last = BASE64URL.indexOf(text.at(-1)!);
  return `${text.slice(0, -1)}${BASE64URL[(last & ~3) | ((last + 1) & 3)]}`;
}

/** The settings a test app runs with, over `overrides`. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({
    JWT_SECRET: TEST_JWT_SECRET,
    DEV_TOOLS: '1',
    LOG_LEVEL: 'silent',
    SERVICE_NAME: DEFAULT_SERVICE_NAME,
    DIST_DIR: '/nonexistent/pishkhan-test-dist',
    SEED_DEMO: '0',
  });
  return { ...base, ...overrides };
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const config = testConfig(options.config);
  const clock = new TestClock(options.startAt ?? TEST_START);
  const outbox = new DevOutbox();
  const sms = options.sms ?? logSender(() => {}, outbox);
  const database = options.db ? { db: options.db, migrated: true, drop: async () => {} } : await openTestDatabase();
  // A copy of the migrated template needs no migration (testDatabase.ts).
  if (!database.migrated) await migrate(database.db, await currentPlan());
  const app = await buildApp({ config, db: database.db, sms, clock, logger: options.logger ?? errorsToConsole });
  checkAnswersAsWritten(app);
  watchServerErrors(app);
  await options.register?.(app);
  await app.ready();

  const server: TestServer = {
    app,
    db: database.db,
    config,
    clock,
    smsOutbox: sms.outbox ?? outbox,
    engine: database.db.kind,

    async call<T>(endpoint: { method: string; path: string }, callOptions: CallOptions = {}) {
      const headers: Record<string, string> = { ...callOptions.headers };
      if (callOptions.token) headers.authorization = `Bearer ${callOptions.token}`;
      const response = await app.inject({
        method: endpoint.method as 'GET',
        url: endpoint.path,
        query: callOptions.query,
        headers,
        ...(callOptions.remoteAddress ? { remoteAddress: callOptions.remoteAddress } : {}),
        ...(callOptions.payload !== undefined
          ? { payload: callOptions.payload }
          : callOptions.body !== undefined
            ? { payload: callOptions.body as object }
            : {}),
      });
      return { status: response.statusCode, body: response.json() as Envelope<T>, headers: response.headers };
    },

    async login(username, password) {
      const answer = await server.call<LoginData>(endpoints.login, { body: { username, password, serviceName: config.serviceName } });
      if (answer.status !== 200 || !answer.body.data) throw new Error(`login of ${username} failed: ${JSON.stringify(answer.body)}`);
      return answer.body.data;
    },

    async sendCode(mobile, codeOptions = {}) {
      const purpose = codeOptions.purpose ?? 'login';
      const answer = await server.call(endpoints.sendVerifiedCode, {
        body: { mobile, purpose },
        remoteAddress: uniqueAddress(),
        ...(codeOptions.token ? { token: codeOptions.token } : {}),
      });
      const code = server.smsOutbox.latestCode(mobile, purpose);
      if (answer.status !== 200 || !code) throw new Error(`no ${purpose} code for ${mobile}: ${JSON.stringify(answer.body)}`);
      return code;
    },

    async createAccount(accountOptions = {}) {
      return createAccount(server, accountOptions);
    },

    async close() {
      await app.close();
      await database.drop();
    },
  };
  return server;
}

async function createAccount(server: TestServer, options: AccountOptions): Promise<TestAccount> {
  const username = options.username ?? uniqueUsername();
  const password = options.password ?? strongPassword;
  // Each from an address of its own: sign-ups are limited per address.
  const signUp = await server.call<LoginData>(endpoints.signUp, {
    body: { username, password, serviceName: server.config.serviceName },
    remoteAddress: uniqueAddress(),
  });
  if (signUp.status !== 201 || !signUp.body.data) throw new Error(`sign-up of ${username} failed: ${JSON.stringify(signUp.body)}`);
  const tokens = signUp.body.data;
  const mobile = options.mobile === undefined ? uniqueMobile() : options.mobile;
  if (options.profile !== false) {
    const saved = await server.call(endpoints.registrationProfile, {
      token: tokens.access_token,
      body: { ...sampleRegistration(), mobileNumber: mobile ?? '' },
    });
    if (saved.status !== 200) throw new Error(`registration of ${username} failed: ${JSON.stringify(saved.body)}`);
  }
  if (options.verifyMobile !== false && mobile) {
    await server.db.query('UPDATE users SET mobile = $2, mobile_verified = true WHERE lower(username) = lower($1)', [username, mobile]);
  }
  const [row] = await server.db.query<{ id: string }>('SELECT id FROM users WHERE lower(username) = lower($1)', [username]);
  return { username, password, userId: row!.id, tokens, mobile };
}

/** A valid registration profile (spec section 3), as the client sends it. */
export function sampleRegistration() {
  return {
    userId: 0,
    email: 'person@example.com',
    firstName: 'مریم',
    lastName: 'احمدی',
    publicUserName: 'null',
    birthDay: '1995-06-15',
    city: 'تهران',
    state: 'تهران',
    country: 'ایران',
    mobileNumber: '',
    gender: 'female',
  };
}
