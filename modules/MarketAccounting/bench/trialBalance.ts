/**
 * The trial balance over 100,000 voucher lines (issue 12's target: under 500 ms on PGlite): 200
 * vouchers of 500 lines each, over twelve Jalali months, thirty parties and the standard chart,
 * submitted through the server in-process on PGlite (not timed). Timed: the trial balance as the
 * server works it out (the balances per account × party × month summed in SQL, then the shared
 * rule), the same from the journal lines themselves for comparison, and the device's work on the
 * balance rows it holds. Median of 7 runs after a warm-up; prints figures, asserts nothing.
 *
 *   npx tsx modules/MarketAccounting/bench/trialBalance.ts
 *   npx tsx modules/MarketAccounting/bench/trialBalance.ts --smoke    # 4 vouchers × 10 lines, one run
 */
import { randomUUID } from 'node:crypto';
import type { Row } from '../../../src/contract/entity.ts';
import { sized, verdict } from '../../../bench/benchArgs.ts';
import { startTestServer } from '../../../tests/server/harness.ts';
import { createRow, openPanel, rest } from '../../../tests/server/panelsFixture.ts';
import { Party } from '../entities/books.ts';
import { Voucher } from '../entities/documents.ts';
import { AccountBalance, JournalLine } from '../entities/ledger.ts';
import { addDays } from '../rules/month.ts';
import { trialBalance } from '../rules/reports.ts';
import { accountId } from '../server/books.ts';
import { trialBalanceOf } from '../server/reports.ts';
import { standardChart } from '../server/standardChart.ts';

const VOUCHERS = sized(200, 4);
const LINES = sized(500, 10);
const PARTIES = sized(30, 3);
const RUNS = sized(7, 1);
const TARGET_MS = 500;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const list = (values: number[]) => values.map((t) => t.toFixed(0)).join(', ');

const server = await startTestServer();
try {
  const panel = await openPanel(server, await server.createAccount(), 'بنچ تراز', ['MarketAccounting']);
  await panel.call({ method: 'POST', path: '/api/MarketAccounting/books' });
  const parties: Row[] = [];
  for (let i = 0; i < PARTIES; i++) parties.push(await createRow(panel, Party, { name: `طرف حساب ${i + 1}` }));
  const postable = standardChart.filter((a) => !standardChart.some((b) => b.parent === a.code)).map((a) => accountId(a.code));
  const receivable = accountId('1103');

  let started = performance.now();
  for (let v = 0; v < VOUCHERS; v++) {
    const lines = [];
    for (let i = 0; i < LINES; i += 2) {
      const amount = 10_000 * (1 + ((v * LINES + i) % 997));
      const party = parties[(v + i) % PARTIES]!.id;
      lines.push({ id: randomUUID(), accountId: receivable, partyId: party, debit: amount, credit: 0 });
      lines.push({ id: randomUUID(), accountId: postable[(v + i) % postable.length]!, partyId: null, debit: 0, credit: amount });
    }
    const date = addDays('2025-03-21', Math.floor((v * 365) / VOUCHERS));
    const doc = await createRow(panel, Voucher, { date, description: `سند ${v + 1}`, lines });
    const submitted = await panel.call<Row>(
      { method: 'POST', path: `${rest.get(Voucher, doc.id).path}/submit` },
      { body: { version: doc.version } },
    );
    if (submitted.status !== 200) throw new Error(`submit refused: ${JSON.stringify(submitted.body)}`);
  }
  const loading = performance.now() - started;
  const panelId = (await server.db.query<{ id: string }>('SELECT id FROM panels WHERE code = $1', [panel.code]))[0]!.id;
  const [counts] = await server.db.query<{ lines: number; balances: number }>(
    `SELECT (SELECT count(*)::int FROM ${JournalLine.table} WHERE panel_id = $1) AS lines, (SELECT count(*)::int FROM ${AccountBalance.table} WHERE panel_id = $1) AS balances`,
    [panelId],
  );

  const fromBalances: number[] = [];
  const fromLines: number[] = [];
  const onDevice: number[] = [];
  let report = await trialBalanceOf(server.db, panelId, null, null);
  const balanceRows = (await server.db.query(
    `SELECT id, account_id AS "accountId", month, debit::float8 AS debit, credit::float8 AS credit FROM ${AccountBalance.table} WHERE panel_id = $1`,
    [panelId],
  )) as Row[];
  const accounts = (await server.db.query(`SELECT id, code, name, kind FROM e_market_accounting_account WHERE panel_id = $1`, [
    panelId,
  ])) as Row[];
  for (let run = 0; run <= RUNS; run++) {
    started = performance.now();
    report = await trialBalanceOf(server.db, panelId, null, null);
    const a = performance.now() - started;
    started = performance.now();
    await server.db.query(
      `SELECT account_id, sum(debit), sum(credit) FROM ${JournalLine.table} WHERE panel_id = $1 AND NOT deleted GROUP BY account_id`,
      [panelId],
    );
    const b = performance.now() - started;
    started = performance.now();
    trialBalance(balanceRows, accounts, null, null);
    const c = performance.now() - started;
    // The first run warms up.
    if (run === 0) continue;
    fromBalances.push(a);
    fromLines.push(b);
    onDevice.push(c);
  }
  const ms = median(fromBalances);
  console.log(
    `books: ${VOUCHERS} vouchers × ${LINES} lines = ${counts!.lines.toLocaleString('en')} journal lines, ${counts!.balances.toLocaleString('en')} balance rows (account × party × month); posted in ${(loading / 1000).toFixed(1)} s`,
  );
  console.log(
    `trial balance on the server (PGlite, from the balances): median ${ms.toFixed(1)} ms of ${RUNS} (${list(fromBalances)}); target < ${TARGET_MS} ms ${verdict(ms < TARGET_MS)}; debits ${report.debit.toLocaleString('en')} = credits ${report.credit.toLocaleString('en')}`,
  );
  console.log(`for comparison, summing the journal lines themselves: median ${median(fromLines).toFixed(1)} ms (${list(fromLines)})`);
  console.log(
    `the device's work on the ${balanceRows.length.toLocaleString('en')} balance rows it holds: median ${median(onDevice).toFixed(1)} ms`,
  );
} finally {
  await server.close();
}
