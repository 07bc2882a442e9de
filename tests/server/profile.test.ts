import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import { toPersianDigits } from '../../src/contract/normalize.ts';
import type { CurrentUser } from '../../src/contract/profile.ts';
import { sampleRegistration, startTestServer, uniqueMobile, uniqueUsername, type TestServer } from './harness.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const register = (token: string, changes: Record<string, unknown> = {}) =>
  server.call<CurrentUser>(endpoints.registrationProfile, { token, body: { ...sampleRegistration(), ...changes } });
const update = (token: string, body: unknown) => server.call<CurrentUser>(endpoints.updateProfile, { token, body });
const me = (token: string) => server.call<CurrentUser>(endpoints.getCurrentUser, { token });

const completeSubset = {
  fatherName: 'حسین',
  postalCode: '13145-67890',
  residenceAddress: 'تهران، خیابان آزادی، پلاک ۷',
  maritalStatus: 'married',
  militaryServiceStatus: 'exempt',
};

describe('GET /api/Profile/GetCurrectUser', () => {
  it('answers 101 while the registration profile is missing', async () => {
    const { tokens } = await server.createAccount({ profile: false });
    const answer = await me(tokens.access_token);
    expect(answer.status).toBe(400);
    expect(answer.body.errorData?.code).toBe(101);
  });

  it('answers the profile once registered', async () => {
    const { tokens, username } = await server.createAccount({ profile: false });
    const mobile = uniqueMobile();
    expect((await register(tokens.access_token, { mobileNumber: mobile })).status).toBe(200);
    const answer = await me(tokens.access_token);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      ...sampleRegistration(),
      userId: undefined,
      publicUserName: '',
      mobileNumber: mobile,
      fatherName: '',
      postalCode: '',
      residenceAddress: '',
      maritalStatus: '',
      militaryServiceStatus: '',
      userName: username,
      mobileVerified: false,
      completeness: 60,
      createdAt: new Date(server.clock.now()).toISOString(),
    });
  });
});

describe('POST /api/Profile/RegistrationProfile', () => {
  it('ignores userId and takes the text "null" as no public name', async () => {
    const { tokens } = await server.createAccount({ profile: false });
    const answer = await register(tokens.access_token, { userId: 987, publicUserName: 'null' });
    expect(answer.status).toBe(200);
    expect(answer.body.data?.publicUserName).toBe('');
  });

  it('stores the mobile number in its normal form, from Persian digits, +98 or 0098', async () => {
    const forms: ((mobile: string) => string)[] = [toPersianDigits, (m) => `+98 ${m.slice(1)}`, (m) => `0098-${m.slice(1)}`];
    for (const form of forms) {
      const mobile = uniqueMobile();
      const { tokens } = await server.createAccount({ profile: false });
      const answer = await register(tokens.access_token, { mobileNumber: form(mobile) });
      expect(answer.body.data?.mobileNumber).toBe(mobile);
      const [row] = await server.db.query<{ mobile: string }>('SELECT mobile FROM users WHERE mobile = $1', [mobile]);
      expect(row?.mobile).toBe(mobile);
    }
  });

  it('answers 121 for a malformed e-mail', async () => {
    const { tokens } = await server.createAccount({ profile: false });
    for (const email of ['no-at-sign', 'a@b', 'two@@example.com', 'space in@example.com']) {
      expect((await register(tokens.access_token, { email })).body.errorData?.code).toBe(121);
    }
  });

  it('answers 122 for a number that is not an Iranian mobile', async () => {
    const { tokens } = await server.createAccount({ profile: false });
    expect((await register(tokens.access_token, { mobileNumber: '02112345678' })).body.errorData?.code).toBe(122);
  });

  it('answers 124 for a date that does not exist, lies ahead, or gives an absurd age', async () => {
    const { tokens } = await server.createAccount({ profile: false });
    for (const birthDay of ['2001-02-30', '2026-12-01', '1900-01-01', 'yesterday']) {
      expect((await register(tokens.access_token, { birthDay })).body.errorData?.code).toBe(124);
    }
  });

  it('answers 123 for a public name another person uses, as a public name or a username', async () => {
    const first = await server.createAccount({ profile: false });
    const name = uniqueUsername('public');
    expect((await register(first.tokens.access_token, { publicUserName: name })).status).toBe(200);
    const second = await server.createAccount({ profile: false });
    expect((await register(second.tokens.access_token, { publicUserName: name.toUpperCase() })).body.errorData?.code).toBe(123);
    expect((await register(second.tokens.access_token, { publicUserName: first.username })).body.errorData?.code).toBe(123);
  });

  it('takes a number another account has verified as an unverified claim, saying nothing of the other account', async () => {
    const holder = await server.createAccount({ verifyMobile: true });
    const { tokens } = await server.createAccount({ profile: false });
    const answer = await server.call<CurrentUser>(endpoints.registrationProfile, {
      token: tokens.access_token,
      body: { ...sampleRegistration(), mobileNumber: holder.mobile },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ mobileNumber: holder.mobile, mobileVerified: false });
    const [row] = await server.db.query<{ mobile_verified: boolean }>('SELECT mobile_verified FROM users WHERE id = $1', [holder.userId]);
    expect(row!.mobile_verified).toBe(true);
  });

  it('answers 9401 without first and last name, or for a field of the wrong type', async () => {
    const { tokens } = await server.createAccount({ profile: false });
    for (const changes of [{ firstName: '' }, { lastName: undefined }, { gender: 'robot' }, { city: 42 }, { email: ['a@b.c'] }]) {
      expect((await register(tokens.access_token, changes)).body.errorData?.code).toBe(9401);
    }
  });

  it('writes Arabic yeh and kaf in names as their Persian forms', async () => {
    const { tokens } = await server.createAccount({ profile: false });
    const answer = await register(tokens.access_token, { firstName: 'علي', lastName: 'كريمي' });
    expect(answer.body.data).toMatchObject({ firstName: 'علی', lastName: 'کریمی' });
  });

  it('needs a session', async () => {
    expect((await server.call(endpoints.registrationProfile, { body: sampleRegistration() })).status).toBe(401);
  });
});

describe('PUT /api/Profile/UpdateProfile', () => {
  it('accepts the complete-profile subset alone and keeps the rest', async () => {
    const { tokens } = await server.createAccount();
    const answer = await update(tokens.access_token, completeSubset);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ ...completeSubset, postalCode: '1314567890', firstName: 'مریم', completeness: 93 });
  });

  it('accepts the full profile, with userId 0 and an empty public name', async () => {
    const { tokens } = await server.createAccount();
    const answer = await update(tokens.access_token, {
      ...sampleRegistration(),
      ...completeSubset,
      userId: 0,
      publicUserName: '',
      firstName: 'زهرا',
      mobileNumber: uniqueMobile(),
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ firstName: 'زهرا', publicUserName: '', completeness: 93 });
    expect((await me(tokens.access_token)).body.data?.firstName).toBe('زهرا');
  });

  it('keeps the public name when the update carries it as "" (the spec sends "" on every update), changes it when given', async () => {
    const { tokens } = await server.createAccount({ profile: false });
    const name = uniqueUsername('shown');
    await register(tokens.access_token, { publicUserName: name });
    const kept = await update(tokens.access_token, {
      ...sampleRegistration(),
      ...completeSubset,
      userId: 0,
      publicUserName: '',
      city: 'شیراز',
    });
    expect(kept.body.data).toMatchObject({ publicUserName: name, city: 'شیراز' });
    expect((await update(tokens.access_token, { publicUserName: 'null' })).body.data?.publicUserName).toBe(name);
    const other = uniqueUsername('renamed');
    expect((await update(tokens.access_token, { publicUserName: other })).body.data?.publicUserName).toBe(other);
  });

  it('no longer counts a changed mobile number as verified', async () => {
    const account = await server.createAccount({ verifyMobile: true });
    expect((await me(account.tokens.access_token)).body.data?.mobileVerified).toBe(true);
    const answer = await update(account.tokens.access_token, { mobileNumber: uniqueMobile() });
    expect(answer.body.data?.mobileVerified).toBe(false);
  });

  it('keeps the verification when the same number comes back in another form', async () => {
    const account = await server.createAccount({ verifyMobile: true });
    const answer = await update(account.tokens.access_token, { mobileNumber: toPersianDigits(account.mobile!) });
    expect(answer.body.data?.mobileVerified).toBe(true);
  });

  it('checks the fields as registration does', async () => {
    const { tokens } = await server.createAccount();
    expect((await update(tokens.access_token, { email: 'bad' })).body.errorData?.code).toBe(121);
    expect((await update(tokens.access_token, { mobileNumber: '123' })).body.errorData?.code).toBe(122);
    expect((await update(tokens.access_token, { birthDay: '2040-01-01' })).body.errorData?.code).toBe(124);
    expect((await update(tokens.access_token, { postalCode: '123' })).body.errorData?.code).toBe(9401);
    expect((await update(tokens.access_token, { maritalStatus: 'complicated' })).body.errorData?.code).toBe(9401);
    expect((await update(tokens.access_token, [completeSubset])).body.errorData?.code).toBe(9401);
  });
});
