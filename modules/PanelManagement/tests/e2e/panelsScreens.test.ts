/**
 * Every panel screen in Persian and English, at a phone's width (390 px) and a desktop's (1280
 * px), on a panel with people, roles and history: axe-core finds no serious or critical
 * violation, and a screenshot is written to tests/e2e/screenshots for people to look at.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Member, Role } from '../../../../src/contract/entities/panelManagement.ts';
import { entityPath, type Row } from '../../../../src/contract/entity.ts';
import { panelEndpoints, type CurrentPanel } from '../../../../src/contract/panels.ts';
import { modulePaths } from '../../../../src/contract/module.ts';
import { paths } from '../../../../src/contract/routes.ts';
import { accountServerEnv, freshContext, logInByApi, newAccount, signInContext } from '../../../../tests/e2e/accountSteps.ts';
import { screenshot, seriousA11yViolations, serverAndBrowser } from '../../../../tests/e2e/harness.ts';
import { callInPanel } from '../../../../tests/e2e/panelsSteps.ts';
import PanelManagement from '../../module.ts';
import { networkQuiet } from '../../../../tests/e2e/networkQuiet.ts';

const pm = modulePaths(PanelManagement);

let owner: { username: string; password: string };
let panel: CurrentPanel;

const e2e = serverAndBrowser({ env: accountServerEnv });

beforeAll(async () => {
  owner = await newAccount(e2e.server);
  const token = (await logInByApi(e2e.server, owner.username, owner.password)).access_token;
  panel = await callInPanel<CurrentPanel>(e2e.server.url, panelEndpoints.register, token, null, {
    name: 'فروشگاه لوازم خانگی نور',
    icon: 'store',
    companyName: 'شرکت نور پارس',
    economicCode: '411111111111',
    nationalId: '10101010101',
    phone: '021-88776655',
    address: 'تهران، خیابان ولیعصر، پلاک ۱۲',
    postalCode: '1234567890',
    modules: ['PanelManagement', 'WarehousingMVM'],
  });
  const { roles } = await callInPanel<{ roles: Row[] }>(e2e.server.url, panelEndpoints.initialElements, token, panel.code, {});
  const staff = roles.find((r) => r.parentRoleId)!;
  const cashiers = await callInPanel<Row>(e2e.server.url, { method: 'POST', path: entityPath(Role) }, token, panel.code, {
    name: 'صندوق‌دار',
    description: 'ثبت فروش در صندوق',
    parentRoleId: staff.id,
    permissions: [],
  });
  for (const [i, role] of [staff, cashiers, staff].entries()) {
    const person = await newAccount(e2e.server);
    await callInPanel(e2e.server.url, { method: 'POST', path: entityPath(Member) }, token, panel.code, {
      login: person.username,
      roleId: role.id,
      title: ['انباردار', 'صندوق‌دار', 'کارشناس فروش'][i],
    });
    // Two accept their invitations; the third has not answered yet.
    if (i < 2) {
      const theirs = (await logInByApi(e2e.server, person.username, person.password)).access_token;
      await callInPanel(e2e.server.url, panelEndpoints.acceptInvitation, theirs, null, { code: panel.code });
    }
  }
});

const screens = [
  ['panel-list', paths.user.panelList],
  ['register-panel', paths.user.registerPanel],
  ['panel-dashboard', paths.user.panelDashboard],
  ['people-access', pm.people],
  ['roles', pm.roles],
  ['activity', pm.activity],
  ['chart-flow', pm.chart],
  ['modules', pm.modules],
  ['modules-add', pm.addModule],
  ['icons', pm.icons],
  ['panel-details', pm.details],
  ['initial-elements', pm.initialElements],
  ['all-panels', pm.allPanels],
  ['sync-problems', paths.syncProblems],
] as const;

async function check(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  const violations = await seriousA11yViolations(page);
  expect(violations, `${name}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
}

describe.each([
  ['fa', 390],
  ['fa', 1280],
  ['en', 390],
  ['en', 1280],
] as const)('the panel screens in %s at %i px', (locale, width) => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await freshContext(e2e.browser, e2e.server, width);
    await signInContext(context, e2e.server, owner.username, owner.password);
    await context.addCookies([
      { name: 'panelCode', value: encodeURIComponent(JSON.stringify(panel.code)), url: e2e.server.url, sameSite: 'Strict' },
    ]);
    page = await context.newPage();
    await page.goto(paths.user.panelDashboard);
    await page.locator('h1').first().waitFor();
    if (locale === 'en') {
      // As switchToEnglish does, without expect.poll (this is a hook, not a test).
      await page.getByRole('button', { name: 'تغییر زبان' }).first().click();
      await page.waitForFunction(() => document.documentElement.lang === 'en' && document.documentElement.dir === 'ltr');
    }
  });

  afterAll(() => context?.close());

  it.each(screens)('%s', async (name, path) => {
    await page.goto(path);
    await page.locator('h1').first().waitFor();
    await networkQuiet(page);
    await check(page, `panels-${name}-${locale}-${width}`);
  });

  it('a role’s form with its permission matrix', async () => {
    await page.goto(`${pm.roles}?new`);
    await page.getByRole('dialog').getByRole('heading').waitFor();
    await check(page, `panels-role-form-${locale}-${width}`);
  });

  it('a person’s details', async () => {
    await page.goto(pm.people);
    await page
      .getByRole('main')
      .getByRole('button', { name: /مریم کریمی/ })
      .first()
      .click();
    await page.getByRole('dialog').getByRole('heading').waitFor();
    await check(page, `panels-person-details-${locale}-${width}`);
  });
});
