/**
 * Stock on hand as the server works it out (issue 31, decision 052): a page of products with their
 * quantity and value in one warehouse (or all), and the whole warehouse's totals, read from the
 * valuations the posting keeps per product and warehouse (never by summing balances).
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
  pageSize?: string;
  sort?: StockSort;
}

export interface StockOnHandRow {
  productId: string;
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
  /** Products matching the search (and holding stock), over every page. */
  matching: number;
  /** The whole warehouse (or all warehouses), whatever the search: products holding stock, their quantity and value. */
  totals: { products: number; quantity: string; value: string | null };
}
