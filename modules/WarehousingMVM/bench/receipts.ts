/**
 * Receipts through sync against a real server process (issue 8's target: 1,000 receipt lines
 * submitted offline, then synced, in under 3 s), on PGlite and on PostgreSQL: a device that
 * worked offline pushes 10 receipts of 100 lines each, every one created and submitted (20
 * mutations, each submit depending on its create), in batches as the sync engine sends them; the
 * server checks, numbers and posts 1,000 stock moves and their balances. Median of 3 runs each.
 * Prints figures; the target is reported, not asserted.
 *
 *   npm run bench:warehousing
 *   npx tsx modules/WarehousingMVM/bench/receipts.ts --smoke    # 2 receipts × 3 lines, one run
 */
import { randomUUID } from 'node:crypto';
import { sized, verdict } from '../../../bench/benchArgs.ts';
import { call, machine, onPglite, onPostgres, startServer, stop } from '../../../bench/serverProcess.ts';
import { endpoints } from '../../../src/contract/endpoints.ts';
import type { LoginData } from '../../../src/contract/envelope.ts';
import { panelEndpoints, type CurrentPanel } from '../../../src/contract/panels.ts';
import { DEFAULT_SERVICE_NAME } from '../../../src/contract/service.ts';
import { PUSH_BATCH_MAX, syncEndpoints, type Mutation, type PushResponse } from '../../../src/contract/sync.ts';
import { Location, Product, Warehouse } from '../entities/masterData.ts';
import { Receipt } from '../entities/stock.ts';

const RECEIPTS = sized(10, 2);
const LINES = sized(100, 3);
const RUNS = sized(3, 1);
const TARGET_MS = 3_000;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function push(url: string, token: string, panel: string, mutations: Mutation[]): Promise<number> {
  const clientId = randomUUID();
  const started = performance.now();
  for (let at = 0; at < mutations.length; at += PUSH_BATCH_MAX) {
    const answer = await call<PushResponse>(
      url,
      syncEndpoints.push,
      { clientId, mutations: mutations.slice(at, at + PUSH_BATCH_MAX) },
      token,
      panel,
    );
    const refused = answer.results.filter((r) => r.status !== 'applied');
    if (refused.length) throw new Error(`push refused ${refused.length}: ${JSON.stringify(refused[0])}`);
  }
  return performance.now() - started;
}

/** A panel with a warehouse, a bin and LINES products, made through sync (not timed). */
async function stockedPanel(url: string, token: string, run: number) {
  const panel = await call<CurrentPanel>(
    url,
    panelEndpoints.register,
    { name: `بنچ رسید ${run}`, icon: 'warehouse', modules: ['PanelManagement', 'WarehousingMVM'] },
    token,
  );
  const warehouseId = randomUUID();
  const locationId = randomUUID();
  const products = Array.from({ length: LINES }, () => randomUUID());
  let id = 1;
  await push(url, token, panel.code, [
    { mutationId: id++, entity: Warehouse.key, op: 'create', id: warehouseId, values: { name: 'انبار مرکزی', code: 'W1', active: true } },
    {
      mutationId: id++,
      entity: Location.key,
      op: 'create',
      id: locationId,
      values: { warehouseId, code: 'A-01', kind: 'bin', active: true },
    },
    ...products.map((pid, i): Mutation => ({
      mutationId: id++,
      entity: Product.key,
      op: 'create',
      id: pid,
      values: { name: `کالای ${i}`, code: `P${String(i).padStart(5, '0')}`, unit: 'piece', active: true },
    })),
  ]);
  return { code: panel.code, warehouseId, locationId, products };
}

function receipts(warehouseId: string, locationId: string, products: string[]): Mutation[] {
  const out: Mutation[] = [];
  let id = 1;
  for (let r = 0; r < RECEIPTS; r++) {
    const receiptId = randomUUID();
    const lines = products.map((productId, i) => ({
      id: randomUUID(),
      productId,
      quantity: `${(i % 7) + 1}.250`,
      unitPrice: 10_000 + i,
      locationId,
      batch: null,
      expiry: null,
    }));
    const created = id++;
    out.push({
      mutationId: created,
      entity: Receipt.key,
      op: 'create',
      id: receiptId,
      values: { direction: 'in', date: '2026-11-23', warehouseId, partyId: null, reference: `INV-${r}`, note: null, lines },
    });
    out.push({ mutationId: id++, entity: Receipt.key, op: 'submit', id: receiptId, baseVersion: 1, dependsOn: created });
  }
  return out;
}

async function benchEngine(engine: string, env: Record<string, string>): Promise<number[]> {
  const server = await startServer(env);
  const times: number[] = [];
  try {
    const username = `benchwh${Date.now().toString(36)}`;
    const { access_token: token } = await call<LoginData>(server.url, endpoints.signUp, {
      username,
      password: 'a quiet river at dawn',
      serviceName: DEFAULT_SERVICE_NAME,
    });
    await call(server.url, endpoints.registrationProfile, { firstName: 'بنچ', lastName: 'انبار', publicUserName: 'null' }, token);
    for (let run = 0; run < RUNS; run++) {
      const panel = await stockedPanel(server.url, token, run);
      times.push(await push(server.url, token, panel.code, receipts(panel.warehouseId, panel.locationId, panel.products)));
    }
  } finally {
    await stop(server);
  }
  console.log(`  ${engine}: ${times.map((t) => (t / 1000).toFixed(2)).join(', ')} s`);
  return times;
}

const loadBefore = machine();
const results: [string, number[]][] = [];
console.log(`receipts through sync: ${RECEIPTS} receipts × ${LINES} lines, created and submitted`);
await onPglite(async (dataDir) => {
  results.push(['PGlite', await benchEngine('PGlite', { DATA_DIR: dataDir })]);
});
await onPostgres(async (databaseUrl) => {
  results.push(['PostgreSQL', await benchEngine('PostgreSQL', { DATABASE_URL: databaseUrl })]);
});
console.log(`\nmachine before: ${loadBefore}; after: ${machine()}`);
for (const [engine, times] of results) {
  const ms = median(times);
  const lines = RECEIPTS * LINES;
  console.log(
    `${engine.padEnd(11)} ${lines.toLocaleString('en')} lines submitted and posted: ${(ms / 1000).toFixed(2)} s (${Math.round(lines / (ms / 1000))} lines/s); target < ${TARGET_MS / 1000} s ${verdict(ms < TARGET_MS)}`,
  );
}
