/**
 * The sales board in Chromium (issue 11's target: first render < 150 ms with 5,000 sales): a panel
 * whose device holds 5,000 sales across the five stages, 800 customers and 20 catalogue modules
 * (written straight into its IndexedDB, as a long pull leaves them). Measures in the page, from
 * following the navigation link (on the sales list) to the first card drawn, and as the first
 * screen after a reload (code and database cold); median of 7, at full speed and with the CPU 4×
 * slower. Each column draws its newest 30 cards (more on request). Prints figures; asserts nothing.
 *
 *   npx tsx modules/NagemManagement/bench/saleBoard.ts
 *   npx tsx modules/NagemManagement/bench/saleBoard.ts --smoke    # 50 sales, one run
 */
import type { Page } from 'playwright-core';
import { sized } from '../../../bench/benchArgs.ts';
import { atEachSpeed, ms, openBenchPanel, openByReload, openFromMenu, putRows, syncedRow as synced } from '../../../bench/browserBench.ts';
import { modulePath } from '../../../src/contract/routes.ts';
import { Module } from '../entities/catalogue.ts';
import { Customer } from '../entities/customers.ts';
import { Sale, stages } from '../entities/sale.ts';
import { saleTotals } from '../rules/saleTotals.ts';
import { networkQuiet } from '../../../tests/e2e/networkQuiet.ts';

const SALES = sized(5_000, 50);
const CUSTOMERS = sized(800, 10);
const MODULES = sized(20, 3);
const RUNS = sized(7, 1);
const TARGET_MS = 150;
const boardPath = modulePath('NagemManagement', 'Sale/SaleStatus');
const FIRST_CARD = 'main [data-sale-card]';

const uuid = (kind: number, i: number) => `00000000-0000-4000-${String(8000 + kind)}-${String(i).padStart(12, '0')}`;

function tables(): Record<string, unknown[]> {
  const words = ['البرز', 'باران', 'پارس', 'آریا', 'سپهر', 'نوین', 'کیان', 'آتیه'];
  const modules = Array.from({ length: MODULES }, (_, i) =>
    synced(Module, {
      id: uuid(1, i),
      name: `ماژول ${i}`,
      code: `M${i}`,
      price: 1_000_000 * (i + 1),
      billing: 'yearly',
      active: true,
      description: null,
    }),
  );
  const customers = Array.from({ length: CUSTOMERS }, (_, i) =>
    synced(Customer, {
      id: uuid(2, i),
      kind: 'company',
      name: `شرکت ${words[i % words.length]} ${i}`,
      province: 'تهران',
      mobiles: [],
      tags: [],
    }),
  );
  const sales = Array.from({ length: SALES }, (_, i) => {
    const lines = [{ id: uuid(4, i), moduleId: modules[i % MODULES]!.id, quantity: (i % 3) + 1, unitPrice: 2_500_000, discount: 0 }];
    const day = String((i % 28) + 1).padStart(2, '0');
    return synced(Sale, {
      id: uuid(3, i),
      customerId: customers[i % CUSTOMERS]!.id,
      date: `2026-${String((i % 11) + 1).padStart(2, '0')}-${day}`,
      stage: stages[i % stages.length],
      lostReason: null,
      agentMemberId: null,
      note: null,
      closedOn: null,
      ...saleTotals(lines),
      status: 'draft',
      number: null,
      submittedAt: null,
      amendedFrom: null,
      lines,
    });
  });
  return { [Module.table]: modules, [Customer.table]: customers, [Sale.table]: sales };
}

/** From clicking "Sales board" in the navigation (or a reload of it) to the first card on screen. */
async function firstRender(page: Page, reload: boolean): Promise<number> {
  if (reload) return openByReload(page, boardPath, FIRST_CARD);
  await page.goto(modulePath('NagemManagement', 'Sale/SaleList'));
  // As a person would: the sales list is on screen (its 5,000 rows read) before they go on.
  await page.locator('main tbody tr td').first().waitFor({ timeout: 60_000 });
  await networkQuiet(page);
  await page.waitForTimeout(500);
  return openFromMenu(page, boardPath, FIRST_CARD);
}

const { page, dbName, close } = await openBenchPanel(
  'saleboard',
  ['PanelManagement', 'NagemManagement'],
  modulePath('NagemManagement', 'Dashboard'),
);
try {
  await putRows(page, dbName, tables());
  console.log(`sales board of ${SALES.toLocaleString('en')} sales, ${CUSTOMERS} customers, in Chromium, median of ${RUNS} runs`);
  await atEachSpeed(page, async (speed) => {
    const open: number[] = [];
    const cold: number[] = [];
    const cards: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      cold.push(await firstRender(page, true));
      open.push(await firstRender(page, false));
      cards.push(await page.locator(FIRST_CARD).count());
    }
    console.log(`  ${speed}  (${cards[0]} cards drawn)`);
    console.log(`    first render, opened from the menu            ${ms(open)}   (target ${TARGET_MS} ms)`);
    console.log(`    first render, a reload of the screen          ${ms(cold)}   (from navigation start: code and database cold)`);
  });
} finally {
  await close();
}
