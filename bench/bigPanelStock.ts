/**
 * Stock on hand at the big panel's scale (issue 31, decision 052), measured in the server's own
 * function behind GET /api/WarehousingMVM/StockOnHand: the first page and the warehouse's totals
 * (the screen's first answer, target < 200 ms), by code, a search, every warehouse per product, and
 * page 100 after page 99 (and by its number), the whole warehouse listed page after page. Read from the valuations (one row per product ×
 * warehouse); decision 049's "stock on hand for a warehouse" summed the balances per place instead.
 * Called from `measure()` of bench/bigPanel.ts.
 */
import { verdict } from './benchArgs.ts';
import { accessById } from '../server/panels/panelAccess.ts';
import { StockValuation } from '../modules/WarehousingMVM/entities/stock.ts';
import { parseStockQuery, stockOnHand } from '../modules/WarehousingMVM/server/stockOnHandRoute.ts';
import { STOCK_PAGE_MAX } from '../modules/WarehousingMVM/rules/stockOnHandEndpoint.ts';
import { type BigPanelFigure, openSeeded, timed } from './bigPanelKit.ts';

interface StockRecord {
  engine: 'postgres' | 'pglite';
  size: string;
  panelId: string;
  username: string;
  schema?: string;
  dataDir?: string;
}

type StockFigure = BigPanelFigure;

const TARGET = 200;

export async function measureStockOnHand(record: StockRecord, figures: StockFigure[]): Promise<void> {
  const db = await openSeeded(record);
  const add = (what: string, t: { p50: number; p95: number }, target?: number, note?: string) => {
    figures.push({ engine: record.engine, size: record.size, what, ...t, target, note });
    console.log(
      `  ${what}: p50 ${t.p50.toFixed(1)} ms, p95 ${t.p95.toFixed(1)} ms${target ? `; target < ${target} ms ${verdict(t.p95 < target)}` : ''}${note ? ` (${note})` : ''}`,
    );
  };
  try {
    const [owner] = await db.query<{ id: string }>('SELECT id FROM users WHERE username = $1', [record.username]);
    const access = (await accessById(db, record.panelId, owner!.id))!;
    // The warehouse holding the most products.
    const [largest] = await db.query<{ warehouse_id: string; n: number }>(
      `SELECT warehouse_id, count(*)::int AS n FROM ${StockValuation.table} WHERE panel_id = $1 AND NOT deleted AND quantity <> 0
       GROUP BY warehouse_id ORDER BY n DESC, warehouse_id LIMIT 1`,
      [record.panelId],
    );
    if (!largest) return;
    const warehouseId = largest.warehouse_id;
    const ask = (query: Record<string, string>) => stockOnHand(db, access, parseStockQuery(query));

    let first = await ask({ warehouseId });
    add(
      'StockOnHand: first page (50, title order) and the totals of the largest warehouse',
      await timed(async () => (first = await ask({ warehouseId }))),
      TARGET,
      `${first.totals.rows.toLocaleString('en')} products, quantity ${first.totals.quantity}, value ${BigInt(first.totals.value ?? 0).toLocaleString('en')}`,
    );
    add('StockOnHand: the same in code order', await timed(() => ask({ warehouseId, sort: 'code' })), TARGET);
    // A search as a person types one: the last word of the 500th product's name (the first is the same in every seeded name).
    const word = (await ask({ warehouseId, page: '10' })).rows[0]?.name.split(/\s+/).at(-1) ?? 'x';
    let found = 0;
    add(
      `StockOnHand: a search ("${word}") with its count`,
      await timed(async () => (found = (await ask({ warehouseId, search: word })).matching)),
      TARGET,
      `${found.toLocaleString('en')} products match`,
    );
    add('StockOnHand: every warehouse (a row per product × warehouse), first page and totals', await timed(() => ask({})), TARGET);
    // Page 100 as a person scrolling gets it: after page 99's last row (decision 059); and by its number, for comparison.
    const after = (await ask({ warehouseId, page: '99' })).next;
    if (after) add('StockOnHand: page 100 (rows 4,951–5,000) after page 99', await timed(() => ask({ warehouseId, after })), TARGET);
    add('StockOnHand: page 100 by its number (OFFSET 4,950)', await timed(() => ask({ warehouseId, page: '100' })));
    // The whole warehouse, page after page of the largest size, once, each from the one before.
    let pages = 0;
    let listed = 0;
    const whole = await timed(async () => {
      [pages, listed] = [0, 0];
      for (let next: string | null = ''; next !== null; pages++) {
        const page = await ask({ warehouseId, pageSize: String(STOCK_PAGE_MAX), ...(next ? { after: next } : {}) });
        listed += page.rows.length;
        next = page.next;
      }
    }, 1);
    add(
      `StockOnHand: the whole warehouse in pages of ${STOCK_PAGE_MAX}`,
      whole,
      undefined,
      `${listed.toLocaleString('en')} rows in ${pages} requests, ${(whole.p50 / pages).toFixed(1)} ms a page`,
    );
  } finally {
    await db.close();
  }
}
