/** The panel's VAT percent for sales: its first sales-settings row, or the default. */
import { selectRows, type WriteContext } from '../../../server/moduleApi.ts';
import { SalesSetting } from '../entities/catalogue.ts';
import { DEFAULT_VAT_PERCENT } from '../rules/saleTotals.ts';

export async function vatPercentOf(ctx: WriteContext): Promise<number> {
  const rows = await selectRows(ctx.tx, SalesSetting, ctx.access.id);
  rows.sort((a, b) => String(a.updatedAt).localeCompare(String(b.updatedAt)) || a.id.localeCompare(b.id));
  const percent = rows[0]?.vatPercent;
  return typeof percent === 'number' ? percent : DEFAULT_VAT_PERCENT;
}
