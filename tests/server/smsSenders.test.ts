import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createSmsSender, DevOutbox, httpSender, logSender, smsText } from '../../server/auth/smsSenders.ts';
import type { SmsMessage } from '../../server/auth/sms.ts';
import { testConfig } from './harness.ts';

const message: SmsMessage = { mobile: '09121234567', code: '048213', purpose: 'login', lang: 'fa' };

interface Received {
  headers: IncomingHttpHeaders;
  body: unknown;
}

let gateway: Server | null = null;

/** A stand-in SMS gateway on a loopback port: the edge of the world, and the only thing mocked. */
async function startGateway(answer: (response: ServerResponse) => void): Promise<{ url: string; received: Received[] }> {
  const received: Received[] = [];
  gateway = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: JSON.parse(text) });
      answer(response);
    });
  });
  await new Promise<void>((resolve) => gateway!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/send`, received };
}

afterEach(async () => {
  gateway?.closeAllConnections();
  await new Promise((resolve) => gateway?.close(resolve) ?? resolve(null));
  gateway = null;
});

describe('the log sender', () => {
  it('writes the number and the code to the log', async () => {
    const lines: string[] = [];
    await logSender((line) => lines.push(line)).send(message);
    expect(lines).toEqual(['SMS to 09121234567 (login): code 048213']);
  });

  it('keeps messages in the dev outbox only with DEV_TOOLS=1', async () => {
    const withTools = createSmsSender(testConfig({ devTools: true }), () => {});
    const withoutTools = createSmsSender(testConfig({ devTools: false }), () => {});
    await withTools.send(message);
    expect(withTools.outbox?.latestCode(message.mobile)).toBe('048213');
    expect(withoutTools.outbox).toBeUndefined();
  });

  it('keeps a bounded outbox', () => {
    const outbox = new DevOutbox(3);
    for (let i = 0; i < 5; i++) outbox.add({ ...message, code: String(i).padStart(6, '0') });
    expect(outbox.forMobile(message.mobile).map((m) => m.code)).toEqual(['000002', '000003', '000004']);
  });
});

describe('the HTTP sender', () => {
  it('posts {to, text} as JSON with the gateway token as a bearer token', async () => {
    const { url, received } = await startGateway((response) => response.writeHead(202).end('queued'));
    await httpSender({ url, token: 'gateway-token' }).send(message);
    expect(received).toHaveLength(1);
    expect(received[0]!.headers.authorization).toBe('Bearer gateway-token');
    expect(received[0]!.headers['content-type']).toBe('application/json');
    expect(received[0]!.body).toEqual({ to: '09121234567', text: smsText(message) });
    expect(smsText(message)).toContain('048213');
  });

  it('fails when the gateway answers an error', async () => {
    const { url } = await startGateway((response) => response.writeHead(503).end());
    await expect(httpSender({ url, token: null }).send(message)).rejects.toThrow(/503/);
  });

  it('gives up when the gateway does not answer in time', async () => {
    const { url } = await startGateway(() => {});
    await expect(httpSender({ url, token: null, timeoutMs: 200 }).send(message)).rejects.toThrow();
  });

  it('is the sender SMS_SENDER=http names', async () => {
    const { url, received } = await startGateway((response) => response.writeHead(200).end());
    const sender = createSmsSender(testConfig({ smsSender: 'http', smsGatewayUrl: url, smsGatewayToken: null }));
    await sender.send({ ...message, lang: 'en' });
    expect(received[0]!.body).toEqual({ to: message.mobile, text: expect.stringContaining('048213') });
    expect(sender.outbox).toBeUndefined();
  });
});
