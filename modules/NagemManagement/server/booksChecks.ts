/**
 * Sales' share of the books-and-stock audit (decision 018): a sale's stored net is the sum of its
 * lines (quantity × unit price − discount) and its total is net + VAT, in exact rials, so what
 * accounting posted from it (checked there) is what its lines say. The VAT is not recomputed: the
 * panel's percent may have changed since the sale was written.
 */
import type { Line } from '../../../src/contract/entity.ts';
import { selectRows, whole, type AuditDifference, type BooksCheck } from '../../../server/moduleApi.ts';
import { Sale } from '../entities/sale.ts';

const saleTotals: BooksCheck = {
  name: 'saleTotals',
  async run({ q, panelId }) {
    const sales = await selectRows(q, Sale, panelId);
    const differences: AuditDifference[] = [];
    for (const sale of sales) {
      const net = (sale.lines as Line[]).reduce((s, l) => s + whole(l.quantity) * whole(l.unitPrice) - whole(l.discount), 0n);
      const found = { net: whole(sale.net), vat: whole(sale.vat), total: whole(sale.total) };
      if (found.net !== net || found.total !== found.net + found.vat) {
        differences.push({
          check: 'saleTotals',
          entity: Sale.key,
          rowId: sale.id,
          document: { type: Sale.key, id: sale.id, number: (sale.number as string | null) ?? null },
          expected: `net ${net} total ${net + found.vat}`,
          found: `net ${found.net} vat ${found.vat} total ${found.total}`,
          problem: 'a sale’s amounts are not what its lines add up to',
        });
      }
    }
    return { compared: sales.length, differences };
  },
};

export const booksChecks: readonly BooksCheck[] = [saleTotals];
