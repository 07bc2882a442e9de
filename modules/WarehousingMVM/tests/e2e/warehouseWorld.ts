/**
 * A warehouse for the end-to-end tests, made through the API as a keeper would have made it: two
 * warehouses and their bins, a product with an EAN-13 barcode and a price, its opening stock,
 * a consignor and a carrier; and a signed-in phone in that panel with the app's screens opened
 * once (so their code is on the phone before any test goes offline).
 */
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { entityPath, type Entity, type Row } from '../../../../src/contract/entity.ts';
import { panelEndpoints, type CurrentPanel } from '../../../../src/contract/panels.ts';
import { modulePath } from '../../../../src/contract/routes.ts';
import { freshContext, newAccount, signInContext } from '../../../../tests/e2e/accountSteps.ts';
import type { RunningServer } from '../../../../tests/e2e/harness.ts';
import { enterPanel } from '../../../../tests/e2e/moduleSteps.ts';
import { callInPanel } from '../../../../tests/e2e/panelsSteps.ts';
import { Location, Party, Product, Warehouse } from '../../entities/masterData.ts';
import { Receipt } from '../../entities/stock.ts';

export const at = (screen: string) => modulePath('WarehousingMVM', screen);
export const EAN = '6260000000019';
/** The world's panel, as the panel list names it. */
export const panelName = 'انبار نمونه';

export interface WarehouseWorld {
  person: { username: string; password: string };
  context: BrowserContext;
  page: Page;
  call: <T = Row>(entity: Entity, body: Record<string, unknown>, step?: 'submit') => Promise<T>;
  /** Submits a draft made earlier (a count once its entries are in). */
  submit: <T = Row>(entity: Entity, row: Row) => Promise<T>;
  /** GET of a panel path, as the server holds it now. */
  read: <T>(path: string) => Promise<T>;
  central: Row;
  branch: Row;
  a1: Row;
  a2: Row;
  b1: Row;
  tea: Row;
  consignor: Row;
  carrier: Row;
}

export async function openWarehouseWorld(browser: Browser, server: RunningServer, width = 390): Promise<WarehouseWorld> {
  const person = await newAccount(server);
  const context = await freshContext(browser, server, width);
  const token = (await signInContext(context, server, person.username, person.password)).access_token;
  const panel = await callInPanel<CurrentPanel>(server.url, panelEndpoints.register, token, null, {
    name: panelName,
    icon: 'warehouse',
    modules: ['PanelManagement', 'WarehousingMVM'],
  });
  const submit = <T = Row>(entity: Entity, row: Row): Promise<T> =>
    callInPanel<T>(server.url, { method: 'POST', path: `${entityPath(entity)}/${row.id}/submit` }, token, panel.code, {
      version: row.version,
    });
  const call = async <T = Row>(entity: Entity, body: Record<string, unknown>, step?: 'submit'): Promise<T> => {
    const row = await callInPanel<Row>(server.url, { method: 'POST', path: entityPath(entity) }, token, panel.code, body);
    return step ? submit<T>(entity, row) : (row as T);
  };
  const read = <T>(path: string) => callInPanel<T>(server.url, { method: 'GET', path }, token, panel.code);
  const central = await call(Warehouse, { name: 'انبار مرکزی', code: 'W1', active: true });
  const branch = await call(Warehouse, { name: 'انبار شعبه', code: 'W2', active: true });
  const a1 = await call(Location, { warehouseId: central.id, code: 'A-01', kind: 'bin', active: true });
  const a2 = await call(Location, { warehouseId: central.id, code: 'A-02', kind: 'bin', active: true });
  const b1 = await call(Location, { warehouseId: branch.id, code: 'B-01', kind: 'bin', active: true });
  const tea = await call(Product, {
    name: 'چای سبز',
    code: 'TEA-1',
    unit: 'pack',
    barcodes: [EAN],
    salePrice: 450_000,
    purchasePrice: 300_000,
    active: true,
  });
  const consignor = await call(Party, { name: 'بازرگانی امین', kinds: ['consignor'] });
  const carrier = await call(Party, { name: 'باربری سپهر', kinds: ['carrier'] });
  await call(
    Receipt,
    {
      direction: 'in',
      date: '2026-11-20',
      warehouseId: central.id,
      lines: [{ id: randomUUID(), productId: tea.id, quantity: '20', unitPrice: 300_000, locationId: a1.id }],
    },
    'submit',
  );
  const page = await context.newPage();
  await enterPanel(page, panelName);
  return { person, context, page, call, submit, read, central, branch, a1, a2, b1, tea, consignor, carrier };
}

/** Types a code into a scan field and presses Enter, as a handheld scanner does. */
export async function scan(page: Page, label: string, code: string): Promise<void> {
  const field = page.getByRole('textbox', { name: label }).first();
  await field.fill(code);
  await field.press('Enter');
}
