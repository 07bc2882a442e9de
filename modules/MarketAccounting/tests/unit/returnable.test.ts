import { describe, expect, it } from 'vitest';
import type { Row } from '../../../../src/contract/entity.ts';
import { returnedByLine, returnLines } from '../../rules/returnable.ts';

const meta = { version: 1, updatedAt: '2026-11-27T08:00:00Z', deleted: false };
const sale: Row = {
  ...meta,
  id: 'inv',
  kind: 'sale',
  status: 'submitted',
  lines: [
    {
      id: 'tea',
      productId: 'p-tea',
      description: 'چای',
      code: 'TEA',
      unit: 'piece',
      quantity: '3.000',
      unitPrice: 120_000,
      vatRate: '10',
      warehouseId: 'w1',
    },
    { id: 'rice', productId: 'p-rice', description: 'برنج', quantity: '2.500', unitPrice: 300_000, vatRate: '0', dutyRate: '1' },
    { id: 'fee', description: 'Delivery', quantity: '1.000', unitPrice: 50_000, vatRate: '10' },
  ],
};
const ret = (id: string, status: string, lines: [string, string][]): Row => ({
  ...meta,
  id,
  kind: 'saleReturn',
  returnOf: 'inv',
  status,
  lines: lines.map(([of, quantity], i) => ({ id: `${id}-${i}`, returnOfLine: of, quantity })),
});
let n = 0;
const ids = () => `new-${++n}`;

describe('what of an invoice can still be returned', () => {
  it('sums what each invoice line took back over several returns', () => {
    const returned = returnedByLine([
      ret('r1', 'submitted', [['tea', '1']]),
      ret('r2', 'submitted', [
        ['tea', '0.5'],
        ['rice', '1'],
      ]),
    ]);
    expect(returned.get('tea')).toBe('1.500');
    expect(returned.get('rice')).toBe('1.000');
    expect(returned.has('fee')).toBe(false);
  });

  it('with no returns, copies every line with its whole quantity and names the line it takes back', () => {
    n = 0;
    const lines = returnLines(sale, [], ids);
    expect(lines).toEqual([
      {
        id: 'new-1',
        productId: 'p-tea',
        description: 'چای',
        code: 'TEA',
        unit: 'piece',
        unitPrice: 120_000,
        vatRate: '10',
        warehouseId: 'w1',
        quantity: '3',
        returnOfLine: 'tea',
      },
      {
        id: 'new-2',
        productId: 'p-rice',
        description: 'برنج',
        unitPrice: 300_000,
        vatRate: '0',
        dutyRate: '1',
        quantity: '2.5',
        returnOfLine: 'rice',
      },
      { id: 'new-3', description: 'Delivery', unitPrice: 50_000, vatRate: '10', quantity: '1', returnOfLine: 'fee' },
    ]);
  });

  it('lowers each quantity by what submitted returns took back and leaves out lines with nothing left', () => {
    const lines = returnLines(
      sale,
      [
        ret('r1', 'submitted', [
          ['tea', '1'],
          ['fee', '1'],
        ]),
        ret('r2', 'submitted', [['rice', '0.5']]),
      ],
      ids,
    );
    expect(lines.map((l) => [l.returnOfLine, l.quantity])).toEqual([
      ['tea', '2'],
      ['rice', '2'],
    ]);
  });

  it('counts neither drafts, cancelled returns nor returns of another invoice', () => {
    const other = { ...ret('r4', 'submitted', [['tea', '3']]), returnOf: 'another' };
    const lines = returnLines(sale, [ret('r1', 'draft', [['tea', '3']]), ret('r2', 'cancelled', [['rice', '2.5']]), other], ids);
    expect(lines.map((l) => [l.returnOfLine, l.quantity])).toEqual([
      ['tea', '3'],
      ['rice', '2.5'],
      ['fee', '1'],
    ]);
  });

  it('gives nothing when every line was returned in full', () => {
    expect(
      returnLines(
        sale,
        [
          ret('r1', 'submitted', [
            ['tea', '3'],
            ['rice', '2.5'],
            ['fee', '1'],
          ]),
        ],
        ids,
      ),
    ).toEqual([]);
  });
});
