/**
 * Steps every module's end-to-end test takes on its screens: moving inside the app as a link does,
 * choosing an option of a combobox, entering a panel after signing in, and leaving a picture of
 * the screen behind when a test fails.
 */
import type { Page } from 'playwright-core';
import { afterEach } from 'vitest';
import { paths } from '../../src/contract/routes.ts';
import { screenshot } from './harness.ts';
import { openScreen } from './panelsSteps.ts';

/** Moves inside the app as a link does (no page load: it works with the phone offline). */
export async function go(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.locator('h1').first().waitFor();
}

/** Types into the combobox named `label` inside `scope` and picks `option` from its list. */
export async function choose(page: Page, scope: ReturnType<Page['locator']> | Page, label: string, option: string): Promise<void> {
  const input = scope.getByRole('combobox', { name: label }).first();
  await input.fill(option);
  await page.getByRole('option', { name: option }).first().click();
}

/** Chooses the panel named `name` from the panel list, as a person does after signing in. */
export async function enterPanel(page: Page, name: string): Promise<void> {
  await openScreen(page, paths.user.panelList);
  await page.getByRole('button', { name }).click();
  await page.waitForURL((url) => url.pathname === paths.user.panelDashboard);
}

/** After each failing test, a screenshot of the page named `<prefix>-failed-<test>`. */
export function screenshotFailures(prefix: string, page: () => Page | undefined): void {
  afterEach(async ({ task }) => {
    const current = page();
    if (task.result?.state === 'fail' && current) await screenshot(current, `${prefix}-failed-${task.name.slice(0, 30)}`).catch(() => {});
  });
}
