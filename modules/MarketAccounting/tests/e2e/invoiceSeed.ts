/**
 * A shop for accounting's invoice end-to-end tests, made through the API as its people would have
 * made it: a panel with accounting and warehousing, its books, cash boxes, one warehouse, products
 * (with barcodes when given) and ten of each in opening stock at 50,000 rials; then a browser
 * profile signed in and inside the panel.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { entityPath, type EntityListResponse, type Row } from '../../../../src/contract/entity.ts';
import { panelEndpoints, type CurrentPanel } from '../../../../src/contract/panels.ts';
import { freshContext, newAccount, signInContext } from '../../../../tests/e2e/accountSteps.ts';
import type { RunningServer } from '../../../../tests/e2e/harness.ts';
import { enterPanel } from '../../../../tests/e2e/moduleSteps.ts';
import { callInPanel } from '../../../../tests/e2e/panelsSteps.ts';
import { CashBox } from '../../entities/books.ts';
import { Invoice } from '../../entities/invoices.ts';
import { tehranDay } from '../../rules/month.ts';

/** Warehousing's REST paths, by name: accounting's tests do not import another module's declarations. */
export const wh = (name: string) => `/api/WarehousingMVM/${name}`;
export const today = tehranDay(Date.now());

export interface ProductPlan {
  name: string;
  code: string;
  salePrice: number;
  barcode?: string;
}

export interface ShopPlan {
  name: string;
  /** The browser's width: 360 or 390 for a phone, 1280 for a desk. */
  width: number;
  products: readonly ProductPlan[];
  cashBoxes: readonly string[];
  /** Called once the panel and its books exist, before the shop's stock: settings of the test's own. */
  prepare?: (shop: ShopApi) => Promise<void>;
}

export interface ShopApi {
  token: string;
  panelCode: string;
  /** Calls the API inside the panel as its owner. */
  api: <T = Row>(method: string, path: string, body?: unknown) => Promise<T>;
}

export interface Shop extends ShopApi {
  context: BrowserContext;
  page: Page;
  warehouse: Row;
  products: Row[];
  cashBoxes: Row[];
}

export async function openShop(e2e: { server: RunningServer; browser: Browser }, plan: ShopPlan): Promise<Shop> {
  const person = await newAccount(e2e.server);
  const context = await freshContext(e2e.browser, e2e.server, plan.width);
  const token = (await signInContext(context, e2e.server, person.username, person.password)).access_token;
  const panel = await callInPanel<CurrentPanel>(e2e.server.url, panelEndpoints.register, token, null, {
    name: plan.name,
    icon: 'store',
    modules: ['PanelManagement', 'MarketAccounting', 'WarehousingMVM'],
  });
  const shopApi: ShopApi = {
    token,
    panelCode: panel.code,
    api: (method, path, body) => callInPanel(e2e.server.url, { method, path }, token, panel.code, body),
  };
  const { api } = shopApi;
  await api('POST', '/api/MarketAccounting/books', {});
  await plan.prepare?.(shopApi);
  const cashBoxes: Row[] = [];
  for (const name of plan.cashBoxes) cashBoxes.push(await api('POST', entityPath(CashBox), { id: randomUUID(), name, active: true }));
  const warehouse = await api('POST', wh('Warehouse'), { id: randomUUID(), name: 'انبار', code: 'W1', active: true });
  const products: Row[] = [];
  for (const { name, code, salePrice, barcode } of plan.products)
    products.push(
      await api('POST', wh('Product'), {
        id: randomUUID(),
        name,
        code,
        unit: 'piece',
        salePrice,
        active: true,
        ...(barcode ? { barcodes: [barcode] } : {}),
      }),
    );
  const opening = await api('POST', wh('Receipt'), {
    id: randomUUID(),
    direction: 'in',
    opening: true,
    date: today,
    warehouseId: warehouse.id,
    lines: products.map((p) => ({ id: randomUUID(), productId: p.id, quantity: '10', unitPrice: 50_000 })),
  });
  await api('POST', `${wh('Receipt')}/${opening.id}/submit`, { version: opening.version });
  const page = await context.newPage();
  await enterPanel(page, plan.name);
  return { ...shopApi, context, page, warehouse, products, cashBoxes };
}

/** What the server counts on hand of a product, over every bin. */
export async function onHand(shop: ShopApi, productId: unknown): Promise<number> {
  const list = await shop.api<EntityListResponse>('GET', `${wh('StockBalance')}?pageSize=500`);
  return list.items.filter((b) => b.productId === productId).reduce((s, b) => s + Number(b.quantity), 0);
}

/** An invoice saved and submitted through the API, dated today unless the body says otherwise. */
export async function submittedInvoice(shop: ShopApi, body: Record<string, unknown>): Promise<Row> {
  const draft = await shop.api('POST', entityPath(Invoice), { id: randomUUID(), date: today, ...body });
  return shop.api('POST', `${entityPath(Invoice)}/${draft.id}/submit`, { version: draft.version });
}
