/**
 * Throws generated requests at every endpoint — methods, paths in any case, headers, bodies of any
 * shape and type, malformed JSON, forms, wrong content types — and asks of each answer: never a
 * 5xx, always the envelope (no built client here, so no static files), and no developer tool for
 * a caller without a session. Afterwards: no brute-force counter past its limit (slots are
 * reserved before attempts), and every stored name is normalised text.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { propertyRuns } from '../propertyRuns.ts';
import { endpoints } from '../../src/contract/endpoints.ts';
import { isEnvelope } from '../../src/contract/envelope.ts';
import { normalizeText } from '../../src/contract/fields.ts';
import { profileFields } from '../../server/account/profileFields.ts';
import { codeAttemptLimit } from '../../server/auth/codes.ts';
import { loginLimits, signUpLimit } from '../../server/auth/rateLimit.ts';
import { lookupLimit } from '../../server/access/memberHooks.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';

let server: TestServer;
let account: TestAccount;
const RUNS = propertyRuns('FUZZ_RUNS', 1000, 200);

beforeAll(async () => {
  server = await startTestServer();
  account = await server.createAccount();
});
afterAll(() => server.close());

const realPaths = [...Object.values(endpoints).map((e) => e.path), '/api/health', '/api', '/', '/auth/Login', '/favicon.ico'];

const pathArb = fc.oneof(
  fc.mixedCase(fc.constantFrom(...realPaths)),
  fc.constantFrom(...realPaths).map((p) => `${p}/`),
  fc.tuple(fc.constantFrom(...realPaths), fc.stringMatching(/^[a-zA-Z0-9=&%._~-]{0,40}$/)).map(([p, q]) => `${p}?${q}`),
  fc.webPath().map((p) => (p.startsWith('/') ? p : `/${p}`)),
  fc.stringMatching(/^(\/[a-zA-Z0-9%._~-]{0,12}){1,6}$/).map((p) => `/api${p}`),
  fc.constantFrom(
    '/api/%',
    '/api/%zz',
    '//api//account//login',
    '/api/account/login?username=%',
    '/api/Dev/GetUserByUsername?username[]=a',
    '/../etc/passwd',
  ),
);

const methodArb = fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS');

const fieldNames = [
  'username',
  'password',
  'serviceName',
  'UserName',
  'Mobile',
  'Code',
  'ServiceName',
  'mobile',
  'code',
  'purpose',
  'refreshToken',
  'oldPassword',
  'newPassword',
  'confirmPassword',
  'userId',
  '__proto__',
  'constructor',
  ...profileFields,
];

const valueArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constant(null).map(() => account.username),
  fc.constantFrom(
    'pishkhan',
    '09120000000',
    '۰۹۱۲۰۰۰۰۰۰۰',
    '+989120000000',
    '123456',
    'null',
    '',
    'login',
    'verify',
    '1990-02-30',
    'a\u0000b',
  ),
  fc.constantFrom('سارا\u202E', 'ad\u200Dmin', 'Jose\u0301', 'first\nsecond', 'می\u200Cروم', '\u2066x\u2069', 'a\u200Bb'),
  fc.string({ minLength: 2000, maxLength: 6000 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 2 }),
);

const fieldsArb = fc.dictionary(fc.constantFrom(...fieldNames), valueArb, { maxKeys: 8 });

const contentTypeArb = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'application/x-www-form-urlencoded',
  'text/plain',
  'application/xml',
  'multipart/form-data; boundary=x',
  'application/json; charset=latin1',
  'application/octet-stream',
);

const bodyArb: fc.Arbitrary<{ payload?: string; contentType?: string }> = fc.oneof(
  fc.constant({}),
  fieldsArb.map((fields) => ({ payload: JSON.stringify(fields), contentType: 'application/json' })),
  fieldsArb.map((fields) => ({
    // A generated object may hold a `toString` or `valueOf` that is no function: String() throws on it.
    payload: new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])).toString(),
    contentType: 'application/x-www-form-urlencoded',
  })),
  fc.tuple(fc.json(), contentTypeArb).map(([payload, contentType]) => ({ payload, contentType })),
  fc.tuple(fc.string(), contentTypeArb).map(([payload, contentType]) => ({ payload, contentType })),
);

const printable = (max: number) => fc.stringMatching(new RegExp(`^[\\x20-\\x7e]{0,${max}}$`));

const headersArb = fc.record(
  {
    'accept-language': fc.oneof(fc.constantFrom('en', 'fa', 'en-US,en;q=0.9', 'fa-IR;q=0.1, en;q=abc', '*', ';;;'), printable(40)),
    authorization: fc.oneof(
      fc.constantFrom('Bearer', 'Bearer ', 'Basic abc', 'Bearer a.b.c'),
      fc.constant(null).map(() => `Bearer ${account.tokens.access_token}`),
      fc.constant(null).map(() => `Bearer ${account.tokens.refresh_token}`),
      printable(80).map((s) => `Bearer ${s}`),
    ),
    'x-panel-code': printable(20),
    'x-forwarded-for': printable(30),
  },
  { requiredKeys: [] },
);

describe('any request at all', () => {
  it('is answered below 500, with the envelope', async () => {
    await fc.assert(
      fc.asyncProperty(methodArb, pathArb, headersArb, bodyArb, async (method, url, headers, body) => {
        const canHaveBody = !['GET', 'HEAD', 'OPTIONS'].includes(method);
        const response = await server.app.inject({
          method: method as 'GET',
          url,
          headers: { ...headers, ...(canHaveBody && body.contentType ? { 'content-type': body.contentType } : {}) },
          ...(canHaveBody && body.payload !== undefined ? { payload: body.payload } : {}),
        });
        expect(response.statusCode, `${method} ${url}`).toBeLessThan(500);
        if (method !== 'HEAD') {
          expect(isEnvelope(response.json()), `${method} ${url}: ${response.body.slice(0, 200)}`).toBe(true);
        }
        if (/^\/api\/dev\//i.test(url) && headers.authorization !== `Bearer ${account.tokens.access_token}`) {
          expect(response.statusCode, `${method} ${url} without a session`).not.toBe(200);
        }
      }),
      { numRuns: RUNS },
    );
    await expectCountersWithinLimits();
    await expectNormalisedNames();
  });
});

const limits = [...Object.values(loginLimits), signUpLimit, codeAttemptLimit, lookupLimit];

async function expectCountersWithinLimits(): Promise<void> {
  const counters = await server.db.query<{ key: string; failures: number }>('SELECT key, failures FROM auth_throttle');
  for (const { key, failures } of counters) {
    const limit = limits.find((l) => key.startsWith(`${l.prefix}:`));
    expect(limit, key).toBeDefined();
    expect(failures, key).toBeLessThanOrEqual(limit!.maxFailures);
  }
}

async function expectNormalisedNames(): Promise<void> {
  const names = await server.db.query<Record<string, string | null>>(
    'SELECT first_name, last_name, father_name, city, state, country, public_user_name FROM users',
  );
  for (const value of names.flatMap((row) => Object.values(row))) {
    if (value !== null) expect(normalizeText(value), JSON.stringify(value)).toBe(value);
  }
}
