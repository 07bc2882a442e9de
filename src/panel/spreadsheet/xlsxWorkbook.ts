/**
 * The .xlsx workbook of a sheet (decision 041), written by exceljs inside the sheet worker
 * (src/panel/import/importWorker.ts): one copy of the library, in the one worker that also reads
 * sheets, and none in the page's code. Right to left in Persian, the title and the period in the
 * first rows, a bold header frozen in view, real numbers and dates as cells, amounts in the panel's
 * unit (its name in the header), and columns as wide as their widest value. Excel has no Jalali
 * format, so in Persian a date column is written twice: the Jalali day as text people read (it
 * sorts, as yyyy/mm/dd), and beside it the real date cell formulas and filters work on.
 */
import ExcelJS from 'exceljs';
import type { Cell, Workbook, Worksheet } from 'exceljs';
import { jalaliDate } from '../../contract/jalali.ts';
import { toAsciiDigits } from '../../contract/normalize.ts';
import { moneyText, type Sheet, type SheetColumn, type SheetValue } from './sheetData.ts';

/** One column of the workbook: a sheet column, or the Jalali text twin of a date column. */
export interface OutColumn {
  header: string;
  source: number;
  kind: SheetColumn['kind'] | 'jalali';
  /** A date column written beside its Jalali twin. */
  twin?: boolean;
}

const SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** A day ("2026-11-27") or an instant as Excel reads a date: its wall-clock time in Tehran, written as UTC. */
function excelDate(value: string): Date | null {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(`${value}T00:00:00Z`);
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return null;
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Tehran',
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(at);
  const p = Object.fromEntries(parts.map((x) => [x.type, x.value]));
  return new Date(`${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:00Z`);
}

function hasTime(value: string): boolean {
  return !/^\d{4}-\d{2}-\d{2}$/.test(value);
}

/** The Jalali day as sortable text, "1405/09/06". */
export function jalaliText(value: string): string {
  const at = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value);
  if (Number.isNaN(at.getTime())) return '';
  const { year, month, day } = jalaliDate(at);
  return `${year}/${String(month).padStart(2, '0')}/${String(day).padStart(2, '0')}`;
}

/** An amount in the unit as a number cell while it is exact in a double, else its exact digits as text. */
function moneyValue(sheet: Sheet, value: SheetValue): number | string | null {
  const text = moneyText(sheet, value);
  if (text === '') return null;
  const whole = BigInt(text.replace(/\.\d*$/, ''));
  return whole <= SAFE && whole >= -SAFE ? Number(text) : text;
}

function quantityValue(value: SheetValue): number | string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return value;
  const text = toAsciiDigits(String(value)).replace(/[٬,]/g, '').replace('٫', '.');
  // A double holds 15 significant digits exactly; a longer decimal stays exact, as text.
  const digits = text.replace(/^-?0*/, '').replace('.', '').length;
  return /^-?\d+(\.\d+)?$/.test(text) && digits <= 15 ? Number(text) : String(value);
}

function cellValue(sheet: Sheet, column: OutColumn, value: SheetValue): string | number | Date | null {
  if (value === null || value === undefined || value === '') return null;
  switch (column.kind) {
    case 'money':
      return moneyValue(sheet, value);
    case 'number':
    case 'quantity':
      return quantityValue(value);
    case 'date':
      // A word in a date column ("Total") is written once, in the Jalali twin when there is one.
      return excelDate(String(value)) ?? (column.twin ? null : String(value));
    case 'jalali':
      return jalaliText(String(value)) || String(value);
    default:
      return typeof value === 'bigint' ? value.toString() : value;
  }
}

function numberFormat(sheet: Sheet, column: OutColumn, values: readonly (string | number | Date | null)[]): string | undefined {
  switch (column.kind) {
    case 'money':
      return values.some((v) => typeof v === 'number' && !Number.isInteger(v)) ? '#,##0.0' : '#,##0';
    case 'number':
    case 'quantity':
      return values.every((v) => typeof v !== 'number' || Number.isInteger(v)) ? '#,##0' : '#,##0.###';
    default:
      return undefined;
  }
}

function shownLength(value: string | number | Date | null, format: string | undefined): number {
  if (value === null) return 0;
  if (value instanceof Date) return format?.includes('hh') ? 16 : 10;
  if (typeof value === 'number') return value.toLocaleString('en').length + 1;
  return Math.max(...value.split('\n').map((l) => l.length));
}

/** What the page sends the worker: the sheet, its columns with their headers in the person's language, and the direction. */
export interface WorkbookRequest {
  sheet: Sheet;
  columns: OutColumn[];
  rightToLeft: boolean;
}

function writeSheet(sheet: Sheet, worksheet: Worksheet, columns: OutColumn[], rightToLeft: boolean): void {
  const title = worksheet.addRow([sheet.title]);
  title.font = { bold: true, size: 14 };
  for (const line of sheet.about ?? []) worksheet.addRow([line]);
  if (sheet.about?.length) worksheet.addRow([]);
  const header = worksheet.addRow(columns.map((c) => c.header));
  header.font = { bold: true };
  header.eachCell((cell: Cell) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE2E8F0' } };
    cell.border = { bottom: { style: 'thin' } };
  });
  const body = [...sheet.rows, ...(sheet.footer ? [sheet.footer] : [])];
  const values = body.map((row) => columns.map((c) => cellValue(sheet, c, row[c.source])));
  for (const row of values) worksheet.addRow(row);
  if (sheet.footer) worksheet.lastRow!.font = { bold: true };
  columns.forEach((column, i) => {
    const cells = values.map((row) => row[i] ?? null);
    const dated = column.kind === 'date' && body.some((row) => row[column.source] && hasTime(String(row[column.source])));
    const format = column.kind === 'date' ? (dated ? 'yyyy-mm-dd hh:mm' : 'yyyy-mm-dd') : numberFormat(sheet, column, cells);
    const out = worksheet.getColumn(i + 1);
    if (format) {
      for (let r = header.number + 1; r <= header.number + values.length; r++) {
        const cell = worksheet.getCell(r, i + 1);
        if (typeof cell.value === 'number' || cell.value instanceof Date) cell.numFmt = format;
      }
    }
    // Exact amounts past 2^53 stay text: aligned as numbers are.
    if (column.kind === 'money' || column.kind === 'number' || column.kind === 'quantity') out.alignment = { horizontal: 'right' };
    const widest = Math.max(column.header.length, ...cells.map((v) => shownLength(v, format)));
    out.width = Math.min(60, Math.max(8, widest + 2));
  });
  worksheet.views = [{ state: 'frozen', ySplit: header.number, xSplit: 0, rightToLeft }];
}

/** Excel refuses a tab name over 31 characters or with []:*?/\ in it. */
function tabName(title: string): string {
  return title.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1';
}

/** The workbook's bytes. */
export async function workbookBytes({ sheet, columns, rightToLeft }: WorkbookRequest): Promise<ArrayBuffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Pishkhan';
  workbook.created = new Date();
  const worksheet = workbook.addWorksheet(tabName(sheet.title));
  writeSheet(sheet, worksheet, columns, rightToLeft);
  return xlsxBuffer(workbook);
}

/**
 * A workbook's bytes as an ArrayBuffer of their own: exceljs answers a Buffer (a view into a
 * larger buffer, in the browser too), which a worker can neither transfer nor send as it is.
 */
export async function xlsxBuffer(workbook: Workbook): Promise<ArrayBuffer> {
  const bytes = (await workbook.xlsx.writeBuffer()) as ArrayBuffer | Uint8Array;
  return (bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)).slice().buffer as ArrayBuffer;
}
