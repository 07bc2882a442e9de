/**
 * A party statement beyond the device's window of the journal (decision 053), in Chromium against a
 * server that keeps devices to one month (SYNC_WINDOW_MONTHS=1): last year's statement is computed
 * by the server and says so; offline, a period before the window says it needs a connection and
 * shows no figures; a period inside it is computed on the device, what is older carried from the
 * monthly balances.
 */
import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityPath, type Row } from '../../../../src/contract/entity.ts';
import { gregorianOfJalali, jalaliDate } from '../../../../src/contract/jalali.ts';
import { panelEndpoints, type CurrentPanel } from '../../../../src/contract/panels.ts';
import { modulePath } from '../../../../src/contract/routes.ts';
import { accountServerEnv, freshContext, newAccount, signInContext } from '../../../../tests/e2e/accountSteps.ts';
import { screenshot, serverAndBrowser } from '../../../../tests/e2e/harness.ts';
import { enterPanel, screenshotFailures } from '../../../../tests/e2e/moduleSteps.ts';
import { callInPanel, openScreen, waitUntilSynced } from '../../../../tests/e2e/panelsSteps.ts';
import { fa } from '../../../../tests/e2e/pwaSupport.ts';
import { Party } from '../../entities/books.ts';
import { Voucher } from '../../entities/documents.ts';
import { tehranDay } from '../../rules/month.ts';
import { accountId } from '../../server/books.ts';

const e2e = serverAndBrowser({ env: { ...accountServerEnv, SYNC_WINDOW_MONTHS: '1' } });
const today = tehranDay(Date.now());
const thisYear = jalaliDate(new Date(`${today}T12:00:00Z`));
const lastYear = thisYear.year - 1;
let context: BrowserContext;
let page: Page;
let token = '';
let panelCode = '';
let customerId = '';

const api = <T = Row>(method: string, path: string, body?: unknown) =>
  callInPanel<T>(e2e.server.url, { method, path }, token, panelCode, body);

async function posted(date: string, partyId: string, debit: number, credit: number): Promise<void> {
  const row = await api('POST', entityPath(Voucher), {
    id: randomUUID(),
    date,
    lines: [
      { id: randomUUID(), accountId: accountId('1103'), partyId, debit, credit },
      { id: randomUUID(), accountId: accountId(debit ? '4101' : '1101'), debit: credit, credit: debit },
    ],
  });
  await api('POST', `${entityPath(Voucher)}/${row.id}/submit`, { version: row.version });
}

/** Types a Jalali day into a date field, as a person does. */
async function typeDay(label: string, year: number, month: number, day: number): Promise<void> {
  const field = page.getByRole('textbox', { name: fa(label), exact: true });
  await field.fill(`${year}/${month}/${day}`);
  await field.press('Tab');
}

const provenance = () => page.getByTestId('report-provenance');
const statementTable = () => page.getByRole('region', { name: fa('Statement of {partyName}', { partyName: 'علی رضایی' }) });
const words = (msgid: string) => fa(msgid).split('{time}')[0]!.trim();

beforeAll(async () => {
  const person = await newAccount(e2e.server);
  context = await freshContext(e2e.browser, e2e.server, 1280);
  token = (await signInContext(context, e2e.server, person.username, person.password)).access_token;
  const panel = await callInPanel<CurrentPanel>(e2e.server.url, panelEndpoints.register, token, null, {
    name: 'فروشگاه دیرینه',
    icon: 'store',
    modules: ['PanelManagement', 'MarketAccounting'],
  });
  panelCode = panel.code;
  await api('POST', '/api/MarketAccounting/books', {});
  customerId = (await api('POST', entityPath(Party), { id: randomUUID(), name: 'علی رضایی' })).id;
  // Sold on credit in the middle of last year, paid in part today.
  await posted(gregorianOfJalali(lastYear, 6, 15)!, customerId, 70_000_000, 0);
  await posted(today, customerId, 0, 20_000_000);
  page = await context.newPage();
  await enterPanel(page, 'فروشگاه دیرینه');
  await openScreen(page, `${modulePath('MarketAccounting', 'Reports/PartyStatement')}?partyId=${customerId}`);
  await waitUntilSynced(page);
});

afterAll(() => context?.close());

screenshotFailures('statement-window', () => page);

describe('a party statement beyond the device’s window', () => {
  it('over last year is computed on the server, and says where and when', async () => {
    await typeDay('From', lastYear, 1, 1);
    await typeDay('To', lastYear, 12, 29);
    await expect
      .poll(() => provenance().innerText(), { timeout: 30_000 })
      .toContain(words('Computed on the server at {time} · period {first} to {last}'));
    expect(await statementTable().innerText()).toContain('۷۰٬۰۰۰٬۰۰۰');
    await screenshot(page, 'statement-server-fa-1280');
  });

  it('offline, before the window, needs a connection and shows no figures', async () => {
    await context.setOffline(true);
    await typeDay('To', lastYear, 12, 28);
    await page.getByText(fa('Needs a connection')).waitFor();
    expect(await statementTable().count()).toBe(0);
    await screenshot(page, 'statement-offline-fa-1280');
  });

  it('offline, inside the window, is computed on the device with what is older carried from the balances', async () => {
    await typeDay('To', thisYear.year, thisYear.month, thisYear.day);
    await typeDay('From', thisYear.year, thisYear.month, 1);
    await expect
      .poll(() => provenance().innerText(), { timeout: 30_000 })
      .toContain(words('Computed on this device at {time} · period {first} to {last}'));
    const table = await statementTable().innerText();
    // 70,000,000 owed from last year, 20,000,000 paid today: 50,000,000 at the end.
    expect(table).toContain('۷۰٬۰۰۰٬۰۰۰');
    expect(table).toContain('۵۰٬۰۰۰٬۰۰۰');
    await context.setOffline(false);
  });
});
