/**
 * bench:push — web push delivery time (decision 040): from the start of the transaction that
 * writes a notification to the moment the push service has taken the message (the local stand-in,
 * web-push-testing, which checks the VAPID signature and decrypts it before it answers 201), for
 * one recipient with one device. What it covers: the notification row and change-log stamp, the
 * commit, reading the subscriptions, wording, aes128gcm encryption, VAPID signing, the HTTP call
 * and the stand-in's decryption. What it does not: a real push service's network and its delivery
 * to a phone. In process, on PGlite; 200 writes (smoke: 5), one at a time.
 *
 *   npm run bench:push [-- --smoke]
 */
import { randomUUID } from 'node:crypto';
import { buildApp } from '../server/app.ts';
import { createSmsSender } from '../server/auth/smsSenders.ts';
import { loadConfig } from '../server/config.ts';
import { lockPanelWrites } from '../server/db/changeLog.ts';
import { migrate } from '../server/migrate.ts';
import { currentPlan } from '../server/migrationPlan.ts';
import { openPglite } from '../server/db/pglite.ts';
import { deliver } from '../server/notifications/notifications.ts';
import { pushService } from '../server/notifications/push.ts';
import { endpoints } from '../src/contract/endpoints.ts';
import type { LoginData } from '../src/contract/envelope.ts';
import { panelEndpoints, type CurrentPanel } from '../src/contract/panels.ts';
import { DEFAULT_SERVICE_NAME } from '../src/contract/service.ts';
import { Product } from '../modules/WarehousingMVM/entities/masterData.ts';
import { startPushStandIn } from '../tests/pushStandIn.ts';
import { sized } from './benchArgs.ts';
import { machine, pgliteDataDir } from './serverProcess.ts';

const WRITES = sized(200, 5);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const { dir, remove } = pgliteDataDir();
const db = await openPglite(dir);
const standIn = await startPushStandIn();
try {
  await migrate(db, await currentPlan());
  const config = loadConfig({ ...process.env, DATA_DIR: dir, SEED_DEMO: '0', LOG_LEVEL: 'silent', NODE_ENV: 'test' });
  const app = await buildApp({ config, db, sms: createSmsSender(config), logger: false });
  const call = async <T>(endpoint: { method: string; path: string }, body: unknown, token?: string): Promise<T> => {
    const answer = await app.inject({
      method: endpoint.method as 'POST',
      url: endpoint.path,
      payload: body as object,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    const envelope = answer.json() as { isSuccess: boolean; data: T };
    if (!envelope.isSuccess) throw new Error(`${endpoint.path}: ${answer.body}`);
    return envelope.data;
  };
  const username = `bench${Date.now().toString(36)}`;
  const login = await call<LoginData>(endpoints.signUp, { username, password: 'a quiet river at dawn', serviceName: DEFAULT_SERVICE_NAME });
  const panel = await call<CurrentPanel>(
    panelEndpoints.register,
    { name: 'Push bench', icon: 'store', modules: ['WarehousingMVM'] },
    login.access_token,
  );
  const [found] = await db.query<{ id: string; owner_user_id: string }>('SELECT id, owner_user_id FROM panels WHERE code = $1', [
    panel.code,
  ]);
  const panelId = String(found!.id);
  const owner = String(found!.owner_user_id);
  const publicKey = (await call<{ publicKey: string }>(endpoints.pushPublicKey, undefined)).publicKey;
  const device = await standIn.subscribe(publicKey);
  await call(endpoints.pushSubscribe, { endpoint: device.endpoint, keys: device.keys, lang: 'fa' }, login.access_token);

  const message = { id: 'wh.notify.belowReorderPoint', message: '{name} is at or below its reorder point' };
  const times: number[] = [];
  for (let i = 0; i < WRITES; i++) {
    const started = performance.now();
    await db.transaction(async (tx) => {
      await lockPanelWrites(tx, panelId);
      const notice = {
        kind: 'WarehousingMVM/belowReorderPoint',
        entity: Product,
        row: { id: randomUUID(), version: 1, updatedAt: new Date().toISOString(), deleted: false },
        message,
        values: { name: `کالا ${i}` },
      };
      await deliver(tx, { id: panelId, now: new Date(), byUserId: owner }, notice, [owner]);
    });
    await pushService()!.settled();
    times.push(performance.now() - started);
  }
  const received = (await standIn.messages(device.clientHash)).length;
  if (received !== WRITES) throw new Error(`the stand-in received ${received} of ${WRITES} pushes`);
  const sorted = [...times].sort((a, b) => a - b);
  console.log(`bench:push on ${machine()}: ${WRITES} notifications, one device each, through the web-push-testing stand-in`);
  console.log(
    `  write → push taken by the push service: p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`,
  );
  await app.close();
} finally {
  await standIn.close();
  await db.close();
  remove();
}
