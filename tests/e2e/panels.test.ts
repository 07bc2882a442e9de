/**
 * Panels end to end, in Chromium against the real server: an owner registers a panel with
 * modules, sets it up, enables another module, makes a role with a limited permission matrix and
 * invites a second person (signed up through the API) with it. Until that person accepts the
 * invitation in their panel list, the owner sees only what was typed; then their name. The person
 * sees only what the role allows; goes offline; adds and edits roles; reloads while offline (the
 * service worker serves the app, the rows come from this device); comes back online; the owner,
 * in another browser, sees the rows; and the person logs out, erasing their data from the device.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { modulePath, paths } from '../../src/contract/routes.ts';
import { accountServerEnv, freshContext, newAccount, signInContext } from './accountSteps.ts';
import { screenshot, serverAndBrowser } from './harness.ts';
import { openScreen, waitUntilSynced } from './panelsSteps.ts';
import { fa, waitForServiceWorker } from './pwaSupport.ts';

let owner: { context: BrowserContext; page: Page };
let member: { context: BrowserContext; page: Page; username: string };

const panelName = 'فروشگاه نور';
const limitedRole = 'ویرایشگر نقش‌ها';
/** The second person's name, which the owner learns only once they accept. */
const memberName = 'نرگس صالحی';
const roleUrl = modulePath('PanelManagement', 'Role');

const e2e = serverAndBrowser({ env: accountServerEnv });

beforeAll(async () => {
  const [ownerAccount, memberAccount] = [
    await newAccount(e2e.server),
    await newAccount(e2e.server, { firstName: 'نرگس', lastName: 'صالحی' }),
  ];
  const ownerContext = await freshContext(e2e.browser, e2e.server);
  await signInContext(ownerContext, e2e.server, ownerAccount.username, ownerAccount.password);
  owner = { context: ownerContext, page: await ownerContext.newPage() };
  const memberContext = await freshContext(e2e.browser, e2e.server);
  await signInContext(memberContext, e2e.server, memberAccount.username, memberAccount.password);
  member = { context: memberContext, page: await memberContext.newPage(), username: memberAccount.username };
});

afterEach(async ({ task }) => {
  // A failing step leaves a picture of both people's screens behind, for whoever looks into it.
  if (task.result?.state !== 'fail') return;
  await screenshot(owner.page, `panels-failed-owner-${task.name.slice(0, 30)}`).catch(() => {});
  await screenshot(member.page, `panels-failed-member-${task.name.slice(0, 30)}`).catch(() => {});
});

async function addRole(page: Page, name: string, description: string, permissions: string[]): Promise<void> {
  await page
    .getByRole('button', { name: fa('Add {singular}', { singular: fa('entity.PanelManagement.Role') }) })
    .first()
    .click();
  const sheet = page.getByRole('dialog');
  await sheet.getByLabel(fa('field.Role.name'), { exact: true }).fill(name);
  await sheet.getByLabel(fa('field.Role.description')).fill(description);
  for (const permission of permissions) await sheet.getByRole('checkbox', { name: permission, exact: true }).check();
  await sheet.getByRole('button', { name: fa('Add'), exact: true }).click();
  await page.getByRole('dialog').getByRole('heading', { name }).waitFor();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: fa('Close') })
    .click();
}

describe('a panel from registration to two people working offline', () => {
  it('registers a panel with modules; its creator owns it and sets it up', async () => {
    const { page } = owner;
    await openScreen(page, paths.user.registerPanel);
    await page.getByLabel(fa('Panel name')).fill(panelName);
    // The icon tiles are labels around visually hidden radio buttons: a person clicks the tile.
    await page.locator('label', { has: page.getByRole('radio', { name: fa('Warehouse') }) }).click();
    expect(await page.getByRole('radio', { name: fa('Warehouse') }).isChecked()).toBe(true);
    await page.getByRole('checkbox', { name: new RegExp(fa('Warehousing & inventory')) }).check();
    await page.getByRole('button', { name: fa('Register the panel') }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/initial-elements'));
    await page.getByRole('button', { name: fa('Create the default roles') }).click();
    await page.getByText(fa('Roles created')).waitFor();
    await openScreen(page, paths.user.panelDashboard);
    await page.getByRole('heading', { name: panelName, level: 1 }).waitFor();
    await page.getByText(fa('You own this panel')).waitFor();
    expect(await page.getByRole('link', { name: fa('Warehousing & inventory') }).count()).toBeGreaterThan(0);
    await screenshot(page, 'panels-dashboard-owner-fa-1280');
  });

  it('enables another module', async () => {
    const { page } = owner;
    await openScreen(page, modulePath('PanelManagement', 'Module/add'));
    const card = page.locator('li', { has: page.getByRole('heading', { name: fa('Attendance') }) });
    await card.getByRole('button', { name: fa('Enable') }).click();
    await page.getByText(fa('“{name}” is enabled.', { name: fa('Attendance') })).waitFor();
    await openScreen(page, modulePath('PanelManagement', 'Module/list'));
    await page.getByRole('heading', { name: fa('Attendance') }).waitFor();
  });

  it('opens the ERP’s product form wherever warehousing is on, without offering the ERP as a module of its own', async () => {
    const { page } = owner;
    await openScreen(page, modulePath('PanelManagement', 'Module/add'));
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('heading', { name: fa('Warehousing ERP') }).count()).toBe(0);
    await openScreen(page, modulePath('NagemWarehousingERP', 'product/AddNewProduct'));
    await page.getByLabel(fa('field.Product.name')).waitFor();
    expect(await page.getByRole('link', { name: fa('Warehousing ERP') }).count()).toBe(0);
  });

  it('makes a role with a limited permission matrix and adds the second person with it', async () => {
    const { page } = owner;
    await openScreen(page, roleUrl);
    const roles = fa('entity.PanelManagement.Role.plural');
    await addRole(page, limitedRole, 'فقط نقش‌ها', [`${roles}: ${fa('View')}`, `${roles}: ${fa('Add')}`, `${roles}: ${fa('Edit')}`]);
    await waitUntilSynced(page);
    await openScreen(page, modulePath('PanelManagement', 'People/Access'));
    await page
      .getByRole('button', { name: fa('Add {singular}', { singular: fa('entity.PanelManagement.Member') }) })
      .first()
      .click();
    const sheet = page.getByRole('dialog');
    await sheet.getByLabel(fa('field.Member.login'), { exact: true }).fill(member.username);
    await sheet.getByRole('combobox', { name: fa('field.Member.roleId') }).fill('ویرایشگر');
    await page.getByRole('option', { name: limitedRole }).click();
    await sheet.getByRole('button', { name: fa('Add'), exact: true }).click();
    // Once synced, the server has opened an invitation: the panel sees only what was typed.
    await page.getByRole('dialog').getByText(fa('field.Member.status.invited')).waitFor({ timeout: 30_000 });
    await page.getByRole('dialog').getByText(member.username).first().waitFor();
    expect(await page.getByRole('dialog').getByText(memberName).count()).toBe(0);
    await screenshot(page, 'panels-people-owner-fa-1280');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: fa('Close') })
      .click();
    await waitUntilSynced(page);
  });

  it('shows the invitation in the second person’s panel list; accepting it joins the panel', async () => {
    const { page } = member;
    await openScreen(page, paths.user.panelList);
    const invitations = page.getByRole('region', { name: fa('Invitations to panels') });
    await invitations.getByText(panelName).waitFor();
    // Not yet among their panels: they have none.
    await page.getByText(fa('You have no panels yet')).waitFor();
    await screenshot(page, 'panels-invitation-member-fa-1280');
    await invitations.getByRole('button', { name: fa('Accept the invitation to {name}', { name: panelName }), exact: true }).click();
    await invitations.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: panelName }).waitFor();
  });

  it('shows the owner the person’s name once they accepted', async () => {
    const { page } = owner;
    await openScreen(page, modulePath('PanelManagement', 'People/Access'));
    await page.getByText(memberName).first().waitFor({ timeout: 30_000 });
  });

  it('shows the second person only what their role allows', async () => {
    const { page } = member;
    await openScreen(page, paths.user.panelList);
    await page.getByRole('button', { name: panelName }).click();
    await page.waitForURL((url) => url.pathname === paths.user.panelDashboard);
    await page.getByText(fa('Your role: {role}', { role: limitedRole })).waitFor();
    // Inside panel management, the navigation shows the places of it the role opens.
    await openScreen(page, roleUrl);
    const nav = page.getByRole('group', { name: panelName });
    await nav.getByRole('link', { name: fa('Organisation chart') }).waitFor();
    expect(await nav.getByRole('link', { name: fa('People and access') }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: fa('Activity log') }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: fa('Modules') }).count()).toBe(0);
    await openScreen(page, modulePath('PanelManagement', 'People/Access'));
    await page.getByText(fa('You do not have access to {plural}', { plural: fa('entity.PanelManagement.Member.plural') })).waitFor();
    await openScreen(page, roleUrl);
    await page.getByRole('button', { name: limitedRole }).waitFor();
    await page.getByRole('button', { name: limitedRole }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: fa('Edit') })
      .waitFor();
    expect(
      await page
        .getByRole('dialog')
        .getByRole('button', { name: fa('Delete') })
        .count(),
    ).toBe(0);
    await page
      .getByRole('dialog')
      .getByRole('button', { name: fa('Close') })
      .click();
    await screenshot(page, 'panels-roles-member-fa-1280');
  });

  it('keeps working offline, through a reload, and syncs when the network returns', async () => {
    const { page, context } = member;
    await waitForServiceWorker(page);
    await context.setOffline(true);
    await addRole(page, 'انبار شب', 'شیفت شب انبار', []);
    // Their own role is not theirs to change (the privilege ceiling): they edit the one they made.
    await page.getByRole('button', { name: 'انبار شب' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: fa('Edit') })
      .click();
    await page.getByRole('dialog').getByLabel(fa('field.Role.description')).fill('نقش‌ها و نمودار سازمانی');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: fa('Save changes') })
      .click();
    await page.getByRole('dialog').getByText('نقش‌ها و نمودار سازمانی').waitFor();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: fa('Close') })
      .click();
    await page.getByRole('button', { name: fa('{pendingText} changes not synced', { pendingText: '۲' }) }).waitFor();

    await page.reload();
    await page.getByRole('button', { name: 'انبار شب' }).waitFor();
    expect(await page.getByText(fa('Not synced yet')).count()).toBeGreaterThan(0);
    await screenshot(page, 'panels-roles-offline-fa-1280');

    await context.setOffline(false);
    await waitUntilSynced(page);
    expect(await page.getByText(fa('Not synced yet')).count()).toBe(0);
  });

  it('shows the rows made offline to another member of the panel', async () => {
    const { page } = owner;
    await openScreen(page, roleUrl);
    await page.getByRole('button', { name: 'انبار شب' }).waitFor({ timeout: 30_000 });
    await page.getByText('نقش‌ها و نمودار سازمانی').waitFor();
    await openScreen(page, modulePath('PanelManagement', 'Activity'));
    await page.getByRole('table').getByText('انبار شب').first().waitFor();
  });

  it('logs the second person out, erasing their data from the device, as one should on a shared phone', async () => {
    const { page } = member;
    await openScreen(page, paths.user.panelDashboard);
    expect(
      await page.evaluate(async () => (await indexedDB.databases()).filter((d) => d.name?.startsWith('pishkhan-data:')).length),
    ).toBeGreaterThan(0);
    await page.getByRole('button', { name: new RegExp(fa('Account menu of {displayName}', { displayName: memberName })) }).click();
    await page.getByRole('menuitem', { name: fa('Log out') }).click();
    const dialog = page.getByRole('dialog', { name: fa('Log out') });
    await dialog.getByRole('checkbox', { name: new RegExp(fa('Erase my data from this device')) }).waitFor();
    expect(await dialog.getByRole('checkbox', { name: new RegExp(fa('Erase my data from this device')) }).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: fa('Log out') }).click();
    await page.waitForURL((url) => url.pathname.toLowerCase() === paths.auth.login.toLowerCase());
    await expect
      .poll(() => page.evaluate(async () => (await indexedDB.databases()).filter((d) => d.name?.startsWith('pishkhan-data:')).length))
      .toBe(0);
  });
});
