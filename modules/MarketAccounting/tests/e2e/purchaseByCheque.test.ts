/**
 * A purchase invoice settled by a cheque, on a phone in Persian (issue 27, decision 043): the
 * settlement of the invoice's form takes the cheque (serial, bank, a Jalali due date, amount), the
 * submit makes its payment (RP-…) in the same step, the invoice's page links it, and the cheque
 * is then in the cheque list, issued and in hand, with its due date.
 */
import { randomUUID } from 'node:crypto';
import { format } from 'date-fns-jalali';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityPath, type EntityListResponse, type Row } from '../../../../src/contract/entity.ts';
import { panelEndpoints, type CurrentPanel } from '../../../../src/contract/panels.ts';
import { modulePath, withQuery } from '../../../../src/contract/routes.ts';
import { accountServerEnv, freshContext, newAccount, signInContext } from '../../../../tests/e2e/accountSteps.ts';
import { screenshot, serverAndBrowser } from '../../../../tests/e2e/harness.ts';
import { choose, enterPanel, go, screenshotFailures } from '../../../../tests/e2e/moduleSteps.ts';
import { callInPanel, waitUntilSynced } from '../../../../tests/e2e/panelsSteps.ts';
import { expectFitsThePhone } from '../../../../tests/e2e/phoneFit.ts';
import { fa } from '../../../../tests/e2e/pwaSupport.ts';
import { BankAccount, Party } from '../../entities/books.ts';
import { Cheque, Payment } from '../../entities/documents.ts';
import { Invoice } from '../../entities/invoices.ts';
import { addDays, tehranDay } from '../../rules/month.ts';

const e2e = serverAndBrowser({ env: accountServerEnv });
const at = (route: string) => modulePath('MarketAccounting', route);
const due = addDays(tehranDay(Date.now()), 30);
/** The due date as a person types it in Persian: Jalali, year/month/day, in Persian digits. */
const dueTyped = format(new Date(`${due}T12:00:00Z`), 'yyyy/MM/dd').replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);
let context: BrowserContext;
let page: Page;
let token = '';
let panelCode = '';
let bank: Row;

const api = <T = Row>(method: string, path: string, body?: unknown) =>
  callInPanel<T>(e2e.server.url, { method, path }, token, panelCode, body);
const rows = async (entity: Parameters<typeof entityPath>[0]) =>
  (await api<EntityListResponse>('GET', `${entityPath(entity)}?pageSize=100`)).items;

beforeAll(async () => {
  const person = await newAccount(e2e.server);
  context = await freshContext(e2e.browser, e2e.server, 360);
  token = (await signInContext(context, e2e.server, person.username, person.password)).access_token;
  const panel = await callInPanel<CurrentPanel>(e2e.server.url, panelEndpoints.register, token, null, {
    name: 'فروشگاه چک',
    icon: 'store',
    modules: ['PanelManagement', 'MarketAccounting'],
  });
  panelCode = panel.code;
  await api('POST', '/api/MarketAccounting/books', {});
  await api('POST', entityPath(Party), { id: randomUUID(), name: 'پخش البرز' });
  bank = await api('POST', entityPath(BankAccount), { id: randomUUID(), bank: 'ملت', accountNumber: '4455', active: true });
  page = await context.newPage();
  await enterPanel(page, 'فروشگاه چک');
}, 240_000);
afterAll(async () => {
  await context?.close();
});

screenshotFailures('purchase-by-cheque', () => page);

describe('a purchase settled by a cheque on a phone', () => {
  it('takes the cheque in the invoice’s form, makes its payment, and shows the cheque in the cheque list', async () => {
    await go(page, withQuery(at('Invoice/AddInvoice'), { kind: 'purchase' }));
    await choose(page, page, fa('acc.field.Invoice.partyId'), 'پخش البرز');
    await choose(page, page, fa('acc.field.Invoice.bankAccountId'), '4455');
    const line = page.getByRole('listitem', { name: fa('Line {number}', { number: '۱' }) });
    await line.getByLabel(fa('acc.field.InvoiceLine.description')).fill('کارتن بسته‌بندی');
    await line.getByLabel(fa('acc.field.InvoiceLine.quantity')).fill('10');
    await line.getByLabel(fa('acc.field.InvoiceLine.unitPrice')).pressSequentially('50000');
    // 10 × 50,000 and 10 % VAT: 550,000.
    await expect.poll(() => page.getByTestId('invoice-total').innerText()).toContain('۵۵۰٬۰۰۰');

    await page.getByRole('button', { name: fa('Add a cheque') }).click();
    const cheque = page.getByRole('group', { name: fa('Cheque {0}', { 0: '۱' }) });
    await cheque.getByLabel(fa('acc.field.PaymentLine.chequeSerial')).fill('556677');
    await cheque.getByLabel(fa('acc.field.PaymentLine.chequeBank')).fill('ملت');
    await cheque.getByLabel(fa('acc.field.PaymentLine.dueDate')).fill(dueTyped);
    await cheque.getByLabel(fa('acc.field.PaymentLine.amount')).pressSequentially('550000');
    await page.getByRole('heading').first().click();
    await expectFitsThePhone(page);
    await screenshot(page, 'purchase-by-cheque-form-fa-360');

    await page.getByRole('button', { name: fa('Save and submit') }).click();
    await page.waitForURL(/InvoiceDetails/);
    // The badge may still say "synced" for a moment before it counts the new writes: wait for the server to have it.
    const submitted = async () => (await rows(Invoice)).find((r) => r.kind === 'purchase' && r.status === 'submitted');
    await expect.poll(submitted, { timeout: 30_000 }).toBeDefined();
    await waitUntilSynced(page);
    const purchase = (await submitted())!;
    expect(purchase).toMatchObject({ status: 'submitted', total: 550_000 });
    const [payment] = (await rows(Payment)).filter((p) => p.id === purchase.paymentId);
    expect(payment).toMatchObject({ status: 'submitted', direction: 'out', invoiceId: purchase.id });
    // The invoice's page links its payment once the device has pulled it.
    const link = page.getByRole('link', { name: new RegExp(`${String(payment!.number)}`) });
    await link.waitFor({ timeout: 30_000 });
    await expectFitsThePhone(page);
    await screenshot(page, 'purchase-by-cheque-invoice-fa-360');

    const [made] = (await rows(Cheque)).filter((c) => c.paymentId === payment!.id);
    expect(made).toMatchObject({
      direction: 'issued',
      serial: '556677',
      bank: 'ملت',
      dueDate: due,
      status: 'inHand',
      bankAccountId: bank.id,
    });
    expect(Number(made!.amount)).toBe(550_000);

    await go(page, at('Cheque/ChequeList'));
    // Issued to the supplier, in hand, its serial in Persian digits as the list shows it.
    const card = page.getByRole('listitem').filter({ hasText: 'پخش البرز' }).filter({ hasText: '۵۵۶۶۷۷' });
    await card.getByText(fa('acc.cheque.inHand')).first().waitFor({ timeout: 30_000 });
    await expectFitsThePhone(page);
    await screenshot(page, 'purchase-by-cheque-cheques-fa-360');
  }, 180_000);
});
