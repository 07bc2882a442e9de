/**
 * The tax system's screens in Chromium against the real server (decision 044): the owner writes the
 * fiscal memory id and economic code, makes a key pair on the server and sees its certificate
 * request — the private key never reaches the page — and opens the queue. Screenshots in fa at
 * 390 px.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { panelEndpoints, type CurrentPanel } from '../../../../src/contract/panels.ts';
import { modulePath } from '../../../../src/contract/routes.ts';
import { accountServerEnv, freshContext, newAccount, signInContext } from '../../../../tests/e2e/accountSteps.ts';
import { screenshot, serverAndBrowser } from '../../../../tests/e2e/harness.ts';
import { enterPanel, go, screenshotFailures } from '../../../../tests/e2e/moduleSteps.ts';
import { callInPanel } from '../../../../tests/e2e/panelsSteps.ts';
import { expectFitsThePhone } from '../../../../tests/e2e/phoneFit.ts';
import { fa } from '../../../../tests/e2e/pwaSupport.ts';

const e2e = serverAndBrowser({ env: accountServerEnv });
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  const person = await newAccount(e2e.server);
  context = await freshContext(e2e.browser, e2e.server, 390);
  const token = (await signInContext(context, e2e.server, person.username, person.password)).access_token;
  await callInPanel<CurrentPanel>(e2e.server.url, panelEndpoints.register, token, null, {
    name: 'فروشگاه مودی',
    icon: 'store',
    modules: ['PanelManagement', 'MarketAccounting'],
  });
  page = await context.newPage();
  await enterPanel(page, 'فروشگاه مودی');
});
afterAll(async () => {
  await context?.close();
});
screenshotFailures('tax-system', () => page);

describe('the tax system’s screens', () => {
  it('take the memory id and economic code, make a key pair on the server and show its certificate request, never the key', async () => {
    const keysSeen: string[] = [];
    page.on('response', async (response) => {
      if (response.url().includes('/tax-system/')) keysSeen.push(await response.text().catch(() => ''));
    });
    await go(page, modulePath('MarketAccounting', 'TaxSystem/Settings'));
    await page.getByLabel(fa('Fiscal memory id')).fill('a1b2c3');
    await page.getByLabel(fa('Economic code')).fill('10101234567');
    await page.getByRole('button', { name: fa('Save'), exact: true }).click();
    await page.getByText(fa('Saved.')).first().waitFor();
    expect(await page.getByLabel(fa('Fiscal memory id')).inputValue()).toBe('A1B2C3');

    await page.getByLabel(fa('Name in Latin letters')).fill('Moadi Shop');
    await page.getByLabel(fa('National id')).fill('10101234567');
    await page.getByRole('button', { name: fa('Make a key pair') }).click();
    const csr = page.getByLabel(fa('Certificate request (CSR)'));
    await csr.waitFor();
    expect(await csr.inputValue()).toContain('BEGIN CERTIFICATE REQUEST');
    await page.getByText(fa('A private key is kept on the server. It is never shown again.')).waitFor();
    await expectFitsThePhone(page);
    await screenshot(page, 'tax-settings-fa-390');
    expect(keysSeen.length).toBeGreaterThan(0);
    expect(keysSeen.some((text) => text.includes('PRIVATE KEY'))).toBe(false);
  });

  it('open the queue: empty, and saying why nothing will be sent until the certificate is saved', async () => {
    await go(page, modulePath('MarketAccounting', 'TaxSystem/Queue'));
    expect(await page.locator('h1').first().textContent()).toBe(fa('Tax system queue'));
    await page.getByText(fa('The tax system is not set up')).waitFor();
    await page.getByRole('heading', { name: fa('Nothing registered yet') }).waitFor();
    await page.getByRole('link', { name: fa('Open the tax system settings') }).waitFor();
    await expectFitsThePhone(page);
    await screenshot(page, 'tax-queue-fa-390');
  });
});
