/**
 * A list of 10,000 rows in Chromium: the roles screen of a panel whose device holds 10,000 roles
 * (written straight into its IndexedDB, as a long pull would leave them). Measures, inside the
 * page, the first render (from following the menu link to the first rows drawn: in a running app,
 * and as the first screen after a reload, when the screen's code and the database are cold) and a
 * search keystroke (from the key to the list showing what matches), median of 7 each, at full
 * speed and with the CPU slowed 4×. Prints figures; the targets (100 ms and 50 ms) are reported,
 * not asserted.
 *
 *   npm run bench:list                 # builds into a temporary folder first
 *   npm run bench:list -- --dist dist  # measures an existing build
 */
import type { Page } from 'playwright-core';
import { Role } from '../src/contract/entities/panelManagement.ts';
import { modulePath, paths } from '../src/contract/routes.ts';
import { ms, openBenchPanel, openFromMenu, putRows, syncedRow } from './browserBench.ts';

const ROWS = 10_000;
const RUNS = 7;
const TARGETS = { firstRender: 100, keystroke: 50 };
const rolesPath = modulePath('PanelManagement', 'Role');

function roles() {
  return Array.from({ length: ROWS }, (_, i) =>
    syncedRow(Role, {
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      name: `نقش ${String(i).padStart(5, '0')} ${['انبار', 'فروش', 'حسابداری', 'پشتیبانی'][i % 4]}`,
      description: `شرح ${i}`,
      parentRoleId: null,
      permissions: [],
    }),
  );
}

/** From the navigation link to the first data row on screen; after a reload, from the dashboard's. */
async function firstRender(page: Page, reload: boolean): Promise<number> {
  if (reload) {
    await page.goto(paths.user.panelDashboard);
  } else {
    await page.locator(`aside a[href="${paths.user.panelDashboard}"]`).click();
  }
  await page.locator('h1').first().waitFor();
  await page.waitForLoadState('networkidle');
  return openFromMenu(page, rolesPath);
}

/** From a key in the search box to the list's count showing the narrowed result. */
async function keystroke(page: Page, key: string): Promise<number> {
  const search = page.locator('main input[type="search"]');
  await search.fill('');
  await page.waitForFunction((rows) => document.querySelector('main [role="status"]')?.textContent?.includes(rows), (10000).toLocaleString('fa-IR'));
  await search.focus();
  const before = await page.locator('main [role="status"]').textContent();
  await page.evaluate((text) => {
    const status = document.querySelector('main [role="status"]')!;
    (window as unknown as { __changed: Promise<number> }).__changed = new Promise((done, fail) => {
      setTimeout(() => fail(new Error('the list did not change within 10 s')), 10_000);
      const started = performance.now();
      const observer = new MutationObserver(() => {
        if (status.textContent !== text) {
          observer.disconnect();
          requestAnimationFrame(() => done(performance.now() - started));
        }
      });
      observer.observe(status, { childList: true, subtree: true, characterData: true });
    });
  }, before);
  await page.keyboard.type(key);
  return page.evaluate(() => (window as unknown as { __changed: Promise<number> }).__changed);
}

const { page, context, dbName, close } = await openBenchPanel('list', ['PanelManagement'], paths.user.panelDashboard);
try {
  await putRows(page, dbName, { [Role.table]: roles() });
  console.log(`list of ${ROWS.toLocaleString('en')} roles in Chromium, median of ${RUNS} runs`);
  for (const slowdown of [1, 4]) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    const figures = { open: [] as number[], cold: [] as number[], key: [] as number[] };
    for (let run = 0; run < RUNS; run++) {
      figures.cold.push(await firstRender(page, true));
      figures.open.push(await firstRender(page, false));
      // Each first letter narrows 10,000 roles to the 2,500 of one kind.
      figures.key.push(await keystroke(page, ['ف', 'ت', 'د'][run % 3]!));
    }
    await cdp.detach();
    const label = slowdown === 1 ? 'full speed' : `CPU ${slowdown}× slower`;
    console.log(`  ${label}`);
    console.log(`    first render, opened from the menu            ${ms(figures.open)}   (target ${TARGETS.firstRender} ms)`);
    console.log(`    first render, first screen after a reload     ${ms(figures.cold)}   (code and database cold)`);
    console.log(`    search keystroke                              ${ms(figures.key)}   (target ${TARGETS.keystroke} ms)`);
  }
} finally {
  await close();
}
