import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Role } from '../../src/contract/entities/panelManagement.ts';
import type { RowOutcome } from '../../src/contract/importRows.ts';
import { writeImport } from '../../src/panel/import/importWrites.ts';
import { dataProviderFor, type DataProvider } from '../../src/storage/dataProvider.ts';
import { PanelDb } from '../../src/storage/PanelDb.ts';

let db: PanelDb;
let data: DataProvider;
let n = 0;

beforeEach(async () => {
  db = new PanelDb(`import-test-${++n}-${Math.random()}`);
  await db.open();
  data = dataProviderFor(db);
});

afterEach(() => db.close());

const create = (line: number, name: string): RowOutcome => ({ line, action: 'create', values: { name, permissions: [] }, keyValue: name });

describe('writing an import as local writes', () => {
  it('queues one mutation a row, skips equal rows, and reports a row the write itself refuses', async () => {
    const seller = await data.create(Role, { name: 'فروشنده', permissions: [] });
    const outcomes: RowOutcome[] = [
      create(2, 'انباردار'),
      { line: 3, action: 'update', id: seller.id, values: { description: 'پشت پیشخوان' }, keyValue: 'فروشنده' },
      { line: 4, action: 'same', id: seller.id, keyValue: 'فروشنده' },
      create(5, 'انباردار'),
    ];
    const progress: number[] = [];
    const result = await writeImport(data, Role, outcomes, { onProgress: (done) => progress.push(done) });
    expect(result).toMatchObject({ created: 1, updated: 1, skipped: 1, cancelled: false });
    expect(result.failed.map((f) => f.line)).toEqual([5]);
    expect(progress).toEqual([4]);
    expect(await db.outbox.count()).toBe(3);
    expect((await db.rows(Role).get(seller.id))?.description).toBe('پشت پیشخوان');
  });

  it('stops before the next batch once cancelled, keeping what was written', async () => {
    const outcomes = Array.from({ length: 250 }, (_, i) => create(i + 2, `نقش ${i}`));
    const stop = new AbortController();
    const result = await writeImport(data, Role, outcomes, { signal: stop.signal, onProgress: () => stop.abort() });
    expect(result).toMatchObject({ created: 100, cancelled: true });
    expect(await db.rows(Role).count()).toBe(100);
  });
});
