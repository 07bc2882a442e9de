import { describe, expect, it } from 'vitest';
import { alreadyImported, documentImportEntity, planDocuments } from '../../src/contract/documentImport.ts';
import type { Row } from '../../src/contract/entity.ts';
import { checkImportRows, referenceWords, type ImportContext } from '../../src/contract/importRows.ts';
import { Location, Product, Warehouse } from '../../modules/WarehousingMVM/entities/masterData.ts';
import { OpeningStockImport } from '../../modules/WarehousingMVM/entities/openingStockImport.ts';

const row = (values: Record<string, unknown>): Row => ({ version: 1, updatedAt: '2025-01-01T00:00:00Z', deleted: false, ...values }) as Row;
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const w1 = row({ id: id(1), code: 'W1', name: 'انبار مرکزی' });
const w2 = row({ id: id(2), code: 'W2', name: 'انبار شعبه' });
// Both warehouses have a bin A-01: the sheet's bin is looked for in its row's warehouse.
const bins = [
  row({ id: id(11), warehouseId: w1.id, code: 'A-01' }),
  row({ id: id(12), warehouseId: w2.id, code: 'A-01' }),
  row({ id: id(13), warehouseId: w2.id, code: 'B-02' }),
];
const tea = row({ id: id(21), code: 'P-1', name: 'چای', barcodes: ['6260100000017'] });
const milk = row({ id: id(22), code: 'P-2', name: 'شیر', tracksBatches: true, expires: true });

const entity = documentImportEntity(OpeningStockImport);
const context: ImportContext = {
  options: {},
  references: {
    [Warehouse.key]: referenceWords(Warehouse, [w1, w2]),
    [Product.key]: referenceWords(Product, [tea, milk], ['barcodes']),
  },
  within: {
    locationId: {
      group: 'warehouseId',
      words: new Map([
        [w1.id, referenceWords(Location, bins.slice(0, 1))],
        [w2.id, referenceWords(Location, bins.slice(1))],
      ]),
    },
  },
  rows: { [Product.key]: new Map([tea, milk].map((r) => [r.id, r])) },
};
const columns = { productId: 0, warehouseId: 1, locationId: 2, quantity: 3, unitPrice: 4, batch: 5, expiry: 6 };

describe('opening stock from a sheet', () => {
  it('checks every row as a receipt line: product by code, name or barcode, the bin in its warehouse, quantity above zero, batch where tracked', () => {
    const outcomes = checkImportRows(
      entity,
      [
        ['P-1', 'W1', 'A-01', '۱۲', '۲۵۰٬۰۰۰', null, null],
        ['6260100000017', 'انبار شعبه', 'a-01', '3', 1000, null, null],
        ['شير', 'W2', '', '۵٫۵', '0', 'L-9', '۱۴۰۵/۰۱/۱۵'],
        ['P-1', 'W1', 'B-02', '1', '1', null, null], // B-02 is a bin of the other warehouse
        ['P-1', 'W1', null, '0', '1', null, null],
        ['P-1', 'W1', null, '2', '-5', null, null],
        ['P-2', 'W2', null, '2', '1', null, null], // tracked by batch, none given
        ['P-9', 'W9', null, '2', '1', null, null],
      ],
      { columns, key: null },
      context,
      [],
    );
    expect(outcomes.slice(0, 3).map((o) => o.action)).toEqual(['create', 'create', 'create']);
    expect(outcomes[0]).toMatchObject({ values: { productId: tea.id, warehouseId: w1.id, locationId: bins[0]!.id, quantity: '12.000' } });
    expect(outcomes[1]).toMatchObject({ values: { productId: tea.id, warehouseId: w2.id, locationId: bins[1]!.id } });
    expect(outcomes[2]).toMatchObject({ values: { productId: milk.id, locationId: null, batch: 'L-9', expiry: '2026-04-04' } });
    expect(outcomes.slice(3).map((o) => (o.action === 'error' ? o.errors : o.action))).toEqual([
      { locationId: 'reference' },
      { quantity: 'range' },
      { unitPrice: 'range' },
      { batch: 'required', expiry: 'required' },
      { productId: 'reference', warehouseId: 'reference' },
    ]);
  });

  it('makes one document per warehouse, marked by a hash of its rows that the same sheet gives again', () => {
    const lines = [
      { line: 2, values: { warehouseId: w1.id, productId: tea.id, quantity: '1.000' } },
      { line: 3, values: { warehouseId: w2.id, productId: tea.id, quantity: '2.000' } },
      { line: 4, values: { warehouseId: w1.id, productId: milk.id, quantity: '3.000' } },
    ];
    const plans = planDocuments(OpeningStockImport, lines, 'Opening stock');
    expect(plans.map((p) => [p.group, p.sheetLines])).toEqual([
      [{ warehouseId: w1.id }, [2, 4]],
      [{ warehouseId: w2.id }, [3]],
    ]);
    expect(plans[0]!.mark).toMatch(/^Opening stock #[0-9a-f]{12}$/);
    expect(planDocuments(OpeningStockImport, lines, 'موجودی اول دوره').map((p) => p.mark.split('#')[1])).toEqual(
      plans.map((p) => p.mark.split('#')[1]),
    );
    const changed = planDocuments(
      OpeningStockImport,
      [{ ...lines[0]!, values: { ...lines[0]!.values, quantity: '9.000' } }, ...lines.slice(1)],
      'x',
    );
    expect(changed[0]!.mark.split('#')[1]).not.toBe(plans[0]!.mark.split('#')[1]);
    expect(changed[1]!.mark.split('#')[1]).toBe(plans[1]!.mark.split('#')[1]);

    const made = row({ id: id(31), status: 'submitted', reference: `موجودی اول دوره #${plans[0]!.mark.split('#')[1]}` });
    expect(alreadyImported(OpeningStockImport, [made], plans[0]!.mark)?.id).toBe(made.id);
    expect(alreadyImported(OpeningStockImport, [made], plans[1]!.mark)).toBeUndefined();
    expect(alreadyImported(OpeningStockImport, [{ ...made, status: 'cancelled' }], plans[0]!.mark)).toBeUndefined();
  });

  it('splits a warehouse longer than a document may hold into numbered parts', () => {
    const lines = Array.from({ length: 1100 }, (_, i) => ({
      line: i + 2,
      values: { warehouseId: w1.id, productId: tea.id, quantity: `${i + 1}` },
    }));
    const plans = planDocuments(OpeningStockImport, lines, 'O');
    expect(plans.map((p) => p.lines.length)).toEqual([500, 500, 100]);
    expect(plans.map((p) => p.mark.slice(-2))).toEqual(['.1', '.2', '.3']);
  });
});
