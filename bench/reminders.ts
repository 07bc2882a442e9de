/**
 * bench:reminders — the reminders' schedule's work per run (decision 038) for a panel with
 * 10,000 cheques and 10,000 products (smoke: 200 of each), of which 1 % are due (a cheque due
 * tomorrow, a product at or below its reorder point): the first run (which delivers one reminder
 * per due row to the owner), a second run the same day (which finds them all delivered) and a run
 * on a later day with no cheque due (the products are due again: once a day). In process, on
 * PGlite, the panel made through the API and the rows written straight into their tables.
 *
 *   npm run bench -- reminders [--smoke]
 */
import { randomUUID } from 'node:crypto';
import { buildApp } from '../server/app.ts';
import { createSmsSender } from '../server/auth/smsSenders.ts';
import { loadConfig } from '../server/config.ts';
import { migrate } from '../server/migrate.ts';
import { currentPlan } from '../server/migrationPlan.ts';
import { openPglite } from '../server/db/pglite.ts';
import { insertRows } from '../server/entities/entityStore.ts';
import { reminderDays, runReminders, type RunFigures } from '../server/notifications/reminders.ts';
import { endpoints } from '../src/contract/endpoints.ts';
import type { LoginData } from '../src/contract/envelope.ts';
import { panelEndpoints, type CurrentPanel } from '../src/contract/panels.ts';
import { DEFAULT_SERVICE_NAME } from '../src/contract/service.ts';
import { Cheque } from '../modules/MarketAccounting/entities/documents.ts';
import { Product, Warehouse } from '../modules/WarehousingMVM/entities/masterData.ts';
import { StockBalance } from '../modules/WarehousingMVM/entities/stock.ts';
import { sized } from './benchArgs.ts';
import { machine, pgliteDataDir } from './serverProcess.ts';

const CHEQUES = sized(10_000, 200);
const PRODUCTS = sized(10_000, 200);
const DUE_SHARE = 0.01;

const { dir, remove } = pgliteDataDir();
const db = await openPglite(dir);
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
    { name: 'Reminders bench', icon: 'store', modules: ['MarketAccounting', 'WarehousingMVM'] },
    login.access_token,
  );
  const [found] = await db.query<{ id: string; owner_user_id: string }>('SELECT id, owner_user_id FROM panels WHERE code = $1', [
    panel.code,
  ]);
  const { id: panelId, owner_user_id: owner } = found!;

  const now = new Date();
  const { tomorrow } = reminderDays(now);
  const due = Math.max(1, Math.round(CHEQUES * DUE_SHARE));
  const day = (offset: number) => {
    const d = new Date(`${tomorrow}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + offset);
    return d.toISOString().slice(0, 10);
  };
  const statuses = ['inHand', 'deposited', 'cleared', 'bounced'];
  const rows = Array.from({ length: CHEQUES }, (_, i) => ({
    id: randomUUID(),
    values: {
      direction: i % 2 ? 'received' : 'issued',
      serial: String(100_000 + i),
      bank: 'ملت',
      amount: 1_000_000 + i,
      // The first `due` are due tomorrow and still in hand; the rest spread over the year around it.
      dueDate: i < due ? tomorrow : day((i % 365) - 180 || 5),
      status: i < due ? 'inHand' : statuses[i % statuses.length],
      voided: false,
    },
  }));
  const made = performance.now();
  for (let i = 0; i < rows.length; i += 1000) await insertRows(db, Cheque, { panelId, userId: owner, now }, rows.slice(i, i + 1000));
  console.log(`${CHEQUES} cheques written in ${Math.round(performance.now() - made)} ms; ${due} due tomorrow and open (${machine()})`);

  // Products: 1 % with no stock (at or below their reorder point of 5), the rest with 50 on hand.
  const stamp = { panelId, userId: owner, now };
  const warehouse = randomUUID();
  await insertRows(db, Warehouse, stamp, [{ id: warehouse, values: { name: 'انبار مرکزی', code: 'W1' } }]);
  const low = Math.max(1, Math.round(PRODUCTS * DUE_SHARE));
  const products = Array.from({ length: PRODUCTS }, (_, i) => ({
    id: randomUUID(),
    values: { name: `کالای ${i}`, code: `P${i}`, unit: 'piece', reorderPoint: '5' },
  }));
  const balances = products
    .slice(low)
    .map((p) => ({ id: randomUUID(), values: { productId: p.id, warehouseId: warehouse, quantity: '50' } }));
  const stocked = performance.now();
  for (let i = 0; i < products.length; i += 1000) await insertRows(db, Product, stamp, products.slice(i, i + 1000));
  for (let i = 0; i < balances.length; i += 1000) await insertRows(db, StockBalance, stamp, balances.slice(i, i + 1000));
  console.log(
    `${PRODUCTS} products and ${balances.length} stock balances written in ${Math.round(performance.now() - stocked)} ms; ${low} at or below their reorder point`,
  );

  const show = (what: string, run: RunFigures | null) =>
    console.log(
      `${what.padEnd(34)} ${run ? `${String(run.ms).padStart(6)} ms   panels ${run.panels}   due ${run.due}   reminders written ${run.delivered}` : 'skipped (lock held)'}`,
    );
  show('first run (delivers)', await runReminders(db, now));
  show('second run, same day (once-keys)', await runReminders(db, new Date(now.getTime() + 15 * 60_000)));
  const later = new Date(`${day(200)}T09:00:00Z`);
  show('a later day, no cheque due', await runReminders(db, later));
  await app.close();
} finally {
  await db.close();
  remove();
}
