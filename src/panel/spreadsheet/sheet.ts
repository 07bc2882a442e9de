/**
 * A report or a list as one typed table (decision 041): its title, the period and filters it was
 * made for, columns of a kind, and rows of raw values (amounts in rials, dates as ISO days). The
 * CSV file and the .xlsx workbook are both drawn from it, so they never disagree.
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { MoneyUnit } from '../../contract/money.ts';
import { formatDate } from '../../i18n/format.ts';
import { moneyText } from './sheetMoney.ts';

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

/** A column's header as written in a file: a money column names its unit. */
export function sheetHeader(i18n: I18n, sheet: Sheet, column: SheetColumn): string {
  const { header, kind } = column;
  if (kind !== 'money' || !sheet.money) return header;
  const unit = sheet.money.unit;
  return i18n._(msg`${header} (${unit})`);
}

/** A value as CSV text: amounts plain in the unit, dates as the short date of the language (Jalali in Persian). */
export function sheetCellText(sheet: Sheet, column: SheetColumn | undefined, value: SheetValue): string {
  if (value === null || value === undefined) return '';
  switch (column?.kind) {
    case 'money':
      return moneyText(sheet, value);
    case 'date':
      return value === '' ? '' : formatDate(String(value), 'short') || String(value);
    default:
      return String(value);
  }
}

/** The sheet as CSV rows: headers, rows, then the footer (the period stays out, so the file opens as a table). */
export function sheetCsvRows(i18n: I18n, sheet: Sheet): string[][] {
  const line = (row: readonly SheetValue[]) => row.map((v, i) => sheetCellText(sheet, sheet.columns[i], v));
  return [sheet.columns.map((c) => sheetHeader(i18n, sheet, c)), ...sheet.rows.map(line), ...(sheet.footer ? [line(sheet.footer)] : [])];
}
