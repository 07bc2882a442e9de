/**
 * A sheet's shape and its amounts as text in its unit: shared by the CSV (sheet.ts, on the page)
 * and the workbook (xlsxWorkbook.ts, in the sheet worker), so it imports nothing of the page's.
 */
import { rialsInUnit, toRials, type MoneyUnit } from '../../contract/money.ts';

/**
 * How a column's values are written: `text` as given; `number` a JS number; `quantity` a number or
 * its decimal text; `money` rials (number, bigint or decimal text) shown in the panel's unit;
 * `date` a day ("2026-11-27") or an instant (ISO text).
 */
export type SheetColumnKind = 'text' | 'number' | 'quantity' | 'money' | 'date';

export interface SheetColumn {
  header: string;
  kind?: SheetColumnKind;
}

export type SheetValue = string | number | bigint | null | undefined;

export interface Sheet {
  /** The report's or the list's name: the first row, and the worksheet's tab. */
  title: string;
  /** What the figures are for, one line each under the title: the period, the filters. */
  about?: readonly string[];
  columns: readonly SheetColumn[];
  rows: readonly (readonly SheetValue[])[];
  /** A totals row, in bold. */
  footer?: readonly SheetValue[];
  /** The panel's money unit (money columns): its code and its name for headers. */
  money?: { code: MoneyUnit; unit: string };
}

/** An amount in the sheet's unit as plain decimal text ("1200", "120.5"), or '' for none. */
export function moneyText(sheet: Sheet, value: SheetValue): string {
  if (value === null || value === undefined || value === '') return '';
  const amount = toRials(value);
  return amount === null ? String(value) : rialsInUnit(amount, sheet.money?.code ?? 'rial');
}
