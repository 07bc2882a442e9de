/**
 * Sheets in and out for the import (decision 042): reading a .xlsx (exceljs) or a .csv (papaparse;
 * UTF-8 with or without its BOM, or Windows-1256 from older Persian software) into a header and
 * rows of cells, and writing a template or an errors sheet. Loaded only inside the import worker
 * (and by the bench), never by a page's first load.
 */
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import type { Cell } from '../../contract/importRows.ts';
import { xlsxBuffer } from '../spreadsheet/xlsxWorkbook.ts';

export interface ReadSheet {
  headers: string[];
  rows: Cell[][];
}

/** A file's text: UTF-8 (its BOM dropped) when it is valid UTF-8, else Windows-1256 (Arabic-script Windows). */
export function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\ufeff/, '');
  } catch {
    return new TextDecoder('windows-1256').decode(bytes);
  }
}

function cellOf(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) return value;
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('result' in value) return cellOf(value.result as ExcelJS.CellValue);
  if ('text' in value) return String(value.text);
  return null;
}

const blank = (cells: readonly Cell[]) => cells.every((c) => c === null || c === undefined || (typeof c === 'string' && !c.trim()));

/** The first sheet of a workbook or a CSV file: its first row is the header; wholly empty rows are left out. */
export async function readSheet(data: ArrayBuffer, name: string): Promise<ReadSheet> {
  let table: Cell[][];
  if (/\.csv$|\.txt$/i.test(name)) {
    const parsed = Papa.parse<string[]>(decodeText(new Uint8Array(data)), { skipEmptyLines: 'greedy' });
    table = parsed.data;
  } else {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(data);
    const sheet = book.worksheets[0];
    table = [];
    sheet?.eachRow({ includeEmpty: true }, (row, number) => {
      const values = row.values as ExcelJS.CellValue[];
      table[number - 1] = values.slice(1).map(cellOf);
    });
    for (let i = 0; i < table.length; i++) table[i] ??= [];
  }
  const [header = [], ...rest] = table;
  return { headers: header.map((h) => (h === null || h === undefined ? '' : String(h).trim())), rows: rest.filter((r) => !blank(r)) };
}

/** A right-to-left (when `rtl`) sheet with a bold, frozen header row, as .xlsx bytes. */
export async function writeSheet(
  title: string,
  headers: readonly string[],
  rows: readonly (readonly Cell[])[],
  rtl: boolean,
): Promise<ArrayBuffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(title.slice(0, 31) || 'Sheet', { views: [{ state: 'frozen', ySplit: 1, rightToLeft: rtl }] });
  sheet.addRow([...headers]).font = { bold: true };
  for (const row of rows) sheet.addRow([...row]);
  sheet.columns.forEach((column, i) => {
    const longest = Math.max(headers[i]?.length ?? 0, ...rows.slice(0, 200).map((r) => String(r[i] ?? '').length));
    column.width = Math.min(60, Math.max(10, longest + 2));
  });
  return xlsxBuffer(book);
}
