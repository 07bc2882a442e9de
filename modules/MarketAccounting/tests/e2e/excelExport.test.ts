/**
 * Excel export in the browser (decision 041): the trial balance downloaded as .xlsx and read back
 * with exceljs holds the very figures the screen shows, right to left with its period on top; a
 * list exported while searched holds exactly the rows the search left.
 */
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityPath, type Row } from '../../../../src/contract/entity.ts';
import { toAsciiDigits } from '../../../../src/contract/normalize.ts';
import { panelEndpoints, type CurrentPanel } from '../../../../src/contract/panels.ts';
import { modulePath } from '../../../../src/contract/routes.ts';
import { accountServerEnv, freshContext, newAccount, signInContext } from '../../../../tests/e2e/accountSteps.ts';
import { serverAndBrowser } from '../../../../tests/e2e/harness.ts';
import { enterPanel, go, screenshotFailures } from '../../../../tests/e2e/moduleSteps.ts';
import { callInPanel, waitUntilSynced } from '../../../../tests/e2e/panelsSteps.ts';
import { fa } from '../../../../tests/e2e/pwaSupport.ts';
import { Party } from '../../entities/books.ts';
import { Voucher } from '../../entities/documents.ts';
import { tehranDay } from '../../rules/month.ts';
import { accountId } from '../../server/books.ts';

const e2e = serverAndBrowser({ env: accountServerEnv });
const at = (screen: string) => modulePath('MarketAccounting', screen);
let context: BrowserContext;
let page: Page;

/** Clicks the Excel button and reads the file the browser downloaded. */
async function downloadSheet(): Promise<ExcelJS.Worksheet> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: fa('Excel') }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await download.path())!);
  return workbook.worksheets[0]!;
}

/** A figure as the screen shows it («۱۲۰٬۰۰۰٬۰۰۰»), as a number; an empty cell as null. */
function figure(text: string): number | string | null {
  const plain = toAsciiDigits(text.trim()).replace(/[٬,\u200e\u200f\u066c]/g, '');
  return plain === '' ? null : /^-?\d+$/.test(plain) ? Number(plain) : text.trim();
}

beforeAll(async () => {
  const person = await newAccount(e2e.server);
  context = await freshContext(e2e.browser, e2e.server, 1280);
  const token = (await signInContext(context, e2e.server, person.username, person.password)).access_token;
  const panel = await callInPanel<CurrentPanel>(e2e.server.url, panelEndpoints.register, token, null, {
    name: 'فروشگاه اکسل',
    icon: 'store',
    modules: ['PanelManagement', 'MarketAccounting'],
  });
  const api = <T = Row>(method: string, path: string, body?: unknown) =>
    callInPanel<T>(e2e.server.url, { method, path }, token, panel.code, body);
  await api('POST', '/api/MarketAccounting/books', {});
  for (const name of ['علی رضایی', 'پخش البرز', 'علیرضا کاظمی', 'مهسا نوری'])
    await api('POST', entityPath(Party), { id: randomUUID(), name });
  const today = tehranDay(Date.now());
  for (const [debit, credit, amount] of [
    ['1101', '3101', 210_000_000],
    ['1103', '4101', 120_000_000],
    ['5202', '1101', 15_000_000],
  ] as const) {
    const row = await api('POST', entityPath(Voucher), {
      id: randomUUID(),
      date: today,
      description: 'سند',
      lines: [
        { id: randomUUID(), accountId: accountId(debit), debit: amount, credit: 0 },
        { id: randomUUID(), accountId: accountId(credit), debit: 0, credit: amount },
      ],
    });
    await api('POST', `${entityPath(Voucher)}/${row.id}/submit`, { version: row.version });
  }
  page = await context.newPage();
  await enterPanel(page, 'فروشگاه اکسل');
  await waitUntilSynced(page);
});

afterAll(() => context?.close());

screenshotFailures('excel-export', () => page);

describe('Excel export', () => {
  it('writes the trial balance with the same figures as the screen, right to left, its months on top', async () => {
    await go(page, at('Reports/TrialBalance'));
    const table = page.getByRole('table');
    await table.getByRole('row', { name: new RegExp(`^${fa('Total')} \\(`) }).waitFor();
    const screenRows = await table
      .getByRole('row')
      .evaluateAll((rows) => rows.map((r) => Array.from(r.querySelectorAll('td, th')).map((c) => (c as HTMLElement).innerText)));
    const body = screenRows.slice(1, -1).map((cells) => cells.map(figure));
    const total = screenRows.at(-1)!.map(figure).slice(-4);
    expect(body.length).toBeGreaterThanOrEqual(5);

    const sheet = await downloadSheet();
    expect(sheet.views[0]).toMatchObject({ rightToLeft: true, state: 'frozen', ySplit: 4 });
    expect(sheet.getCell('A1').value).toBe(fa('Trial balance'));
    expect(String(sheet.getCell('A2').value)).toMatch(/^از .+ تا .+$/);
    expect(sheet.getCell('C4').value).toBe(`${fa('Debits')} (${fa('Rials')})`);
    const rows: unknown[][] = [];
    sheet.eachRow((row, number) => {
      if (number > 4) rows.push(Array.from({ length: 6 }, (_, i) => row.getCell(i + 1).value ?? null));
    });
    const footer = rows.pop()!;
    expect(rows.map((r) => [String(r[0]), r[1], ...r.slice(2)])).toEqual(body.map((r) => [String(r[0]), ...r.slice(1)]));
    expect(footer.slice(-4)).toEqual(total);
    expect(footer[2]).toBe(345_000_000);
    expect(typeof footer[2]).toBe('number');
  });

  it('writes a searched list with exactly the rows the search left, and the search under the title', async () => {
    await go(page, at('Parties/PartyList'));
    await page.getByRole('searchbox').fill('علی');
    await page
      .getByRole('status')
      .filter({ hasText: fa('{count} records', { count: '۲' }) })
      .waitFor();
    const sheet = await downloadSheet();
    expect(sheet.getCell('A2').value).toBe(fa('Search: {words}', { words: 'علی' }));
    const names: string[] = [];
    sheet.eachRow((row, number) => {
      if (number > 4) names.push(String(row.getCell(1).value));
    });
    expect(names.sort()).toEqual(['علی رضایی', 'علیرضا کاظمی']);
  });
});
