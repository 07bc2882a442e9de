/**
 * The local push service stand-in (the web-push-testing package, decision 040), started in this
 * process on a free port: it hands out subscriptions like a browser's push service, checks each
 * message's VAPID signature against the subscription's key, decrypts it (aes128gcm) and keeps it.
 * Used by the server tests, the e2e and bench/push.ts.
 */
import { createRequire } from 'node:module';
import { createServer, type Server } from 'node:net';

const require = createRequire(import.meta.url);

interface StandInServer {
  _server: { close(done: () => void): void };
  startServer(): void;
}

export interface StandInSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  clientHash: string;
}

export interface PushStandIn {
  url: string;
  /** A new device's subscription for the server's VAPID public key. */
  subscribe(applicationServerKey: string): Promise<StandInSubscription>;
  /** The decrypted messages the device received, oldest first. */
  messages(clientHash: string): Promise<string[]>;
  /** The device unsubscribed: the next message is answered 410. */
  expire(clientHash: string): Promise<void>;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  const probe: Server = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const port = (probe.address() as { port: number }).port;
  await new Promise((done) => probe.close(done));
  return port;
}

async function post<T>(url: string, body?: unknown): Promise<T> {
  const answer = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await answer.text();
  if (!answer.ok) throw new Error(`push stand-in ${url}: ${answer.status} ${text}`);
  return (answer.headers.get('content-type')?.includes('json') ? JSON.parse(text) : null) as T;
}

export async function startPushStandIn(): Promise<PushStandIn> {
  const { PushApiModel } = require('web-push-testing/src/PushApiModel.js') as { PushApiModel: new () => unknown };
  const Server = require('web-push-testing/src/server.js') as new (model: unknown, port: number) => StandInServer;
  const port = await freePort();
  const server = new Server(new PushApiModel(), port);
  const log = console.log;
  console.log = () => {}; // its "Server running on port" line
  const url = `http://localhost:${port}`;
  try {
    server.startServer();
    for (let i = 0; ; i++) {
      try {
        await post(`${url}/status`);
        break;
      } catch (error) {
        if (i > 100) throw error;
        await new Promise((r) => setTimeout(r, 20));
      }
    }
  } finally {
    console.log = log;
  }
  return {
    url,
    async subscribe(applicationServerKey) {
      const answer = await post<{ data: StandInSubscription }>(`${url}/subscribe`, { userVisibleOnly: 'true', applicationServerKey });
      return answer.data;
    },
    async messages(clientHash) {
      return (await post<{ data: { messages: string[] } }>(`${url}/get-notifications`, { clientHash })).data.messages;
    },
    async expire(clientHash) {
      await post(`${url}/expire-subscription/${clientHash}`);
    },
    close: () => new Promise<void>((done) => server._server.close(() => done())),
  };
}
