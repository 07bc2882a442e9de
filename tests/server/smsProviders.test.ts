/**
 * Issue 29's SMS gateways: the Kavenegar and SMS.ir senders against stand-ins of their APIs
 * (smsStandIns.ts) — each purpose through its own OTP template, the providers' error codes read
 * and reported without the code or the key, a provider that hangs given up on — and a code sent
 * through a provider signs a person in.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import type { LoginData } from '../../src/contract/envelope.ts';
import { ConfigError, loadConfig, type SmsProviderConfig } from '../../server/config.ts';
import type { SmsMessage } from '../../server/auth/sms.ts';
import { createSmsSender } from '../../server/auth/smsSenders.ts';
import { kavenegarSender, SmsGatewayError, smsIrSender } from '../../server/auth/smsProviders.ts';
import { allowConsole } from './console.ts';
import { allowServerErrors } from './serverErrors.ts';
import { startTestServer, uniqueAddress, uniqueMobile, type TestServer } from './harness.ts';
import { kavenegarStandIn, smsIrStandIn, type StandIn } from './smsStandIns.ts';

const KEY = '4F6B2D6C7A5A6E3D1C2B3A49';
const message: SmsMessage = { mobile: '09121234567', code: '048213', purpose: 'login', lang: 'fa' };

const kavenegarTemplates = {
  'pishkhan-login': 'کد ورود: %token%',
  'pishkhan-reset': 'کد بازیابی: %token%',
  'pishkhan-verify': 'کد تأیید: %token%',
};
const smsIrTemplates = { '100201': 'کد ورود: #Code#', '100202': 'کد بازیابی: #Code#', '100203': 'کد تأیید: #Code#' };

const running: StandIn[] = [];
const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function kavenegar(credit?: number) {
  const standIn = await kavenegarStandIn({ apiKey: KEY, templates: kavenegarTemplates, credit });
  running.push(standIn);
  const provider: SmsProviderConfig = {
    kind: 'kavenegar',
    apiKey: KEY,
    baseUrl: standIn.url,
    templates: { login: 'pishkhan-login', reset: 'pishkhan-reset', verify: 'pishkhan-verify' },
    codeParameter: 'Code',
  };
  return { standIn, provider };
}

async function smsIr(credit?: number) {
  const standIn = await smsIrStandIn({ apiKey: KEY, templates: smsIrTemplates, credit });
  running.push(standIn);
  const provider: SmsProviderConfig = {
    kind: 'smsir',
    apiKey: KEY,
    baseUrl: standIn.url,
    templates: { login: '100201', reset: '100202', verify: '100203' },
    codeParameter: 'Code',
  };
  return { standIn, provider };
}

/** The provider's refusal: its code, and an error that says nothing secret. */
async function refusal(sending: Promise<void>): Promise<SmsGatewayError> {
  const error = await sending.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SmsGatewayError);
  const text = `${(error as Error).message} ${JSON.stringify(error)}`;
  expect(text).not.toContain(message.code);
  expect(text).not.toContain(KEY);
  return error as SmsGatewayError;
}

describe('Kavenegar (verify/lookup)', () => {
  it('sends each purpose through its own template, the code as the token', async () => {
    const { standIn, provider } = await kavenegar();
    const sender = kavenegarSender(provider);
    for (const purpose of ['login', 'reset', 'verify'] as const) await sender.send({ ...message, purpose });
    expect(standIn.delivered).toEqual([
      { mobile: '09121234567', template: 'pishkhan-login', text: 'کد ورود: 048213' },
      { mobile: '09121234567', template: 'pishkhan-reset', text: 'کد بازیابی: 048213' },
      { mobile: '09121234567', template: 'pishkhan-verify', text: 'کد تأیید: 048213' },
    ]);
  });

  it("reports the provider's codes: a wrong key 403, a wrong number 411, no credit 418, no such template 424", async () => {
    const { provider } = await kavenegar(0);
    expect((await refusal(kavenegarSender({ ...provider, apiKey: 'not-the-key-1234' }).send(message))).providerCode).toBe(403);
    expect((await refusal(kavenegarSender(provider).send({ ...message, mobile: '0912123' }))).providerCode).toBe(411);
    const noCredit = await refusal(kavenegarSender(provider).send(message));
    expect(noCredit.providerCode).toBe(418);
    expect(noCredit.providerMessage).toBe('اعتبار حساب شما کافی نیست');
    const missing = { ...provider, templates: { ...provider.templates, login: 'not-registered' } };
    expect((await refusal(kavenegarSender(missing).send(message))).providerCode).toBe(424);
  });

  it('gives up on a provider that does not answer, without naming the address (it holds the key)', async () => {
    const { standIn, provider } = await kavenegar();
    standIn.hang = true;
    const error = await refusal(kavenegarSender(provider, 200).send(message));
    expect(error.providerCode).toBeNull();
    expect(error.message).toContain('no answer in 200 ms');
  });
});

describe('SMS.ir (send/verify)', () => {
  it('sends each purpose through its own template id, the code as its parameter', async () => {
    const { standIn, provider } = await smsIr();
    const sender = smsIrSender(provider);
    for (const purpose of ['login', 'reset', 'verify'] as const) await sender.send({ ...message, purpose });
    expect(standIn.delivered.map((d) => [d.template, d.text])).toEqual([
      ['100201', 'کد ورود: 048213'],
      ['100202', 'کد بازیابی: 048213'],
      ['100203', 'کد تأیید: 048213'],
    ]);
  });

  it("reports the provider's codes: a wrong key 10, no credit 102, a wrong number 104, no such template 113, a missing parameter 116", async () => {
    const { provider } = await smsIr(0);
    expect((await refusal(smsIrSender({ ...provider, apiKey: 'not-the-key-1234' }).send(message))).providerCode).toBe(10);
    expect((await refusal(smsIrSender(provider).send(message))).providerCode).toBe(102);
    expect((await refusal(smsIrSender(provider).send({ ...message, mobile: '0912123' }))).providerCode).toBe(104);
    expect(
      (await refusal(smsIrSender({ ...provider, templates: { ...provider.templates, login: '999' } }).send(message))).providerCode,
    ).toBe(113);
    expect((await refusal(smsIrSender({ ...provider, codeParameter: 'OTP' }).send(message))).providerCode).toBe(116);
  });
});

describe('a notification as free text (decision 047)', () => {
  const notice = { mobile: '09121234567', text: 'فروشگاه نور\nچک 500100 برگشت خورد' };

  it('goes through Kavenegar’s sms/send, from the configured line or the account’s default', async () => {
    const { standIn, provider } = await kavenegar();
    await kavenegarSender(provider).sendText!(notice);
    await kavenegarSender({ ...provider, textLine: '10004346' }).sendText!(notice);
    expect(standIn.delivered).toEqual([
      { mobile: '09121234567', template: '', line: '', text: notice.text },
      { mobile: '09121234567', template: '', line: '10004346', text: notice.text },
    ]);
  });

  it('goes through SMS.ir’s send/bulk from the configured line, and not at all without one', async () => {
    const { standIn, provider } = await smsIr();
    expect(smsIrSender(provider).sendText).toBeUndefined();
    await smsIrSender({ ...provider, textLine: '30007732' }).sendText!(notice);
    expect(standIn.delivered).toEqual([{ mobile: '09121234567', template: '', line: '30007732', text: notice.text }]);
  });

  it("reports the providers' codes: Kavenegar's wrong number 411 and no credit 418, SMS.ir's wrong key 10 and no credit 102", async () => {
    const kave = await kavenegar(0);
    expect((await refusal(kavenegarSender(kave.provider).sendText!(notice))).providerCode).toBe(418);
    expect((await refusal(kavenegarSender(kave.provider).sendText!({ ...notice, mobile: '12345' }))).providerCode).toBe(411);
    const ir = await smsIr(0);
    const line = { ...ir.provider, textLine: '30007732' };
    expect((await refusal(smsIrSender(line).sendText!(notice))).providerCode).toBe(102);
    expect((await refusal(smsIrSender({ ...line, apiKey: 'wrong-key-123' }).sendText!(notice))).providerCode).toBe(10);
  });

  it('reads the line from KAVENEGAR_LINE_NUMBER / SMSIR_LINE_NUMBER and refuses one that is not a number', () => {
    const base = { JWT_SECRET: 'q'.repeat(8) + 'w'.repeat(8) + 'e'.repeat(8) + 'rtyuiopa', DATA_DIR: '/tmp/pishkhan-config-test' };
    const env = { ...base, SMS_SENDER: 'smsir', SMSIR_API_KEY: KEY, SMSIR_TEMPLATE: '100201' };
    expect(loadConfig({ ...env, SMSIR_LINE_NUMBER: '30007732' }).smsProvider?.textLine).toBe('30007732');
    expect(() => loadConfig({ ...env, SMSIR_LINE_NUMBER: 'line one' })).toThrow(/SMSIR_LINE_NUMBER/);
  });
});

describe('SMS_SENDER=kavenegar and smsir', () => {
  const base = { JWT_SECRET: 'q'.repeat(8) + 'w'.repeat(8) + 'e'.repeat(8) + 'rtyuiopa', DATA_DIR: '/tmp/pishkhan-config-test' };

  it('read the key, one template for every purpose or one each, and a stand-in address', () => {
    const config = loadConfig({
      ...base,
      SMS_SENDER: 'smsir',
      SMSIR_API_KEY: KEY,
      SMSIR_TEMPLATE: '100201',
      SMSIR_TEMPLATE_RESET: '100202',
    });
    expect(config.smsProvider).toEqual({
      kind: 'smsir',
      apiKey: KEY,
      baseUrl: 'https://api.sms.ir',
      templates: { login: '100201', reset: '100202', verify: '100201' },
      codeParameter: 'Code',
    });
    const kave = loadConfig({
      ...base,
      SMS_SENDER: 'kavenegar',
      KAVENEGAR_API_KEY: KEY,
      KAVENEGAR_TEMPLATE: 'otp',
      KAVENEGAR_URL: 'http://127.0.0.1:9/',
    });
    expect(kave.smsProvider).toMatchObject({
      kind: 'kavenegar',
      baseUrl: 'http://127.0.0.1:9',
      templates: { login: 'otp', reset: 'otp', verify: 'otp' },
    });
    expect(loadConfig({ ...base, SMS_SENDER: 'log' }).smsProvider).toBeNull();
  });

  it('refuse to start without a key or a template, naming the variable', () => {
    expect(() => loadConfig({ ...base, SMS_SENDER: 'kavenegar', KAVENEGAR_TEMPLATE: 'otp' })).toThrow(/KAVENEGAR_API_KEY/);
    expect(() => loadConfig({ ...base, SMS_SENDER: 'smsir', SMSIR_API_KEY: KEY })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, SMS_SENDER: 'smsir', SMSIR_API_KEY: KEY, SMSIR_TEMPLATE: 'otp' })).toThrow(/SMSIR_TEMPLATE.*digits/);
  });

  it('are chosen over the log sender', async () => {
    const { standIn, provider } = await smsIr();
    await createSmsSender({ smsSender: 'smsir', smsGatewayUrl: null, smsGatewayToken: null, smsProvider: provider, devTools: true }).send(
      message,
    );
    expect(standIn.delivered).toHaveLength(1);
  });
});

describe('a code through a provider', () => {
  it('signs a person in with the code the provider delivered', async () => {
    const { standIn, provider } = await kavenegar();
    const server = await startTestServer({
      sms: createSmsSender({ smsSender: 'kavenegar', smsGatewayUrl: null, smsGatewayToken: null, smsProvider: provider, devTools: false }),
    });
    servers.push(server);
    const account = await server.createAccount();
    const sent = await server.call(endpoints.sendVerifiedCode, { body: { mobile: account.mobile }, remoteAddress: uniqueAddress() });
    expect(sent.status).toBe(200);
    await expect.poll(() => standIn.delivered.length).toBe(1);
    const code = /(\d{6})/.exec(standIn.delivered[0]!.text)![1];
    const login = await server.call<LoginData>(endpoints.loginByMobile, {
      body: { UserName: '', ServiceName: 'pishkhan', Mobile: account.mobile, Code: code },
      remoteAddress: uniqueAddress(),
    });
    expect(login.status).toBe(200);
  });

  it("answers a verify code 9402 when the provider refuses, and logs the provider's code but never the code", async () => {
    const { provider } = await smsIr(0);
    const lines: string[] = [];
    const codes: string[] = [];
    const sender = createSmsSender({
      smsSender: 'smsir',
      smsGatewayUrl: null,
      smsGatewayToken: null,
      smsProvider: provider,
      devTools: false,
    });
    const server = await startTestServer({
      sms: { send: (sent) => (codes.push(sent.code), sender.send(sent)) },
      logger: { level: 'error', stream: { write: (line: string) => lines.push(line) } },
    });
    servers.push(server);
    const { tokens } = await server.createAccount({ mobile: null });
    allowConsole('error');
    allowServerErrors();
    const answer = await server.call(endpoints.sendVerifiedCode, {
      body: { mobile: uniqueMobile() },
      token: tokens.access_token,
      remoteAddress: uniqueAddress(),
    });
    expect(answer.status).toBe(502);
    expect(answer.body.errorData?.code).toBe(9402);
    const logged = lines.join('\n');
    expect(logged).toContain('"providerCode":102');
    expect(codes).toHaveLength(1);
    expect(logged).not.toContain(codes[0]);
    expect(logged).not.toContain(KEY);
  });
});
