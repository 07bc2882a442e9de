/**
 * Two phones of one person in one panel, offline in turn (issue 15), driven through the screens in
 * Chromium against the real server: a refused write must not let the writes queued after it land
 * on a version their author never saw, and settling a problem must never bring back a row that
 * was deleted meanwhile.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '../../src/contract/entities/panelManagement.ts';
import type { EntityListResponse, Row } from '../../src/contract/entity.ts';
import { entityPath } from '../../src/contract/entity.ts';
import { panelEndpoints, type CurrentPanel } from '../../src/contract/panels.ts';
import { modulePath, paths } from '../../src/contract/routes.ts';
import { accountServerEnv, freshContext, newAccount, signInContext } from './accountSteps.ts';
import { screenshot, serverAndBrowser } from './harness.ts';
import { callInPanel, openScreen, waitUntilSynced } from './panelsSteps.ts';
import { fa } from './pwaSupport.ts';

interface Phone {
  context: BrowserContext;
  page: Page;
}

const e2e = serverAndBrowser({ env: accountServerEnv });
const roleUrl = modulePath('PanelManagement', 'Role');
let token: string;
let phones: [Phone, Phone];
let panelCode = '';

async function openPhone(username: string, password: string): Promise<Phone> {
  const context = await freshContext(e2e.browser, e2e.server, 390);
  const tokens = await signInContext(context, e2e.server, username, password);
  token = tokens.access_token;
  return { context, page: await context.newPage() };
}

/** Each phone chooses the panel as a person does, from the panel list. */
async function choosePanel({ page }: Phone, name: string): Promise<void> {
  await openScreen(page, paths.user.panelList);
  await page.getByRole('button', { name }).click();
  await page.waitForURL((url) => url.pathname === paths.user.panelDashboard);
}

async function syncNow(page: Page): Promise<void> {
  await page
    .getByRole('button', {
      name: new RegExp(`${fa('All changes synced')}|${fa('Syncing')}|${fa('Sync problems: {problemText}', { problemText: '.*' })}`),
    })
    .first()
    .click();
  await page.getByRole('button', { name: fa('Sync now') }).click();
  await page.keyboard.press('Escape');
}

async function openRole(page: Page, name: string): Promise<void> {
  await openScreen(page, roleUrl);
  await page.getByRole('button', { name }).click();
}

async function editDescription(page: Page, description: string): Promise<void> {
  const sheet = page.getByRole('dialog');
  await sheet.getByRole('button', { name: fa('Edit') }).click();
  await sheet.getByLabel(fa('field.Role.description')).fill(description);
  await sheet.getByRole('button', { name: fa('Save changes') }).click();
  await sheet.getByText(description).waitFor();
}

async function closeSheet(page: Page): Promise<void> {
  await page
    .getByRole('dialog')
    .getByRole('button', { name: fa('Close') })
    .click();
}

async function deleteOpenRole(page: Page): Promise<void> {
  await page
    .getByRole('dialog')
    .getByRole('button', { name: fa('Delete') })
    .click();
  await page
    .getByRole('alertdialog')
    .or(page.getByRole('dialog').last())
    .getByRole('button', { name: fa('Delete') })
    .last()
    .click();
}

async function serverRole(name: string): Promise<Row | undefined> {
  const list = await callInPanel<EntityListResponse>(
    e2e.server.url,
    { method: 'GET', path: `${entityPath(Role)}?search=${encodeURIComponent(name)}` },
    token,
    panelCode,
  );
  return list.items.find((r) => r.name === name);
}

/** A adds the role; B sees it; both go offline. */
async function roleOnBothPhones(name: string): Promise<void> {
  const [a, b] = phones;
  await openScreen(a.page, roleUrl);
  await a.page
    .getByRole('button', { name: fa('Add {singular}', { singular: fa('entity.PanelManagement.Role') }) })
    .first()
    .click();
  const sheet = a.page.getByRole('dialog');
  await sheet.getByLabel(fa('field.Role.name'), { exact: true }).fill(name);
  await sheet.getByLabel(fa('field.Role.description')).fill('original');
  await sheet.getByRole('button', { name: fa('Add'), exact: true }).click();
  await sheet.getByRole('heading', { name }).waitFor();
  await closeSheet(a.page);
  await waitUntilSynced(a.page);
  await openScreen(b.page, roleUrl);
  await syncNow(b.page);
  await b.page.getByRole('button', { name }).waitFor({ timeout: 30_000 });
  await Promise.all(phones.map((p) => p.context.setOffline(true)));
}

beforeAll(async () => {
  const person = await newAccount(e2e.server);
  phones = [await openPhone(person.username, person.password), await openPhone(person.username, person.password)];
  const panel = await callInPanel<CurrentPanel>(e2e.server.url, panelEndpoints.register, token, null, {
    name: 'دو گوشی',
    icon: 'store',
    modules: ['PanelManagement'],
  });
  panelCode = panel.code;
  for (const phone of phones) await choosePanel(phone, 'دو گوشی');
});

afterEach(async ({ task }) => {
  if (task.result?.state !== 'fail') return;
  for (const [i, phone] of phones.entries())
    await screenshot(phone.page, `sync-failed-${i ? 'b' : 'a'}-${task.name.slice(0, 30)}`).catch(() => {});
});

describe('a refused write and the writes queued after it', () => {
  for (const secondWrite of ['edit', 'delete'] as const) {
    it(`holds B’s later ${secondWrite} instead of letting it overwrite A’s change`, async () => {
      const name = secondWrite === 'edit' ? 'Cashier' : 'Packing';
      await roleOnBothPhones(name);
      const [a, b] = phones;
      await openRole(a.page, name);
      await editDescription(a.page, 'A: handles refunds');
      await openRole(b.page, name);
      await editDescription(b.page, 'B: first draft');
      if (secondWrite === 'edit') await editDescription(b.page, 'B: second draft');
      else await deleteOpenRole(b.page);
      await closeSheet(a.page);
      if (secondWrite === 'edit') await closeSheet(b.page);

      await a.context.setOffline(false);
      await waitUntilSynced(a.page);
      await expect.poll(async () => (await serverRole(name))?.description, { timeout: 30_000 }).toBe('A: handles refunds');
      await b.context.setOffline(false);
      await b.page.getByRole('button', { name: fa('Sync problems: {problemText}', { problemText: '۱' }) }).waitFor({ timeout: 30_000 });

      expect(await serverRole(name)).toMatchObject({ description: 'A: handles refunds', version: 2, deleted: false });
      await openScreen(b.page, paths.syncProblems);
      const card = b.page.getByRole('region').filter({ has: b.page.getByRole('heading', { name: new RegExp(name) }) });
      await card.first().waitFor();
      expect(await card.count()).toBe(1);
      await card.getByRole('columnheader', { name: fa('What is saved now') }).waitFor();
      await card.getByText('A: handles refunds').waitFor();
      expect(await card.getByText(fa(' (waiting)').trim()).count()).toBe(1);
      await screenshot(b.page, `sync-held-${secondWrite}-fa-390`);

      // A's text is what both phones show once B takes the server's version.
      await card.getByRole('button', { name: fa('Keep what is saved now') }).click();
      await waitUntilSynced(b.page);
      await openRole(b.page, name);
      await b.page.getByRole('dialog').getByText('A: handles refunds').waitFor();
      await closeSheet(b.page);
      expect(await serverRole(name)).toMatchObject({ description: 'A: handles refunds', version: 2 });
    });
  }
});

describe('settling a problem after the row was deleted elsewhere', () => {
  it('never brings the deleted row back, and frees its name', async () => {
    const name = 'Night desk';
    await roleOnBothPhones(name);
    const [a, b] = phones;
    await openRole(a.page, name);
    await editDescription(a.page, 'A');
    await openRole(b.page, name);
    await editDescription(b.page, 'B');
    await closeSheet(a.page);
    await closeSheet(b.page);
    await a.context.setOffline(false);
    await waitUntilSynced(a.page);
    await expect.poll(async () => (await serverRole(name))?.description, { timeout: 30_000 }).toBe('A');
    await b.context.setOffline(false);
    await b.page.getByRole('button', { name: fa('Sync problems: {problemText}', { problemText: '۱' }) }).waitFor({ timeout: 30_000 });

    await openRole(a.page, name);
    await deleteOpenRole(a.page);
    await waitUntilSynced(a.page);
    // The badge can still show the state from before the delete was queued: wait for the server.
    await expect.poll(async () => (await serverRole(name))?.deleted ?? true, { timeout: 30_000 }).toBe(true);
    await openScreen(b.page, paths.syncProblems);
    await syncNow(b.page);
    // The role is gone with its name: the card says what happened to it.
    const card = b.page.getByRole('region').filter({ hasText: fa('Someone has deleted it since.') });
    await card.waitFor({ timeout: 30_000 });
    await card.getByRole('button', { name: fa('Keep what is saved now') }).click();
    await waitUntilSynced(b.page);

    await openScreen(b.page, roleUrl);
    await syncNow(b.page);
    await b.page.reload();
    await b.page.locator('h1').first().waitFor();
    await waitUntilSynced(b.page);
    expect(await b.page.getByRole('button', { name }).count()).toBe(0);
    expect((await serverRole(name))?.deleted ?? true).toBe(true);

    // The name is free again on this phone.
    await b.page
      .getByRole('button', { name: fa('Add {singular}', { singular: fa('entity.PanelManagement.Role') }) })
      .first()
      .click();
    await b.page.getByRole('dialog').getByLabel(fa('field.Role.name'), { exact: true }).fill(name);
    await b.page
      .getByRole('dialog')
      .getByRole('button', { name: fa('Add'), exact: true })
      .click();
    await b.page.getByRole('dialog').getByRole('heading', { name }).waitFor();
    await closeSheet(b.page);
    await waitUntilSynced(b.page);
    expect(await serverRole(name)).toMatchObject({ deleted: false, version: 1 });
  });
});
