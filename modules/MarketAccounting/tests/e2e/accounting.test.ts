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
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { entityPath, type Row } from '../../../../src/contract/entity.ts';
import { panelEndpoints, type CurrentPanel } from '../../../../src/contract/panels.ts';
import { modulePath, paths } from '../../../../src/contract/routes.ts';
import { accountServerEnv, freshContext, newAccount, signInContext, switchToEnglish } from '../../../../tests/e2e/accountSteps.ts';
import { screenshot, serverAndBrowser } from '../../../../tests/e2e/harness.ts';
import { choose, enterPanel, go, screenshotFailures } from '../../../../tests/e2e/moduleSteps.ts';
import { callInPanel, openScreen, waitUntilSynced } from '../../../../tests/e2e/panelsSteps.ts';
import { expectFitsThePhone } from '../../../../tests/e2e/phoneFit.ts';
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
let chequeReceiptId = '';

const api = <T = Row>(method: string, path: string, body?: unknown) =>
  callInPanel<T>(e2e.server.url, { method, path }, token, panelCode, body);

async function submitted(entity: typeof Payment | typeof Voucher, values: Record<string, unknown>): Promise<Row> {
  const row = await api('POST', entityPath(entity), { id: randomUUID(), ...values });
  return api('POST', `${entityPath(entity)}/${row.id}/submit`, { version: row.version });
}

/** A voucher's balance: the status under the totals' "Balance" term. */
const voucherBalance = () =>
  page
    .locator('dt', { hasText: new RegExp(`^${fa('Balance')}$`) })
    .locator('xpath=following-sibling::dd[1]')
    .getByRole('status');

/** The panel's money unit, chosen on its details page as its owner would (decision 027). */
async function chooseMoneyUnit(unit: 'rial' | 'toman', shot?: string): Promise<void> {
  await go(page, modulePath('PanelManagement', 'PanelDetails'));
  await page.getByLabel(fa('Money unit')).selectOption(unit);
  if (shot) await screenshot(page, shot);
  await page.getByRole('button', { name: fa('Save'), exact: true }).click();
  await page.getByText(fa('The panel’s details are saved.')).first().waitFor();
}

let capital: Row;
let customerId = '';

beforeAll(async () => {
  const person = await newAccount(e2e.server);
  context = await freshContext(e2e.browser, e2e.server, 390);
  token = (await signInContext(context, e2e.server, person.username, person.password)).access_token;
  const panel = await callInPanel<CurrentPanel>(e2e.server.url, panelEndpoints.register, token, null, {
    name: 'فروشگاه نمونه',
    icon: 'store',
    modules: ['PanelManagement', 'MarketAccounting'],
  });
  panelCode = panel.code;
  await api('POST', '/api/MarketAccounting/books', {});
  const customer = await api('POST', entityPath(Party), { id: randomUUID(), name: 'علی رضایی' });
  const supplier = await api('POST', entityPath(Party), { id: randomUUID(), name: 'پخش البرز' });
  const box = await api('POST', entityPath(CashBox), { id: randomUUID(), name: 'صندوق اصلی', active: true });
  const bank = await api('POST', entityPath(BankAccount), {
    id: randomUUID(),
    bank: 'ملت',
    accountNumber: '4455',
    sheba: 'IR062960000000100324200001',
    active: true,
  });
  // The owner's capital in the bank and the till, a sale on credit, its payment partly by cheque, a purchase paid by transfer, and the rent.
  customerId = customer.id;
  capital = await submitted(Voucher, {
    date: today,
    description: 'سرمایه اولیه',
    lines: [
      { id: randomUUID(), accountId: accountId('1102'), bankAccountId: bank.id, debit: 200_000_000, credit: 0 },
      { id: randomUUID(), accountId: accountId('1101'), cashBoxId: box.id, debit: 10_000_000, credit: 0 },
      { id: randomUUID(), accountId: accountId('3101'), debit: 0, credit: 210_000_000 },
    ],
  });
  await submitted(Voucher, {
    date: today,
    description: 'فروش نسیه',
    lines: [
      { id: randomUUID(), accountId: accountId('1103'), partyId: customer.id, debit: 120_000_000, credit: 0 },
      { id: randomUUID(), accountId: accountId('4101'), debit: 0, credit: 120_000_000 },
    ],
  });
  chequeReceiptId = (
    await submitted(Payment, {
      direction: 'in',
      date: today,
      partyId: customer.id,
      lines: [
        {
          id: randomUUID(),
          method: 'cheque',
          amount: 50_000_000,
          chequeBank: 'صادرات',
          chequeSerial: '778899',
          dueDate: addDays(today, 3),
        },
      ],
    })
  ).id;
  await submitted(Voucher, {
    date: today,
    description: 'خرید کالا',
    lines: [
      { id: randomUUID(), accountId: accountId('1106'), debit: 80_000_000, credit: 0 },
      { id: randomUUID(), accountId: accountId('2101'), partyId: supplier.id, debit: 0, credit: 80_000_000 },
    ],
  });
  await submitted(Payment, {
    direction: 'out',
    date: today,
    partyId: supplier.id,
    lines: [{ id: randomUUID(), method: 'transfer', amount: 30_000_000, bankAccountId: bank.id }],
  });
  // The rent, paid by the owner out of pocket.
  await submitted(Voucher, {
    date: today,
    description: 'اجاره',
    lines: [
      { id: randomUUID(), accountId: accountId('5202'), debit: 15_000_000, credit: 0 },
      { id: randomUUID(), accountId: accountId('3101'), debit: 0, credit: 15_000_000 },
    ],
  });
  page = await context.newPage();
  await enterPanel(page, 'فروشگاه نمونه');
  for (const screen of [
    'dashboard',
    'Payment/AddPayment',
    'Payment/PaymentList',
    'Payment/PaymentDetails',
    'Reports/PartyStatement',
    'Cheque/ChequeList',
    'Voucher/AddVoucher',
  ])
    await openScreen(page, at(screen));
  await waitUntilSynced(page);
});

afterAll(() => context?.close());

screenshotFailures('accounting', () => page);

describe('accounting on a phone', () => {
  it('has the standard chart as a tree', async () => {
    await openScreen(page, at('Accounts/AccountList'));
    await page.getByText('صندوق', { exact: true }).first().waitFor({ timeout: 30_000 });
    await screenshot(page, 'accounting-chart-fa-390');
  });

  it('takes a cash receipt offline, submits it once back online, and shows it in the statement', async () => {
    await context.setOffline(true);
    await go(page, `${at('Payment/AddPayment')}?direction=in`);
    await choose(page, page, fa('acc.field.Payment.partyId'), 'علی رضایی');
    const line = page.getByRole('listitem', { name: fa('Line {number}', { number: '۱' }) });
    // The line shows «نقد» and holds it: nobody has to pick it again (issue 24).
    const method = line.getByLabel(fa('acc.field.PaymentLine.method'));
    await expect.poll(() => method.inputValue()).toBe('cash');
    // The fields of a way of paying follow the choice: a cheque's only on a cheque line.
    expect(await line.getByLabel(fa('acc.field.PaymentLine.chequeSerial')).count()).toBe(0);
    await method.selectOption({ label: fa('acc.method.cheque') });
    await line.getByLabel(fa('acc.field.PaymentLine.chequeSerial')).waitFor();
    expect(await line.getByLabel(fa('acc.field.PaymentLine.cashBoxId')).count()).toBe(0);
    await method.selectOption({ label: fa('acc.method.cash') });
    expect(await line.getByLabel(fa('acc.field.PaymentLine.chequeSerial')).count()).toBe(0);
    // Typed in Latin digits, shown grouped in Persian ones with the unit beside them.
    const amount = line.getByLabel(fa('acc.field.PaymentLine.amount'));
    await amount.pressSequentially('20000000');
    expect(await amount.inputValue()).toBe('۲۰٬۰۰۰٬۰۰۰');
    await line.getByText(fa('Rials'), { exact: true }).waitFor();
    await screenshot(page, 'accounting-receipt-amount-fa-390');
    await choose(page, line, fa('acc.field.PaymentLine.cashBoxId'), 'صندوق اصلی');
    await page.getByRole('button', { name: fa('Save and submit') }).click();
    await page.getByText(fa('Waiting to submit')).first().waitFor();
    await screenshot(page, 'accounting-receipt-offline-fa-390');

    await context.setOffline(false);
    await waitUntilSynced(page);
    await page.getByText(/^RP-/).locator('visible=true').first().waitFor({ timeout: 30_000 });

    await go(page, at('Reports/PartyStatement'));
    await page.getByLabel(fa('Party')).selectOption({ label: 'علی رضایی' });
    // On a phone the statement is a list, a line to a posting, the balance after each.
    const lines = page.getByRole('list', { name: fa('Statement of {partyName}', { partyName: 'علی رضایی' }) });
    await lines.waitFor();
    // 120,000,000 sold, 50,000,000 by cheque and 20,000,000 in cash received: 50,000,000 still owed.
    await expect.poll(async () => lines.getByRole('listitem').last().innerText(), { timeout: 30_000 }).toContain('۵۰٬۰۰۰٬۰۰۰');
    await screenshot(page, 'accounting-statement-fa-390');
  });

  it('deposits a received cheque from the cheques screen, with the due calendar', async () => {
    await go(page, at('Cheque/ChequeList'));
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
    await go(page, at('Voucher/AddVoucher'));
    const first = page.getByRole('listitem', { name: fa('Line {number}', { number: '۱' }) });
    await choose(page, first, fa('acc.field.VoucherLine.accountId'), 'اجاره');
    await first.getByLabel(fa('acc.field.VoucherLine.debit')).fill('1000000');
    const status = voucherBalance();
    await expect.poll(() => status.innerText()).toContain('۱٬۰۰۰٬۰۰۰');
    await screenshot(page, 'accounting-voucher-fa-390');
  });

  it("shows every amount in the panel's unit: a receipt, the journal, the trial balance and the dashboard alike", async () => {
    await chooseMoneyUnit('toman', 'panel-money-unit-fa-390');
    // The tests after this one read rials, whatever happens here.
    onTestFinished(() => chooseMoneyUnit('rial'));
    const main = page.locator('main');
    // The journal's phone cards carry no amounts yet (the data table's work, issue 24): it is read wide.
    const screens = [
      [`${at('Payment/PaymentDetails')}?id=${chequeReceiptId}`, 'receipt', 390],
      [at('Journal/JournalList'), 'journal', 1280],
      [at('Reports/TrialBalance'), 'trial-balance', 390],
      [at('dashboard'), 'dashboard', 390],
    ] as const;
    for (const [path, name, width] of screens) {
      await page.setViewportSize({ width, height: 844 });
      await go(page, path);
      await expect.poll(() => main.innerText(), { timeout: 30_000 }).toContain(fa('Tomans'));
      // «ریال» as a word («سریال», a cheque's serial, holds it too).
      expect(await main.innerText()).not.toMatch(new RegExp(`(^|[\\s(])${fa('Rials')}($|[\\s)])`));
      await screenshot(page, `accounting-${name}-toman-fa-${width}`);
    }
    // The cheque received, 50,000,000 rials, is 5,000,000 tomans on its receipt, line and total alike.
    await go(page, `${at('Payment/PaymentDetails')}?id=${chequeReceiptId}`);
    await main
      .getByText(fa('{number} tomans', { number: '۵٬۰۰۰٬۰۰۰' }))
      .first()
      .waitFor();
    // Typed in tomans: 1,500.5 tomans are 15,005 rials on the wire, and show back so.
    await go(page, at('Voucher/AddVoucher'));
    const first = page.getByRole('listitem', { name: fa('Line {number}', { number: '۱' }) });
    const debit = first.getByLabel(fa('acc.field.VoucherLine.debit'));
    await debit.pressSequentially('۱۵۰۰٫۵');
    expect(await debit.inputValue()).toBe('۱٬۵۰۰٫۵');
    await first.getByText(fa('Tomans'), { exact: true }).first().waitFor();
    const status = voucherBalance();
    await expect.poll(() => status.innerText()).toContain(fa('{number} tomans', { number: '۱٬۵۰۰٫۵' }));
    await screenshot(page, 'accounting-voucher-toman-fa-390');
  });

  it('shows the dashboard and the reports in Persian on a phone', async () => {
    await go(page, at('dashboard'));
    await page.getByRole('heading', { name: fa('Largest debtors') }).waitFor();
    await screenshot(page, 'accounting-dashboard-fa-390');
    await go(page, at('Reports/TrialBalance'));
    // On a phone each account is a card, its balance beside its name.
    await page.getByRole('list', { name: fa('Trial balance') }).waitFor();
    await screenshot(page, 'accounting-trial-balance-fa-390');
  });

  it('fits its tables on a phone at 360 px in Persian and English, every key figure in view', async () => {
    const screens = [
      ['Reports/TrialBalance', 'trial-balance', 4],
      [`Voucher/VoucherDetails?id=${capital.id}`, 'voucher', 3],
      ['Reports/ProfitAndLoss', 'profit-and-loss', 1],
      ['Reports/CashAndBank', 'cash-and-bank', 2],
      [`Reports/PartyStatement?partyId=${customerId}`, 'statement', 3],
      ['Journal/JournalList', 'journal', 0],
      ['Payment/PaymentList', 'payments', 0],
    ] as const;
    for (const language of ['fa', 'en'] as const) {
      await page.setViewportSize({ width: 360, height: 780 });
      for (const [screen, name, figures] of screens) {
        await go(page, at(screen));
        await expect.poll(async () => (await page.locator('[data-key-figure]').count()) >= figures, { timeout: 30_000 }).toBe(true);
        await expectFitsThePhone(page, figures);
        if (name === 'trial-balance' || name === 'voucher') {
          await page.setViewportSize({ width: 390, height: 844 });
          await screenshot(page, `tables-${name}-${language}-390`);
          await page.setViewportSize({ width: 360, height: 780 });
        }
      }
      if (language === 'fa') await switchToEnglish(page);
    }
    // Back to Persian, as the rest of the run expects.
    await page
      .getByRole('button', { name: /Change language/ })
      .first()
      .click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('fa');
  });

  it('reads the same in English on a wide screen', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openScreen(page, at('dashboard'));
    await switchToEnglish(page);
    await page.getByRole('heading', { name: 'Accounting', exact: true }).waitFor();
    await page.getByText('Cheques due in the next 7 days').waitFor();
    await screenshot(page, 'accounting-dashboard-en-1280');
    await go(page, at('Reports/TrialBalance'));
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
      await go(page, at(screen));
      await screenshot(page, `accounting-${name}-en-1280`);
    }
    await go(page, at('Treasury/BankAccounts'));
    await page.getByText('4455').first().waitFor();
    await screenshot(page, 'accounting-bank-accounts-en-1280');
    await go(page, `${at('Reports/PartyStatement')}?partyId=`);
    await page.getByLabel('Party').selectOption({ label: 'علی رضایی' });
    const table = page.getByRole('region', { name: /Statement of/ });
    await table.waitFor();
    expect(await table.getByRole('row').last().innerText()).toContain('50,000,000');
    await screenshot(page, 'accounting-statement-en-1280');
    // On a phone in English: Latin digits grouped while typing, a pasted Persian amount taken as well.
    await page.setViewportSize({ width: 390, height: 844 });
    await go(page, at('Voucher/AddVoucher'));
    const debit = page.getByRole('listitem', { name: 'Line 1' }).getByLabel('Debit');
    await debit.pressSequentially('1234567');
    expect(await debit.inputValue()).toBe('1,234,567');
    await debit.fill('۱۸٬۵۰۰٬۰۰۰');
    expect(await debit.inputValue()).toBe('18,500,000');
    await screenshot(page, 'accounting-voucher-en-390');
  });

  it('asks the server for the standard chart when a new panel first opens accounting', async () => {
    await callInPanel<CurrentPanel>(e2e.server.url, panelEndpoints.register, token, null, {
      name: 'New shop',
      icon: 'store',
      modules: ['PanelManagement', 'MarketAccounting'],
    });
    await openScreen(page, paths.user.panelList);
    await page.getByRole('button', { name: 'New shop' }).click();
    await page.waitForURL((url) => url.pathname === paths.user.panelDashboard);
    await openScreen(page, at('Accounts/AccountList'));
    // Written by the server in the language of whoever opened it.
    await page.getByText('Cash on hand', { exact: true }).waitFor({ timeout: 30_000 });
    await screenshot(page, 'accounting-new-chart-en-1280');
  });
});
