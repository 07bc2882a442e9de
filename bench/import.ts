/**
 * Issue 28's import bench (decision 042): 10,000 product rows from an .xlsx made here (Persian
 * digits and «٬» in the prices, categories by name) to rows written on a real server process on
 * PGlite. Figures: reading the sheet (exceljs, as the import worker does), checking every row
 * (`checkImportRows`, as the worker does), and writing them on the server through sync pushes
 * (what the device's outbox sends); target under 30 s in all. The page-side longest task is not
 * measured here: reading and checking run in the worker, and the writes yield every 25 rows
 * (importWrites.ts). `npm run bench:import` (`-- --smoke` for a tiny run).
 */
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { checkImportRows, normalizeName, referenceWords, type ImportContext } from '../src/contract/importRows.ts';
import { toPersianDigits } from '../src/contract/normalize.ts';
import { PUSH_BATCH_MAX, syncEndpoints, type Mutation, type PushResponse } from '../src/contract/sync.ts';
import { entityPath, type Row } from '../src/contract/entity.ts';
import { Category, Product, unitOptions } from '../modules/WarehousingMVM/entities/masterData.ts';
import { readSheet } from '../src/panel/import/sheetFiles.ts';
import { positionalArgs, sized, verdict } from './benchArgs.ts';
import { accountWithPanel, call, onPglite, startServer, stop } from './serverProcess.ts';

// `npm run bench:import -- 2000` runs another size.
const ROWS = Number(positionalArgs()[0]) || sized(10_000, 120);
const TARGET_S = 30;

async function sheet(): Promise<ArrayBuffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('کالاها');
  ws.addRow(['کد کالا', 'نام', 'واحد', 'قیمت فروش', 'دسته']);
  for (let i = 1; i <= ROWS; i++) {
    ws.addRow([`B-${i}`, `کالای ${toPersianDigits(String(i))}`, 'عدد', toPersianDigits(`${1000 + i}`), i % 2 ? 'نوشيدني' : 'خشکبار']);
  }
  return (await book.xlsx.writeBuffer()) as ArrayBuffer;
}

async function main(): Promise<void> {
  await onPglite(async (dataDir) => {
    const server = await startServer({ DATA_DIR: dataDir });
    try {
      const { token, panel } = await accountWithPanel(server.url, 'بنچ ورود', ['PanelManagement', 'WarehousingMVM']);
      const categories: Row[] = [];
      for (const name of ['نوشیدنی', 'خشکبار']) {
        categories.push(
          await call<Row>(server.url, { method: 'POST', path: entityPath(Category) }, { id: randomUUID(), name }, token, panel.code),
        );
      }
      const data = await sheet();

      let started = performance.now();
      const read = await readSheet(data, 'products.xlsx');
      const parseMs = performance.now() - started;

      started = performance.now();
      const context: ImportContext = {
        options: {
          unit: new Map<string, string>([...unitOptions.map((o): [string, string] => [o.value, o.value]), [normalizeName('عدد'), 'piece']]),
        },
        references: { [Category.key]: referenceWords(Category, categories) },
      };
      const outcomes = checkImportRows(
        Product,
        read.rows,
        { columns: { code: 0, name: 1, unit: 2, salePrice: 3, categoryId: 4 }, key: 'code' },
        context,
        [],
      );
      const checkMs = performance.now() - started;
      const bad = outcomes.filter((o) => o.action !== 'create');
      if (bad.length) throw new Error(`${bad.length} rows not creatable: ${JSON.stringify(bad[0])}`);

      started = performance.now();
      const mutations: Mutation[] = outcomes.map((o, i) => ({
        mutationId: i + 1,
        entity: Product.key,
        op: 'create',
        id: randomUUID(),
        values: o.action === 'create' ? o.values : {},
      }));
      const clientId = randomUUID();
      for (let at = 0; at < mutations.length; at += PUSH_BATCH_MAX) {
        const answer = await call<PushResponse>(
          server.url,
          syncEndpoints.push,
          { clientId, mutations: mutations.slice(at, at + PUSH_BATCH_MAX) },
          token,
          panel.code,
        );
        const rejected = answer.results.filter((r) => r.status !== 'applied');
        if (rejected.length) throw new Error(`push rejected ${rejected.length}: ${JSON.stringify(rejected[0])}`);
      }
      const writeMs = performance.now() - started;
      const total = (parseMs + checkMs + writeMs) / 1000;
      console.log(`import of ${ROWS} product rows (.xlsx → server, PGlite)`);
      console.log(
        `  parse ${(parseMs / 1000).toFixed(2)} s · validate ${(checkMs / 1000).toFixed(2)} s · write ${(writeMs / 1000).toFixed(2)} s`,
      );
      console.log(`  total ${total.toFixed(2)} s — target under ${TARGET_S} s: ${verdict(total < TARGET_S)}`);
    } finally {
      await stop(server);
    }
  });
}

await main();
