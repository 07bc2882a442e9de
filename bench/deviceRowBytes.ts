/**
 * Where a joined panel's bytes go on the device (decision 056): rows written into IndexedDB in
 * Chromium as a pull leaves them, `navigator.storage.estimate()` before and after, each layout in a
 * fresh browser context (its own empty storage). `bytesPerDeviceRow` measures a sample of the
 * snapshot's pages (bench/bigPanelJoin.ts calls it) in the layout of decision 051 and in today's.
 *
 * Alone, `npx tsx bench/deviceRowBytes.ts [--size full] [--rows 3000] [--only Product,Sale]` takes the first rows of each
 * big entity from the recorded PostgreSQL set (through `pullSnapshot`, as a device gets them) and
 * prints, per entity, the bytes a row of the value alone, what `_search` and `_sort` add, what each
 * index adds, the whole row before (decision 051) and after; the estimate right after the writes,
 * after closing and reopening the database, and after a wait (does it count LevelDB logs not yet
 * compacted?); and the joined panel's size before and after, weighting each entity by its rows in
 * the snapshot (windowed ones counted from the window's first day, without the undated or kept
 * rows a window also sends: a lower bound for those).
 */
import { createServer, type Server } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import type { Entity, Row } from '../src/contract/entity.ts';
import { entities, entityByKey } from '../src/contract/modules.ts';
import { sortKey } from '../src/contract/list.ts';
import type { SyncChange } from '../src/contract/sync.ts';
import { windowStarts } from '../src/contract/syncWindow.ts';
import { BYTES_PER_ROW } from '../src/storage/deviceStorage.ts';
import { deriveStores } from '../src/storage/panelDbSchema.ts';
import { chromiumArgs } from '../tests/e2e/harness.ts';
import { option } from './benchArgs.ts';
import { syncedRow } from './browserBench.ts';

/** Decision 051's layout: `updatedAt` and `_sort` indexed on every table, `_sort` on every live row; indexes declared then and dropped since. */
const DROPPED_SINCE_051: Record<string, string[]> = {
  e_warehousing_mvm_stock_valuation: ['warehouseId'],
  e_market_accounting_account_balance: ['accountId', 'partyId'],
  e_market_accounting_journal_line: ['accountId'],
  e_warehousing_mvm_stock_move: ['productId'],
};

/** A table's stores spec as Dexie writes it (`id, a, *b, [c+d]`) in decision 051's layout. */
function specBefore(entity: Entity): string {
  const [, ...now] = deriveStores([entity])[entity.table]!.split(', ');
  return ['id', ...new Set(['updatedAt', '_sort', ...(DROPPED_SINCE_051[entity.table] ?? []), ...now])].join(', ');
}

const specAfter = (entity: Entity) => deriveStores([entity])[entity.table]!;

/** A row as decision 051's device stored it: `_sort` always, the title's key (or ''). */
function rowBefore(entity: Entity, values: Row) {
  return { ...syncedRow(entity, values), _sort: sortKey(values[entity.titleField]) };
}

/** The server's row with what a pull adds, but neither `_search` nor `_sort`. */
function valueOnly(entity: Entity, values: Row) {
  const { _search: _s, _sort: _o, ...rest } = rowBefore(entity, values);
  return rest;
}

interface Stored {
  /** Right after the last write's commit. */
  written: number;
  /** After the database is closed and opened again. */
  reopened: number;
  /** After a further wait of WAIT_MS. */
  settled: number;
}

const WAIT_MS = 3_000;

/** A blank page on 127.0.0.1 (a secure context, so `navigator.storage` answers). */
async function blankPage(): Promise<{ url: string; server: Server }> {
  const server = createServer((_, response) =>
    response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>bytes</title>'),
  );
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { url: `http://127.0.0.1:${address.port}/`, server };
}

/** Writes tables (each `{spec, rows}`) into a database of a fresh context; answers the growth of `estimate().usage`. */
async function storedBytes(browser: Browser, url: string, tables: { spec: string; rows: unknown[] }[]): Promise<Stored> {
  const context = await browser.newContext();
  // tsx names the page function's inner functions through a helper of its own, absent in the page.
  await context.addInitScript('window.__name = (f) => f');
  try {
    const page = await context.newPage();
    await page.goto(url);
    return await page.evaluate(
      async ({ tables, wait }) => {
        const usage = async () => (await navigator.storage.estimate()).usage ?? 0;
        const opened = (upgrade?: (db: IDBDatabase) => void) =>
          new Promise<IDBDatabase>((ok, fail) => {
            const open = indexedDB.open('bytes', 1);
            open.onupgradeneeded = () => upgrade?.(open.result);
            open.onsuccess = () => ok(open.result);
            open.onerror = () => fail(open.error);
          });
        const before = await usage();
        const db = await opened((db) =>
          tables.forEach(({ spec }, i) => {
            const [, ...indexes] = spec.split(', ');
            const store = db.createObjectStore(`t${i}`, { keyPath: 'id' });
            for (const index of indexes) {
              const compound = /^\[(.*)\]$/.exec(index);
              const name = index.replace(/^\*/, '');
              store.createIndex(name, compound ? compound[1]!.split('+') : name, { multiEntry: index.startsWith('*') });
            }
          }),
        );
        for (const [i, { rows }] of tables.entries())
          for (let at = 0; at < rows.length; at += 500)
            await new Promise<void>((ok, fail) => {
              const tx = db.transaction(`t${i}`, 'readwrite');
              for (const row of rows.slice(at, at + 500)) tx.objectStore(`t${i}`).put(row);
              tx.oncomplete = () => ok();
              tx.onerror = () => fail(tx.error);
            });
        const written = (await usage()) - before;
        db.close();
        (await opened()).close();
        const reopened = (await usage()) - before;
        await new Promise((done) => setTimeout(done, wait));
        return { written, reopened, settled: (await usage()) - before };
      },
      { tables, wait: WAIT_MS },
    );
  } finally {
    await context.close();
  }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Rows of a sample by entity (those this build declares). */
function byEntity(sample: readonly SyncChange[]): Map<Entity, Row[]> {
  const out = new Map<Entity, Row[]>();
  for (const change of sample) {
    const entity = entityByKey(change.entity);
    if (entity && change.row) out.set(entity, [...(out.get(entity) ?? []), change.row as Row]);
  }
  return out;
}

/**
 * The bytes a row of the sample takes on the device, written as a pull leaves it in today's layout
 * (deriveStores, localTexts), beside decision 051's layout of the same rows; answers today's.
 */
export async function bytesPerDeviceRow(sample: SyncChange[]): Promise<number> {
  const groups = [...byEntity(sample)];
  const rows = groups.reduce((n, [, values]) => n + values.length, 0);
  const { url, server } = await blankPage();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs });
  try {
    const before = await storedBytes(
      browser,
      url,
      groups.map(([entity, values]) => ({ spec: specBefore(entity), rows: values.map((v) => rowBefore(entity, v)) })),
    );
    const after = await storedBytes(
      browser,
      url,
      groups.map(([entity, values]) => ({ spec: specAfter(entity), rows: values.map((v) => syncedRow(entity, v)) })),
    );
    console.log(
      `  device: ${rows.toLocaleString('en')} rows took ${mb(before.written)} in decision 051's layout (${(before.written / rows).toFixed(0)} bytes a row), ` +
        `${mb(after.written)} now (${(after.written / rows).toFixed(0)} bytes a row; ${(after.reopened / rows).toFixed(0)} reopened, ${(after.settled / rows).toFixed(0)} after ${WAIT_MS / 1000} s)`,
    );
    return after.written / rows;
  } finally {
    await browser.close();
    server.close();
  }
}

/** The first `count` rows of each of these entities in the seeded panel's snapshot, as a device gets them. */
async function sampleOf(
  record: SampleRecord,
  wanted: readonly Entity[],
  count: number,
): Promise<{ sample: Map<Entity, Row[]>; rows: Map<Entity, number> }> {
  const { openSeeded } = await import('./bigPanelKit.ts');
  const { accessById } = await import('../server/panels/panelAccess.ts');
  const { pullSnapshot, snapshotToken } = await import('../server/sync/pullSnapshot.ts');
  const { columnName } = await import('../server/entities/columns.ts');
  const db = await openSeeded(record);
  try {
    const [owner] = await db.query<{ id: string }>('SELECT id FROM users WHERE username = $1', [record.username]);
    const [panel] = await db.query<{ id: string }>('SELECT id FROM panels WHERE code = $1', [record.panelCode]);
    const access = (await accessById(db, panel!.id, owner!.id))!;
    const all = entities();
    const starts = windowStarts(all, new Date());
    const sample = new Map<Entity, Row[]>();
    const rows = new Map<Entity, number>();
    for (const entity of wanted) {
      const position = {
        panel: panel!.id,
        entity: all.indexOf(entity),
        part: 0 as const,
        afterValue: '',
        after: '',
        seq: 1,
        total: 1,
        done: 0,
      };
      const page = await pullSnapshot(db, access, { cursor: 0, limit: count }, snapshotToken(position));
      sample.set(
        entity,
        page.changes.filter((c) => c.entity === entity.key && c.row).map((c) => c.row as Row),
      );
      const windowed =
        entity.window && starts[entity.key] ? [` AND ${columnName(entity.window.field)} >= $2`, [starts[entity.key]]] : ['', []];
      const [counted] = await db.query<{ n: string }>(
        `SELECT count(*) AS n FROM ${entity.table} WHERE panel_id = $1 AND NOT deleted${windowed[0]}`,
        [panel!.id, ...(windowed[1] as string[])],
      );
      rows.set(entity, Number(counted?.n ?? 0));
    }
    return { sample, rows };
  } finally {
    await db.close();
  }
}

interface SampleRecord {
  username: string;
  panelCode: string;
  schema?: string;
  dataDir?: string;
}

/** Per entity: the value, `_search`/`_sort`, each index, the whole row before and after; then the joined panel before and after. */
async function breakdown(record: SampleRecord, count: number): Promise<void> {
  const { Product } = await import('../modules/WarehousingMVM/entities/masterData.ts');
  const { Receipt, StockBalance, StockMove, StockValuation } = await import('../modules/WarehousingMVM/entities/stock.ts');
  const { AccountBalance, JournalLine } = await import('../modules/MarketAccounting/entities/ledger.ts');
  const { Sale } = await import('../modules/NagemManagement/entities/sale.ts');
  const { Customer } = await import('../modules/NagemManagement/entities/customers.ts');
  const { Punch } = await import('../modules/HumanResource/entities/punch.ts');
  const only = option('--only')?.split(',');
  const wanted = [Product, StockBalance, StockValuation, AccountBalance, StockMove, JournalLine, Punch, Sale, Customer, Receipt].filter(
    (entity) => !only || only.includes(entity.name),
  );
  const { sample, rows } = await sampleOf(record, wanted, count);
  const { url, server } = await blankPage();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs });
  let totalBefore = 0;
  let totalAfter = 0;
  let totalRows = 0;
  try {
    for (const [entity, values] of sample) {
      if (!values.length) {
        console.log(`${entity.key}: no rows in the seeded panel`);
        continue;
      }
      const n = values.length;
      const per = async (spec: string, row: (v: Row) => unknown) =>
        (await storedBytes(browser, url, [{ spec, rows: values.map(row) }])).written / n;
      const value = await per('id', (v) => valueOnly(entity, v));
      const texts = await per('id', (v) => rowBefore(entity, v));
      const parts = [`value ${value.toFixed(0)}`, `_search+_sort ${(texts - value).toFixed(0)}`];
      for (const index of specBefore(entity).split(', ').slice(1))
        parts.push(`${index} ${((await per(`id, ${index}`, (v) => rowBefore(entity, v))) - texts).toFixed(0)}`);
      const before = await storedBytes(browser, url, [{ spec: specBefore(entity), rows: values.map((v) => rowBefore(entity, v)) }]);
      const after = await storedBytes(browser, url, [{ spec: specAfter(entity), rows: values.map((v) => syncedRow(entity, v)) }]);
      const inSnapshot = rows.get(entity) ?? 0;
      totalBefore += (before.written / n) * inSnapshot;
      totalAfter += (after.written / n) * inSnapshot;
      totalRows += inSnapshot;
      console.log(
        `${entity.key} (${n.toLocaleString('en')} rows sampled, ${inSnapshot.toLocaleString('en')} in the snapshot), bytes a row: ${parts.join(', ')}; ` +
          `whole row before ${(before.written / n).toFixed(0)} (reopened ${(before.reopened / n).toFixed(0)}, after ${WAIT_MS / 1000} s ${(before.settled / n).toFixed(0)}), ` +
          `after ${(after.written / n).toFixed(0)} (reopened ${(after.reopened / n).toFixed(0)}, after ${WAIT_MS / 1000} s ${(after.settled / n).toFixed(0)})`,
      );
    }
  } finally {
    await browser.close();
    server.close();
  }
  console.log(
    `these entities' ${totalRows.toLocaleString('en')} rows on the device: ${mb(totalBefore)} before (${(totalBefore / totalRows).toFixed(0)} bytes a row), ` +
      `${mb(totalAfter)} after (${(totalAfter / totalRows).toFixed(0)} bytes a row); deviceStorage.ts reckons ${BYTES_PER_ROW}`,
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await import('../server/modules/discover.ts');
  const size = option('--size') ?? 'full';
  const file = join(import.meta.dirname, 'results', `bigpanel-postgres-${size}.json`);
  if (!existsSync(file)) throw new Error(`${file}: no seeded set (npm run bench:bigpanel -- seed --size ${size} --engine postgres)`);
  await breakdown(JSON.parse(readFileSync(file, 'utf8')) as SampleRecord, Number(option('--rows') ?? 3_000));
}
