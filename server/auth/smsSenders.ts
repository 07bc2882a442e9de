/**
 * The SMS senders the configuration can name: `log` writes each code to the server log (and, with
 * DEV_TOOLS=1, keeps it in an in-memory outbox the dev route and tests read); `http` posts
 * `{to, text}` as JSON to SMS_GATEWAY_URL with SMS_GATEWAY_TOKEN as a bearer token; `kavenegar`
 * and `smsir` send through the provider's OTP template (smsProviders.ts).
 */
import type { Config } from '../config.ts';
import type { CodePurpose, SmsMessage, SmsOutbox, SmsSender, SmsText } from './sms.ts';
import { providerSender } from './smsProviders.ts';

const texts: Record<SmsMessage['lang'], Record<CodePurpose, string>> = {
  fa: {
    login: 'کد ورود شما به پیشخوان: {code}\nاین کد دو دقیقه اعتبار دارد؛ آن را به کسی ندهید.',
    reset: 'کد بازیابی رمز پیشخوان: {code}\nاین کد دو دقیقه اعتبار دارد؛ آن را به کسی ندهید.',
    verify: 'کد تأیید شماره در پیشخوان: {code}\nاین کد دو دقیقه اعتبار دارد؛ آن را به کسی ندهید.',
  },
  en: {
    login: 'Your Pishkhan sign-in code: {code}\nIt is valid for two minutes; never share it.',
    reset: 'Your Pishkhan password reset code: {code}\nIt is valid for two minutes; never share it.',
    verify: 'Your Pishkhan number verification code: {code}\nIt is valid for two minutes; never share it.',
  },
};

export function smsText(message: SmsMessage): string {
  return texts[message.lang][message.purpose].replace('{code}', message.code);
}

/** Keeps the latest messages only, so a long-running dev server does not grow without end. */
export class DevOutbox implements SmsOutbox {
  private readonly messages: SmsMessage[] = [];
  private readonly texts: SmsText[] = [];
  constructor(private readonly capacity = 500) {}

  add(message: SmsMessage): void {
    this.messages.push(message);
    if (this.messages.length > this.capacity) this.messages.shift();
  }

  addText(message: SmsText): void {
    this.texts.push(message);
    if (this.texts.length > this.capacity) this.texts.shift();
  }

  textsFor(mobile: string): readonly string[] {
    return this.texts.filter((m) => m.mobile === mobile).map((m) => m.text);
  }

  forMobile(mobile: string): readonly SmsMessage[] {
    return this.messages.filter((m) => m.mobile === mobile);
  }

  latestCode(mobile: string, purpose?: CodePurpose): string | null {
    const sent = this.forMobile(mobile).filter((m) => !purpose || m.purpose === purpose);
    return sent.at(-1)?.code ?? null;
  }
}

export function logSender(write: (line: string) => void, outbox?: DevOutbox): SmsSender {
  return {
    outbox,
    async send(message) {
      write(`SMS to ${message.mobile} (${message.purpose}): code ${message.code}`);
      outbox?.add(message);
    },
    async sendText(message) {
      write(`SMS to ${message.mobile} (notification): ${message.text}`);
      outbox?.addText(message);
    },
  };
}

export interface HttpSenderOptions {
  url: string;
  token: string | null;
  timeoutMs?: number;
}

export function httpSender({ url, token, timeoutMs = 5_000 }: HttpSenderOptions): SmsSender {
  async function post(to: string, text: string): Promise<void> {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify({ to, text }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    // The body is not needed, but it must be read or discarded to free the connection.
    await response.body?.cancel();
    if (!response.ok) throw new Error(`the SMS gateway answered HTTP ${response.status}`);
  }
  return {
    send: (message) => post(message.mobile, smsText(message)),
    sendText: (message) => post(message.mobile, message.text),
  };
}

/** The sender the configuration names. */
export function createSmsSender(
  config: Pick<Config, 'smsSender' | 'smsGatewayUrl' | 'smsGatewayToken' | 'smsProvider' | 'devTools'>,
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): SmsSender {
  if (config.smsProvider) return providerSender(config.smsProvider);
  if (config.smsSender === 'http' && config.smsGatewayUrl) {
    return httpSender({ url: config.smsGatewayUrl, token: config.smsGatewayToken });
  }
  return logSender(write, config.devTools ? new DevOutbox() : undefined);
}
