/**
 * GET /api/WarehousingMVM/StockOnHand (decision 052): a page of a warehouse's stock on hand (or
 * every warehouse's, a row per product × warehouse), and the whole warehouse's totals, from the valuations the
 * posting keeps per product × warehouse — a warehouse's 100,000 valuations, not its 300,000
 * balances per place and batch. Only for one who reads stock (balances or values); the value only
 * for one who reads the valuation; the warehouse must be this panel's and in the caller's scope.
 * A page starts at its number, or after the last row of the page before (`after`, decision 059).
 */
import { isUuid } from '../../../src/contract/fields.ts';
import type { FastifyInstance } from 'fastify';
import { Code } from '../../../src/contract/codes.ts';
import { permission } from '../../../src/contract/entity.ts';
import { searchWords } from '../../../src/contract/list.ts';
import { normalizeQuantity } from '../../../src/contract/quantity.ts';
import {
  AppError,
  arrayOf,
  ensurePermission,
  envelope,
  integer,
  object,
  ok,
  pathInScope,
  scopeCondition,
  selectRows,
  text,
  type PanelAccess,
  type Queryable,
} from '../../../server/moduleApi.ts';
import { Product, Warehouse } from '../entities/masterData.ts';
import { StockBalance, StockValuation } from '../entities/stock.ts';
import {
  STOCK_PAGE_DEFAULT,
  STOCK_PAGE_MAX,
  STOCK_SORTS,
  stockOnHandEndpoint,
  type StockOnHandAnswer,
  type StockOnHandQuery,
  type StockSort,
} from '../rules/stockOnHandEndpoint.ts';

const WHOLE = /^[1-9]\d{0,6}$/;

/** The last row of a page in its order: its product's sort key (title or code), product and warehouse. */
type StockCursor = [key: string, productId: string, warehouseId: string];

/** A page's `next`: its last row, opaque to the caller (base64url of its JSON). */
const cursorText = (cursor: StockCursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

/** `after` read back; null for anything that is not a cursor this route made. */
function cursorOf(text: string): StockCursor | null {
  if (text.length > 1000 || !/^[\w-]+$/.test(text)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString());
    if (!Array.isArray(value) || value.length !== 3) return null;
    const [key, productId, warehouseId] = value as unknown[];
    return typeof key === 'string' && isUuid(productId) && isUuid(warehouseId) ? [key, productId, warehouseId] : null;
  } catch {
    return null;
  }
}

const nullableText = { type: ['string', 'null'] } as const;
const schema = {
  summary: 'A page of stock on hand (per product and warehouse: quantity and value) in a warehouse or all, with the totals',
  querystring: object({
    warehouseId: text({ description: 'A warehouse of the panel; empty or absent: every warehouse, per product.' }),
    search: text({ description: 'Words each of which the product’s name or code contains.' }),
    page: text({ description: 'From 1.' }),
    after: text({
      description: 'The `next` of the page before: this page starts after its last row (the page number is then only echoed).',
    }),
    pageSize: text({ description: `At most ${STOCK_PAGE_MAX}; ${STOCK_PAGE_DEFAULT} unless said.` }),
    sort: text({ description: '`title` (the default) or `code`.' }),
  }),
  response: {
    200: envelope(
      object(
        {
          rows: arrayOf(
            object(
              {
                productId: text({ format: 'uuid' }),
                warehouseId: text({ format: 'uuid' }),
                code: text(),
                name: text(),
                quantity: text(),
                value: nullableText,
              },
              { required: ['productId', 'warehouseId', 'code', 'name', 'quantity', 'value'] },
            ),
          ),
          page: integer(),
          pageSize: integer(),
          matching: integer(),
          next: nullableText,
          totals: object({ rows: integer(), quantity: text(), value: nullableText }, { required: ['rows', 'quantity', 'value'] }),
        },
        { required: ['rows', 'page', 'pageSize', 'matching', 'next', 'totals'] },
      ),
    ),
  },
};

export interface StockQuery {
  warehouseId: string | null;
  words: string[];
  page: number;
  /** Where the page starts, from `after`: the last row before it. */
  after: StockCursor | null;
  pageSize: number;
  sort: StockSort;
}

/** The query as the route gets it, checked: 400 (BadRequest) on anything it cannot read. */
export function parseStockQuery(query: Partial<Record<keyof StockOnHandQuery, unknown>>): StockQuery {
  const texts = [query.warehouseId, query.search, query.page, query.pageSize, query.sort, query.after];
  if (!texts.every((v) => v === undefined || typeof v === 'string')) throw new AppError(Code.BadRequest, 400);
  const [warehouseId, search, page, pageSize, sort, after] = texts as (string | undefined)[];
  const cursor = after ? cursorOf(after) : null;
  if (after && !cursor) throw new AppError(Code.BadRequest, 400);
  if (warehouseId && !isUuid(warehouseId)) throw new AppError(Code.BadRequest, 400);
  if (page !== undefined && !WHOLE.test(page)) throw new AppError(Code.BadRequest, 400);
  if (pageSize !== undefined && !(WHOLE.test(pageSize) && Number(pageSize) <= STOCK_PAGE_MAX)) throw new AppError(Code.BadRequest, 400);
  if (sort !== undefined && !(STOCK_SORTS as readonly string[]).includes(sort)) throw new AppError(Code.BadRequest, 400);
  if ((search ?? '').length > 200) throw new AppError(Code.BadRequest, 400);
  return {
    warehouseId: warehouseId || null,
    words: searchWords(search),
    page: page ? Number(page) : 1,
    after: cursor,
    pageSize: pageSize ? Number(pageSize) : STOCK_PAGE_DEFAULT,
    sort: (sort as StockSort | undefined) ?? 'title',
  };
}

const likePattern = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The page and totals `query` asks for, as `access` may see them. */
export async function stockOnHand(db: Queryable, access: PanelAccess, query: StockQuery): Promise<StockOnHandAnswer> {
  const { warehouseId, words, page, pageSize, sort, after } = query;
  const values = access.permissions.has(permission(StockValuation, 'read'));
  if (!values) ensurePermission(access, permission(StockBalance, 'read'));
  if (warehouseId) {
    const [found] = await selectRows(db, Warehouse, access.id, (params) => {
      params.push(warehouseId);
      return [`id = $${params.length}::uuid`, scopeCondition(Warehouse, access, params)].filter(Boolean).join(' AND ');
    });
    if (!found) throw new AppError(Code.NotFound, 404);
  }

  // The valuations in view: the warehouse's (or all), within the caller's scope of them.
  const params: unknown[] = [access.id];
  const where = ['v.panel_id = $1', 'NOT v.deleted'];
  if (warehouseId) where.push(`v.warehouse_id = $${params.push(warehouseId)}::uuid`);
  const valuationScope = scopeCondition(StockValuation, access, params, 'v.');
  if (valuationScope) where.push(valuationScope);
  // A row per product × warehouse holding stock; the totals over every valuation in view: the
  // panel's (or warehouse's) as stock_on_hand_totals keeps them (decision 057), or, for one whose
  // scope narrows the valuations, summed from those in scope.
  const totalsSql = valuationScope
    ? `SELECT count(*) FILTER (WHERE v.quantity <> 0)::int AS rows, coalesce(sum(v.quantity), 0)::text AS quantity,
    coalesce(sum(v.value), 0)::text AS value FROM ${StockValuation.table} v WHERE ${where.join(' AND ')}`
    : `SELECT coalesce(sum(t.rows), 0)::int AS rows, coalesce(sum(t.quantity), 0)::text AS quantity, coalesce(sum(t.value), 0)::text AS value
    FROM stock_on_hand_totals t WHERE t.panel_id = $1${warehouseId ? ' AND t.warehouse_id = $2::uuid' : ''}`;

  const listParams = [...params];
  const productWhere = ['p.panel_id = $1', 'NOT p.deleted'];
  const productScope = scopeCondition(Product, access, listParams, 'p.');
  if (productScope) productWhere.push(productScope);
  for (const word of words) productWhere.push(`p.search_text LIKE $${listParams.push(likePattern(word))}`);
  const key = sort === 'code' ? 'p.code_sk' : 'p.name_sk';
  const order = `${key} COLLATE "C", p.id, v.warehouse_id`;
  const joined = `FROM ${StockValuation.table} v JOIN ${Product.table} p ON p.id = v.product_id AND ${productWhere.join(' AND ')}
    WHERE ${where.join(' AND ')} AND v.quantity <> 0`;
  // The count reads the same rows, wherever the page starts.
  const countParams = [...listParams];
  let from = '';
  if (after) {
    // From the cursor's product on in the order's index (name and code are required, so their keys
    // are never null), then past its row: the warehouses after it of the same product.
    const [k, id, wh] = [listParams.push(after[0]), listParams.push(after[1]), listParams.push(after[2])];
    from = ` AND (${key} COLLATE "C", p.id) >= ($${k} COLLATE "C", $${id}::uuid)
      AND (${key} COLLATE "C", p.id, v.warehouse_id) > ($${k} COLLATE "C", $${id}::uuid, $${wh}::uuid)`;
  }
  const limit = `LIMIT $${listParams.push(pageSize)}${after ? '' : ` OFFSET $${listParams.push((page - 1) * pageSize)}`}`;

  const [[totals], rows, matching] = await Promise.all([
    db.query<{ rows: number; quantity: string; value: string }>(totalsSql, params),
    db.query<{
      id: string;
      warehouse_id: string;
      code: string | null;
      name: string | null;
      quantity: string;
      value: string;
      sort_key: string | null;
    }>(
      `SELECT p.id, v.warehouse_id, p.code, p.name, v.quantity::text AS quantity, v.value::text AS value, ${key} AS sort_key
      ${joined}${from} ORDER BY ${order} ${limit}`,
      listParams,
    ),
    words.length || productScope
      ? db.query<{ n: number }>(`SELECT count(*)::int AS n ${joined}`, countParams).then(([row]) => row?.n ?? 0)
      : null,
  ]);
  const last = rows.length === pageSize ? rows.at(-1) : undefined;
  return {
    rows: rows.map((r) => ({
      productId: String(r.id),
      warehouseId: String(r.warehouse_id),
      code: r.code ?? '',
      name: r.name ?? '',
      quantity: normalizeQuantity(r.quantity) ?? r.quantity,
      value: values ? String(r.value) : null,
    })),
    page,
    pageSize,
    matching: matching ?? totals!.rows,
    next: last ? cursorText([last.sort_key ?? '', String(last.id), String(last.warehouse_id)]) : null,
    totals: {
      rows: totals!.rows,
      quantity: normalizeQuantity(totals!.quantity) ?? totals!.quantity,
      value: values ? totals!.value : null,
    },
  };
}

export function stockOnHandRoute(scope: FastifyInstance): void {
  scope.get(pathInScope(scope, stockOnHandEndpoint.path), { schema }, async (request) => {
    const query = parseStockQuery((request.query ?? {}) as Record<string, unknown>);
    return ok<StockOnHandAnswer>(request, await stockOnHand(request.server.deps.db, request.panel, query));
  });
}
