/**
 * A report or a list as one typed table (decision 041): its title, the period and filters it was
 * made for, columns of a kind, and rows of raw values (amounts in rials, dates as ISO days). The
 * CSV file and the .xlsx workbook are both drawn from it, so they never disagree.
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { formatDate } from '../../i18n/format.ts';
import { moneyText, type Sheet, type SheetColumn, type SheetValue } from './sheetData.ts';

export type { Sheet, SheetColumn, SheetColumnKind, SheetValue } from './sheetData.ts';

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
