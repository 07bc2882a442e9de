/**
 * Stock on hand as the server works it out (issue 31, decision 052): a page of rows, one per product
 * and warehouse, with quantity and value, in one warehouse (or all: the screen's rows), and the
 * totals of the whole warehouse (or of all), read from the valuations the posting keeps per
 * product and warehouse (never by summing balances).
 */
export const stockOnHandEndpoint = { method: 'GET', path: '/api/WarehousingMVM/StockOnHand' } as const;

/** The largest page one request answers. */
export const STOCK_PAGE_MAX = 500;
export const STOCK_PAGE_DEFAULT = 50;

/** `title`: the product's name in the device's title order (its sort key); `code`: its code, the same way. */
export const STOCK_SORTS = ['title', 'code'] as const;
export type StockSort = (typeof STOCK_SORTS)[number];

/** Query: all optional; `page` from 1. */
export interface StockOnHandQuery {
  warehouseId?: string;
  search?: string;
  page?: string;
  /**
   * The `next` of the page before (decision 059): the page starts after that row, read from the
   * order's index however deep it is, where a `page` number has the database walk and drop every row
   * before it. `page` may still be sent beside it, and is only echoed.
   */
  after?: string;
  pageSize?: string;
  sort?: StockSort;
}

export interface StockOnHandRow {
  productId: string;
  warehouseId: string;
  code: string;
  name: string;
  /** Decimal string, three places (contract/quantity.ts). */
  quantity: string;
  /** Rials as a decimal string; null for one who may not read stock values. */
  value: string | null;
}

export interface StockOnHandAnswer {
  rows: StockOnHandRow[];
  page: number;
  pageSize: number;
  /** Rows matching the search (and holding stock), over every page. */
  matching: number;
  /** For `after`: where the next page starts; null when this page is the last (it is not full). */
  next: string | null;
  /** The whole warehouse (or all warehouses), whatever the search: rows holding stock (in one warehouse, its products), quantity and value. */
  totals: { rows: number; quantity: string; value: string | null };
}
