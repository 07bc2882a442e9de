/**
 * The device's side of the window of history (decision 050), in Node on fake-indexeddb (an
 * in-memory IndexedDB: slower per operation than a browser's, so the figures compare the shapes
 * rather than promise a phone's times): a device holding a year of receipts, 1,000 a month.
 *
 * - a pull page of 500 receipts with windows, all in the window, and half before it (those are
 *   not stored, and the device's copies go), beside the same page without windows;
 * - a window moving forward a month: the month's receipts read through the window field's index
 *   and evicted, beside reading the whole table to find them.
 *
 *   npx tsx bench/windowEviction.ts [months]
 */
import 'fake-indexeddb/auto';
import { Receipt } from '../modules/WarehousingMVM/entities/stock.ts';
import type { Row } from '../src/contract/entity.ts';
import { inWindow } from '../src/contract/syncWindow.ts';
import { PanelDb } from '../src/storage/PanelDb.ts';
import { applyPullPage } from '../src/storage/syncResults.ts';
import { evictBefore } from '../src/storage/windowEviction.ts';
import { positionalArgs, sized } from './benchArgs.ts';

const MONTHS = Number(positionalArgs()[0]) || sized(12, 3);
const PER_MONTH = sized(1000, 100);
const PAGE = 500;
const RUNS = sized(3, 1);

let ids = 0;
const id = () => `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`;

/** The first day of the month `back` months before 2026-11 (Gregorian months: the shapes, not the calendar, matter here). */
function day(back: number, of = 1): string {
  const at = new Date(Date.UTC(2026, 10 - back, of));
  return at.toISOString().slice(0, 10);
}

function receipt(date: string, version = 1): Row {
  return {
    id: id(),
    version,
    updatedAt: `${date}T10:00:00.000Z`,
    deleted: false,
    direction: 'in',
    date,
    warehouseId: '00000000-0000-4000-8000-0000000000bb',
    lines: [{ id: id(), productId: '00000000-0000-4000-8000-0000000000aa', quantity: '3', unitPrice: 1000, locationId: null, batch: null }],
    partyId: null,
    reference: null,
    note: null,
    opening: false,
    status: 'submitted',
    number: `RC-${ids}`,
    submittedAt: `${date}T10:00:00.000Z`,
    amendedFrom: null,
  };
}

async function fresh(): Promise<PanelDb> {
  const db = new PanelDb(`bench-window-${Math.random()}`, { entities: [Receipt] });
  await db.open();
  for (let back = 0; back < MONTHS; back++) {
    const rows = Array.from({ length: PER_MONTH }, (_, i) => receipt(day(back, 1 + (i % 28))));
    await applyPullPage(
      db,
      rows.map((row) => ({ entity: Receipt.key, row })),
      0,
    );
  }
  return db;
}

async function timed(label: string, work: (db: PanelDb) => Promise<unknown>, note = ''): Promise<void> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const db = await fresh();
    const started = performance.now();
    await work(db);
    times.push(performance.now() - started);
    db.close();
  }
  times.sort((a, b) => a - b);
  console.log(`${label.padEnd(72)} median ${times[Math.floor(times.length / 2)]!.toFixed(0).padStart(6)} ms${note ? `  ${note}` : ''}`);
}

const from = day(MONTHS - 1);
const windows = { [Receipt.key]: from };
console.log(`a device holding ${MONTHS} months × ${PER_MONTH} receipts (fake-indexeddb, ${RUNS} runs each)`);
await timed('pull page of 500 receipts, no windows', (db) =>
  applyPullPage(
    db,
    Array.from({ length: PAGE }, () => ({ entity: Receipt.key, row: receipt(day(0, 5)) })),
    1,
  ),
);
await timed('pull page of 500 receipts with windows, all in the window', async (db) => {
  await applyPullPage(db, [], 1, { windows });
  await applyPullPage(
    db,
    Array.from({ length: PAGE }, () => ({ entity: Receipt.key, row: receipt(day(0, 5)) })),
    2,
    { windows },
  );
});
await timed('pull page of 500 receipts with windows, half before it', async (db) => {
  await applyPullPage(db, [], 1, { windows });
  await applyPullPage(
    db,
    Array.from({ length: PAGE }, (_, i) => ({ entity: Receipt.key, row: receipt(i % 2 ? day(0, 5) : day(MONTHS + 2)) })),
    2,
    { windows },
  );
});
await timed(`window moves forward a month: its ${PER_MONTH} receipts read through the index, evicted`, async (db) => {
  const evicted = await evictBefore(db, Receipt, day(MONTHS - 2));
  if (evicted !== PER_MONTH) throw new Error(`evicted ${evicted}, not ${PER_MONTH}`);
});
await timed('  the same month found by reading the whole table', async (db) => {
  const all = await db.rows(Receipt).toArray();
  return all.filter((row) => !inWindow(Receipt, row, day(MONTHS - 2))).length;
});
