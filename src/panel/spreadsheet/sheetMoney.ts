/**
 * A sheet's amounts as text in its unit: shared by the CSV (sheet.ts, on the page) and the
 * workbook (xlsxWorkbook.ts, in the sheet worker), so it imports nothing of the page's.
 */
import { rialsInUnit, toRials } from '../../contract/money.ts';
import type { Sheet, SheetValue } from './sheet.ts';

/** An amount in the sheet's unit as plain decimal text ("1200", "120.5"), or '' for none. */
export function moneyText(sheet: Sheet, value: SheetValue): string {
  if (value === null || value === undefined || value === '') return '';
  const amount = toRials(value);
  return amount === null ? String(value) : rialsInUnit(amount, sheet.money?.code ?? 'rial');
}
