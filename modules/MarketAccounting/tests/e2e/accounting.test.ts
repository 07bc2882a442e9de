/**
 * Accounting in Chromium against the real server (issue 12): the standard chart arrives on first
 * use; a receipt by cash typed on a phone with no signal is submitted once back online and shows
 * in the party's statement with its running balance; a received cheque is deposited from the
 * cheques screen with its due calendar; a voucher that does not balance says by how much; the
 * dashboard, trial balance, profit and loss and cash and bank balances read from the device.
 * Screenshots in fa at 390 px and en at 1280.
 */
import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { entityPath, type Row } from '../../../../src/contract/entity.ts';
import { panelEndpoints, type CurrentPanel } from '../../../../src/contract/panels.ts';
import { modulePath, paths } from '../../../../src/contract/routes.ts';
import { accountServerEnv, freshContext, newAccount, signInContext, switchToEnglish } from '../../../../tests/e2e/accountSteps.ts';
import { screenshot, serverAndBrowser } from '../../../../tests/e2e/harness.ts';
import { callInPanel, openScreen, waitUntilSynced } from '../../../../tests/e2e/panelsSteps.ts';
import { fa } from '../../../../tests/e2e/pwaSupport.ts';
import { BankAccount, CashBox, Party } from '../../entities/books.ts';
import { Payment, Voucher } from '../../entities/documents.ts';
import { addDays, tehranDay } from '../../rules/month.ts';
import { accountId } from '../../server/books.ts';

const e2e = serverAndBrowser({ env: accountServerEnv });
const at = (screen: string) => modulePath('MarketAccounting', screen);
const today = tehranDay(Date.now());
let context: BrowserContext;
let page: Page;
let token = '';
let panelCode = '';

async function go(path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.locator('h1').first().waitFor();
}

async function choose(scope: ReturnType<Page['locator']> | Page, label: string, option: string): Promise<void> {
  const input = scope.getByRole('combobox', { name: label }).first();
  await input.fill(option);
  await page.getByRole('option', { name: option }).first().click();
}

const api = <T = Row>(method: string, path: string, body?: unknown) => callInPanel<T>(e2e.server.url, { method, path }, token, panelCode, body);

async function submitted(entity: typeof Payment | typeof Voucher, values: Record<string, unknown>): Promise<void> {
  const row = await api('POST', entityPath(entity), { id: randomUUID(), ...values });
  await api('POST', `${entityPath(entity)}/${row.id}/submit`, { version: row.version });
}

beforeAll(async () => {
  const person = await newAccount(e2e.server);
  context = await freshContext(e2e.browser, e2e.server, 390);
  token = (await signInContext(context, e2e.server, person.username, person.password)).access_token;
  const panel = await callInPanel<CurrentPanel>(e2e.server.url, panelEndpoints.register, token, null, { name: 'فروشگاه نمونه', icon: 'store', modules: ['PanelManagement', 'MarketAccounting'] });
  panelCode = panel.code;
  await api('POST', '/api/MarketAccounting/books', {});
  const customer = await api('POST', entityPath(Party), { id: randomUUID(), name: 'علی رضایی' });
  const supplier = await api('POST', entityPath(Party), { id: randomUUID(), name: 'پخش البرز' });
  const box = await api('POST', entityPath(CashBox), { id: randomUUID(), name: 'صندوق اصلی', active: true });
  const bank = await api('POST', entityPath(BankAccount), { id: randomUUID(), bank: 'ملت', accountNumber: '4455', sheba: 'IR062960000000100324200001', active: true });
  // The owner's capital in the bank and the till, a sale on credit, its payment partly by cheque, a purchase paid by transfer, and the rent.
  await submitted(Voucher, { date: today, description: 'سرمایه اولیه', lines: [{ id: randomUUID(), accountId: accountId('1102'), bankAccountId: bank.id, debit: 200_000_000, credit: 0 }, { id: randomUUID(), accountId: accountId('1101'), cashBoxId: box.id, debit: 10_000_000, credit: 0 }, { id: randomUUID(), accountId: accountId('3101'), debit: 0, credit: 210_000_000 }] });
  await submitted(Voucher, { date: today, description: 'فروش نسیه', lines: [{ id: randomUUID(), accountId: accountId('1103'), partyId: customer.id, debit: 120_000_000, credit: 0 }, { id: randomUUID(), accountId: accountId('4101'), debit: 0, credit: 120_000_000 }] });
  await submitted(Payment, { direction: 'in', date: today, partyId: customer.id, lines: [{ id: randomUUID(), method: 'cheque', amount: 50_000_000, chequeBank: 'صادرات', chequeSerial: '778899', dueDate: addDays(today, 3) }] });
  await submitted(Voucher, { date: today, description: 'خرید کالا', lines: [{ id: randomUUID(), accountId: accountId('1106'), debit: 80_000_000, credit: 0 }, { id: randomUUID(), accountId: accountId('2101'), partyId: supplier.id, debit: 0, credit: 80_000_000 }] });
  await submitted(Payment, { direction: 'out', date: today, partyId: supplier.id, lines: [{ id: randomUUID(), method: 'transfer', amount: 30_000_000, bankAccountId: bank.id }] });
  // The rent, paid by the owner out of pocket.
  await submitted(Voucher, { date: today, description: 'اجاره', lines: [{ id: randomUUID(), accountId: accountId('5202'), debit: 15_000_000, credit: 0 }, { id: randomUUID(), accountId: accountId('3101'), debit: 0, credit: 15_000_000 }] });
  page = await context.newPage();
  await openScreen(page, paths.user.panelList);
  await page.getByRole('button', { name: 'فروشگاه نمونه' }).click();
  await page.waitForURL((url) => url.pathname === paths.user.panelDashboard);
  for (const screen of ['dashboard', 'Payment/AddPayment', 'Payment/PaymentList', 'Payment/PaymentDetails', 'Reports/PartyStatement', 'Cheque/ChequeList', 'Voucher/AddVoucher']) await openScreen(page, at(screen));
  await waitUntilSynced(page);
});

afterAll(() => context?.close());

afterEach(async ({ task }) => {
  if (task.result?.state === 'fail') await screenshot(page, `accounting-failed-${task.name.slice(0, 30)}`).catch(() => {});
});

describe('accounting on a phone', () => {
  it('has the standard chart as a tree', async () => {
    await openScreen(page, at('Accounts/AccountList'));
    await page.getByText('صندوق', { exact: true }).first().waitFor({ timeout: 30_000 });
    await screenshot(page, 'accounting-chart-fa-390');
  });

  it('takes a cash receipt offline, submits it once back online, and shows it in the statement', async () => {
    await context.setOffline(true);
    await go(`${at('Payment/AddPayment')}?direction=in`);
    await choose(page, fa('acc.field.Payment.partyId'), 'علی رضایی');
    const line = page.getByRole('listitem', { name: fa('Line {number}', { number: '۱' }) });
    const method = line.getByLabel(fa('acc.field.PaymentLine.method'));
    // No way of paying is shown as chosen before it is; the fields of one follow the choice.
    expect(await method.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent)).toBe(fa('Choose…'));
    expect(await line.getByLabel(fa('acc.field.PaymentLine.cashBoxId')).count()).toBe(0);
    await method.selectOption({ label: fa('acc.method.cheque') });
    await line.getByLabel(fa('acc.field.PaymentLine.chequeSerial')).waitFor();
    await method.selectOption({ label: fa('acc.method.cash') });
    expect(await line.getByLabel(fa('acc.field.PaymentLine.chequeSerial')).count()).toBe(0);
    await line.getByLabel(fa('acc.field.PaymentLine.amount')).fill('20000000');
    await choose(line, fa('acc.field.PaymentLine.cashBoxId'), 'صندوق اصلی');
    await page.getByRole('button', { name: fa('Save and submit') }).click();
    await page.getByText(fa('Waiting to submit')).first().waitFor();
    await screenshot(page, 'accounting-receipt-offline-fa-390');

    await context.setOffline(false);
    await waitUntilSynced(page);
    await page.getByText(/^RP-/).locator('visible=true').first().waitFor({ timeout: 30_000 });

    await go(at('Reports/PartyStatement'));
    await page.getByLabel(fa('Party')).selectOption({ label: 'علی رضایی' });
    // On a phone the statement is a list, a line to a posting, the balance after each.
    const lines = page.getByRole('list', { name: fa('Statement of {partyName}', { partyName: 'علی رضایی' }) });
    await lines.waitFor();
    // 120,000,000 sold, 50,000,000 by cheque and 20,000,000 in cash received: 50,000,000 still owed.
    await expect.poll(async () => lines.getByRole('listitem').last().innerText(), { timeout: 30_000 }).toContain('۵۰٬۰۰۰٬۰۰۰');
    await screenshot(page, 'accounting-statement-fa-390');
  });

  it('deposits a received cheque from the cheques screen, with the due calendar', async () => {
    await go(at('Cheque/ChequeList'));
    const card = page.getByRole('listitem').filter({ hasText: 'علی رضایی' });
    await card.getByRole('button', { name: fa('acc.cheque.deposited') }).click();
    await card.getByLabel(fa('Bank account')).selectOption({ label: 'ملت 4455' });
    await screenshot(page, 'accounting-cheque-deposit-fa-390');
    await card.getByRole('button', { name: fa('Mark as {0}', { 0: fa('acc.cheque.deposited') }) }).click();
    await card.getByText(fa('acc.cheque.deposited'), { exact: true }).waitFor();
    await waitUntilSynced(page);
    await screenshot(page, 'accounting-cheques-fa-390');
  });

  it('says by how much a voucher is off before it is submitted', async () => {
    await go(at('Voucher/AddVoucher'));
    const first = page.getByRole('listitem', { name: fa('Line {number}', { number: '۱' }) });
    await choose(first, fa('acc.field.VoucherLine.accountId'), 'اجاره');
    await first.getByLabel(fa('acc.field.VoucherLine.debit')).fill('1000000');
    const status = page.getByRole('status').filter({ hasText: fa('Balance') });
    await expect.poll(() => status.innerText()).toContain('۱٬۰۰۰٬۰۰۰');
    await screenshot(page, 'accounting-voucher-fa-390');
  });

  it('shows amounts in tomans once the settings say so', async () => {
    await go(at('Settings/AccountingSettings'));
    await page.getByLabel(fa('acc.field.Settings.currency')).selectOption({ label: fa('acc.currency.toman') });
    await screenshot(page, 'accounting-settings-fa-390');
    await page.getByRole('button', { name: fa('Save changes') }).click();
    await page.getByRole('heading', { name: fa('Accounting'), exact: true }).waitFor();
    // 30,000,000 rials in the till: 3,000,000 tomans.
    await page.getByText(fa('{amount} tomans', { amount: '۳٬۰۰۰٬۰۰۰' })).first().waitFor();
    await go(at('Settings/AccountingSettings'));
    await page.getByLabel(fa('acc.field.Settings.currency')).selectOption({ label: fa('acc.currency.rial') });
    await page.getByRole('button', { name: fa('Save changes') }).click();
    await page.getByRole('heading', { name: fa('Accounting'), exact: true }).waitFor();
  });

  it('shows the dashboard and the reports in Persian on a phone', async () => {
    await go(at('dashboard'));
    await page.getByRole('heading', { name: fa('Largest debtors') }).waitFor();
    await screenshot(page, 'accounting-dashboard-fa-390');
    await go(at('Reports/TrialBalance'));
    await page.getByRole('region', { name: fa('Trial balance') }).waitFor();
    await screenshot(page, 'accounting-trial-balance-fa-390');
  });

  it('reads the same in English on a wide screen', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openScreen(page, at('dashboard'));
    await switchToEnglish(page);
    await page.getByRole('heading', { name: 'Accounting', exact: true }).waitFor();
    await page.getByText('Cheques due in the next 7 days').waitFor();
    await screenshot(page, 'accounting-dashboard-en-1280');
    await go(at('Reports/TrialBalance'));
    const total = page.getByRole('row', { name: /Total/ });
    await total.waitFor();
    // Every posting balances, so the two totals agree.
    const cells = await total.getByRole('cell').allInnerTexts();
    expect(cells[1]).toBe(cells[2]);
    await screenshot(page, 'accounting-trial-balance-en-1280');
    for (const [screen, name] of [
      ['Reports/ProfitAndLoss', 'profit-and-loss'],
      ['Reports/CashAndBank', 'cash-and-bank'],
      ['Cheque/ChequeList', 'cheques'],
      ['Payment/PaymentList', 'payments'],
      ['Accounts/AccountList', 'chart'],
      ['Journal/JournalList', 'journal'],
    ] as const) {
      await go(at(screen));
      await screenshot(page, `accounting-${name}-en-1280`);
    }
    await go(at('Treasury/BankAccounts'));
    await page.getByText('4455').first().waitFor();
    await screenshot(page, 'accounting-bank-accounts-en-1280');
    await go(`${at('Reports/PartyStatement')}?partyId=`);
    await page.getByLabel('Party').selectOption({ label: 'علی رضایی' });
    const table = page.getByRole('region', { name: /Statement of/ });
    await table.waitFor();
    expect(await table.getByRole('row').last().innerText()).toContain('50,000,000');
    await screenshot(page, 'accounting-statement-en-1280');
  });

  it('asks the server for the standard chart when a new panel first opens accounting', async () => {
    await callInPanel<CurrentPanel>(e2e.server.url, panelEndpoints.register, token, null, { name: 'New shop', icon: 'store', modules: ['PanelManagement', 'MarketAccounting'] });
    await openScreen(page, paths.user.panelList);
    await page.getByRole('button', { name: 'New shop' }).click();
    await page.waitForURL((url) => url.pathname === paths.user.panelDashboard);
    await openScreen(page, at('Accounts/AccountList'));
    // Written by the server in the language of whoever opened it.
    await page.getByText('Cash on hand', { exact: true }).waitFor({ timeout: 30_000 });
    await screenshot(page, 'accounting-new-chart-en-1280');
  });
});
