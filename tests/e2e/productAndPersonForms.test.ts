/**
 * Two forms of issue 24's spec items, on a phone in Persian: the product form picks its category
 * from the categories' tree (warehousing's CategorySelectModal), searching keeps the path to a
 * match; and a person is written with a first and a last name, the full name made as they type
 * and shown in the personnel list. Screenshots at 390 px.
 */
import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityPath, type Entity, type Row } from '../../src/contract/entity.ts';
import { panelEndpoints, type CurrentPanel } from '../../src/contract/panels.ts';
import { modulePath, paths } from '../../src/contract/routes.ts';
import { Category } from '../../modules/WarehousingMVM/entities/masterData.ts';
import { accountServerEnv, freshContext, newAccount, signInContext } from './accountSteps.ts';
import { screenshot, serverAndBrowser } from './harness.ts';
import { callInPanel, openScreen, waitUntilSynced } from './panelsSteps.ts';
import { fa } from './pwaSupport.ts';

const e2e = serverAndBrowser({ env: accountServerEnv });
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  const person = await newAccount(e2e.server);
  context = await freshContext(e2e.browser, e2e.server, 390);
  const token = (await signInContext(context, e2e.server, person.username, person.password)).access_token;
  const panel = await callInPanel<CurrentPanel>(e2e.server.url, panelEndpoints.register, token, null, {
    name: 'فروشگاه نمونه',
    icon: 'store',
    modules: ['PanelManagement', 'WarehousingMVM', 'HumanResource'],
  });
  const call = (entity: Entity, body: Record<string, unknown>) =>
    callInPanel<Row>(e2e.server.url, { method: 'POST', path: entityPath(entity) }, token, panel.code, { id: randomUUID(), ...body });
  const drinks = await call(Category, { name: 'نوشیدنی' });
  const hot = await call(Category, { name: 'نوشیدنی گرم', parentId: drinks.id });
  await call(Category, { name: 'چای', parentId: hot.id });
  await call(Category, { name: 'قهوه', parentId: hot.id });
  await call(Category, { name: 'خشکبار' });
  page = await context.newPage();
  await openScreen(page, paths.user.panelList);
  await page.getByRole('button', { name: 'فروشگاه نمونه' }).click();
  await page.waitForURL((url) => url.pathname === paths.user.panelDashboard);
  await waitUntilSynced(page);
});

afterAll(() => context?.close());

describe('forms with parts', () => {
  it('picks a product’s category from the tree, searching keeps the path', async () => {
    await openScreen(page, modulePath('WarehousingMVM', 'Product/AddNewProduct'));
    await page.getByLabel(fa('field.Product.name')).fill('چای سبز');
    await page.getByLabel(fa('field.Product.code')).fill('TEA-1');
    await page.getByRole('button', { name: new RegExp(fa('field.Product.categoryId')) }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'قهوه' }).waitFor();
    await screenshot(page, 'product-category-picker-fa-390');
    await dialog.getByLabel(fa('Search')).fill('چای');
    // The match and the path down to it; nothing else.
    await expect.poll(() => dialog.getByRole('listitem').allInnerTexts()).toEqual([fa('None'), 'نوشیدنی', 'نوشیدنی گرم', 'چای']);
    await dialog.getByRole('button', { name: 'چای' }).click();
    await page.getByRole('button', { name: /نوشیدنی › نوشیدنی گرم › چای/ }).waitFor();
    await screenshot(page, 'product-category-chosen-fa-390');
    await page.getByRole('button', { name: fa('Add'), exact: true }).click();
    await page.getByRole('heading', { name: 'چای سبز' }).waitFor();
    await page.getByText('چای', { exact: true }).first().waitFor();
  });

  it('writes a person with a first and a last name, the full name made as they type', async () => {
    await openScreen(page, modulePath('HumanResource', 'Management/Personnel/AddNewPersonnel'));
    await page.getByLabel(fa('field.Personnel.firstName'), { exact: true }).fill('محمد رضا');
    await page.getByLabel(fa('field.Personnel.lastName'), { exact: true }).fill('احمدی');
    await page.getByLabel(fa('field.Personnel.code'), { exact: true }).fill('P-7');
    await page.getByText('محمد رضا احمدی', { exact: true }).waitFor();
    await screenshot(page, 'personnel-form-names-fa-390');
    await page.getByRole('button', { name: fa('Add'), exact: true }).click();
    await page.waitForURL((url) => url.pathname.endsWith('PersonnelList'));
    await page.getByText('محمد رضا احمدی').first().waitFor({ timeout: 30_000 });
    await screenshot(page, 'personnel-list-names-fa-390');
  });
});
