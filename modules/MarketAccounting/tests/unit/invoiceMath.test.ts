/** The one rule of an invoice's amounts (rules/invoiceMath.ts, decision 043), in exact rials. */
import { describe, expect, it } from 'vitest';
import { numberInWords } from '../../../../src/i18n/numberWords.ts';
import { invoiceTotals, percentOf } from '../../rules/invoiceMath.ts';

describe('the invoice amounts rule', () => {
  it('counts a line whose quantity is being typed (empty or not a number yet) as nothing, rather than failing', () => {
    const f = invoiceTotals([
      { quantity: '', unitPrice: 120_000, vatRate: '10' },
      { quantity: '1.', unitPrice: 100, vatRate: '10' },
      { quantity: 'x', unitPrice: 100 },
      { quantity: '2', unitPrice: 1000, vatRate: '10' },
    ]);
    expect(f.lines[0]!.total).toBe(0n);
    expect(f.lines[2]!.total).toBe(0n);
    expect(f.lines[3]!.total).toBe(2200n);
  });

  it('rounds quantity × price, then VAT per line, half away from zero to the rial', () => {
    const f = invoiceTotals([{ quantity: '1.5', unitPrice: 333, vatRate: '10' }]);
    // 499.5 → 500; VAT 50.
    expect(f.lines[0]).toEqual({ amount: 500n, discount: 0n, net: 500n, vat: 50n, duty: 0n, total: 550n });
    expect(percentOf(105n, '10')).toBe(11n); // 10.5 → 11
    expect(percentOf(104n, '10')).toBe(10n);
    expect(percentOf(-105n, '10')).toBe(-11n);
  });

  it('takes 10 % VAT when a line does not say, none when it is exempt (0), and adds other duties', () => {
    const f = invoiceTotals([
      { quantity: '1', unitPrice: 1000 },
      { quantity: '1', unitPrice: 1000, vatRate: '0' },
      { quantity: '1', unitPrice: 1000, vatRate: '9', dutyRate: '3' },
    ]);
    expect(f.lines.map((l) => [l.vat, l.duty])).toEqual([
      [100n, 0n],
      [0n, 0n],
      [90n, 30n],
    ]);
    expect(f.total).toBe(3220n);
  });

  it('shares the invoice discount over the lines in proportion, rounded down, the rest on the last line, adding up exactly', () => {
    const f = invoiceTotals(
      [
        { quantity: '1', unitPrice: 100, discount: 0, vatRate: '0' },
        { quantity: '1', unitPrice: 100, vatRate: '0' },
        { quantity: '1', unitPrice: 100, vatRate: '0' },
      ],
      100,
    );
    expect(f.lines.map((l) => l.discount)).toEqual([33n, 33n, 34n]);
    expect(f.discount).toBe(100n);
    expect(f.net).toBe(200n);
  });

  it('keeps amounts beyond 2^53 exact', () => {
    const f = invoiceTotals([{ quantity: '3', unitPrice: '9007199254740993', vatRate: '10' }]);
    expect(f.net).toBe(27021597764222979n);
    expect(f.vat).toBe(2702159776422298n);
    expect(f.total).toBe(27021597764222979n + 2702159776422298n);
  });

  it('names a discount larger than what it is taken from', () => {
    expect(invoiceTotals([{ quantity: '1', unitPrice: 100, discount: 150 }], 0).problems).toEqual(['lines.0.discount']);
    expect(invoiceTotals([{ quantity: '1', unitPrice: 100 }], 101).problems).toEqual(['discount']);
  });

  it('gives the total in Persian words for the print', () => {
    expect(numberInWords(462_000n, 'fa')).toBe('چهارصد و شصت و دو هزار');
  });
});
