/**
 * The big panel's figures of the device's window of history (decision 050): how many rows of each
 * windowed entity a device holds with the declared windows (against every row the server has),
 * and how long the server takes to answer a list's "Show older" (the first page of 50 rows before
 * the window, the list's default sort; and with a search), through the REST list's own SQL
 * (`listRows`). Called from bench/bigPanel.ts's `measure()`, or alone on a seeded record:
 *
 *   npx tsx bench/bigPanelWindow.ts [bench/results/bigpanel-postgres-full.json]
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Db } from '../server/db/Db.ts';
import { columnName } from '../server/entities/columns.ts';
import { listRows } from '../server/entities/listQuery.ts';
import { permission, READ_ALL_GRANT, type Entity } from '../src/contract/entity.ts';
import { tehranDayBound } from '../src/contract/list.ts';
import { windowStart } from '../src/contract/syncWindow.ts';
import { dayBefore, listQueryOf, olderParams } from '../src/contract/olderRows.ts';
import { Voucher } from '../modules/MarketAccounting/entities/documents.ts';
import { JournalLine } from '../modules/MarketAccounting/entities/ledger.ts';
import { Receipt, StockMove } from '../modules/WarehousingMVM/entities/stock.ts';
import { Sale } from '../modules/NagemManagement/entities/sale.ts';
import { Request } from '../modules/NagemManagement/entities/support.ts';
import { Punch } from '../modules/HumanResource/entities/punch.ts';
import { type BigPanelFigure, openSeeded, timed } from './bigPanelKit.ts';

/** What this file reads of bench/bigPanel.ts's seed record and figures (their types stay there). */
interface WindowRecord {
  engine: 'postgres' | 'pglite';
  size: string;
  panelId: string;
  schema?: string;
  dataDir?: string;
  rows: { [table: string]: number };
}
type WindowFigure = BigPanelFigure;

const WINDOWED: readonly Entity[] = [StockMove, Receipt, Voucher, JournalLine, Sale, Request, Punch];
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** The rows of an entity a device keeps with its declared window as of `now`, and all the panel's. */
async function keptRows(db: Db, panelId: string, entity: Entity, now: Date): Promise<{ kept: number; all: number; from: string }> {
  const window = entity.window!;
  const from = windowStart(window, now);
  const field = columnName(window.field);
  const bound = entity.fields[window.field]?.kind === 'dateTime' ? tehranDayBound(from, false) : from;
  const params: unknown[] = [panelId, bound];
  let keep = '';
  if (window.keep) {
    params.push([...window.keep.values]);
    keep = ` OR ${columnName(window.keep.field)} = ANY($3::text[])`;
  }
  const [row] = await db.query<{ kept: number; all: number }>(
    `SELECT count(*) FILTER (WHERE ${field} IS NULL OR ${field} >= $2${keep})::int AS kept, count(*)::int AS all
     FROM ${entity.table} WHERE panel_id = $1 AND NOT deleted`,
    params,
  );
  return { kept: row!.kept, all: row!.all, from };
}

export async function measureWindows(record: WindowRecord, figures: WindowFigure[]): Promise<void> {
  const db = await openSeeded(record);
  const now = new Date();
  const add = (what: string, t: { p50: number; p95: number }, note?: string) => {
    figures.push({ engine: record.engine, size: record.size, what, ...t, note });
    console.log(`  ${what}: p50 ${ms(t.p50)}, p95 ${ms(t.p95)}${note ? ` (${note})` : ''}`);
  };
  try {
    console.log('  a device with the declared windows holds:');
    let kept = 0;
    let all = 0;
    for (const entity of WINDOWED) {
      if (!(entity.table in record.rows)) continue;
      const counts = await keptRows(db, record.panelId, entity, now);
      kept += counts.kept;
      all += counts.all;
      const share = counts.all ? ((100 * counts.kept) / counts.all).toFixed(1) : '0';
      console.log(
        `    ${entity.key.padEnd(30)} ${counts.kept.toLocaleString('en').padStart(10)} of ${counts.all.toLocaleString('en').padStart(10)} rows (${share}%), from ${counts.from}`,
      );
    }
    console.log(
      `    ${'windowed entities together'.padEnd(30)} ${kept.toLocaleString('en').padStart(10)} of ${all.toLocaleString('en').padStart(10)} rows`,
    );

    // "Show older": the first page of 50 rows before the window, in each list's default order.
    for (const entity of [Receipt, Voucher, Sale, StockMove]) {
      if (!(entity.table in record.rows)) continue;
      const from = windowStart(entity.window!, now);
      const permissions = new Set([permission(entity, 'read'), permission(entity, READ_ALL_GRANT)]);
      const older = olderParams(entity, { sort: entity.defaultSort }, from)!;
      let total = 0;
      add(
        `Show older: ${entity.name}, first 50 before ${from}`,
        await timed(async () => {
          total = (await listRows(db, entity, record.panelId, listQueryOf({ ...older, page: 1, pageSize: 50 }), permissions)).total;
        }),
        `${total.toLocaleString('en')} rows before the window; the range ends ${dayBefore(from)}`,
      );
      if (entity === Receipt) {
        add(
          `Show older: ${entity.name}, with a search ("1403")`,
          await timed(async () => {
            total = (
              await listRows(db, entity, record.panelId, listQueryOf({ ...older, search: '1403', page: 1, pageSize: 50 }), permissions)
            ).total;
          }),
          `${total.toLocaleString('en')} rows`,
        );
      }
    }
  } finally {
    await db.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const file = process.argv[2] ?? resolve(import.meta.dirname, 'results/bigpanel-postgres-full.json');
  const record = JSON.parse(readFileSync(file, 'utf8')) as WindowRecord;
  console.log(`${record.engine} at size ${record.size}, windows as of ${new Date().toISOString()}`);
  await measureWindows(record, []);
}
