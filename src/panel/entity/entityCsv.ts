/**
 * Rows as a CSV file people open in Excel (a list's or a report's sheet, entitySheet.ts and
 * spreadsheet/sheet.ts): UTF-8 with a byte-order mark (without it Excel shows Persian as
 * mojibake), CRLF line ends. Cells that a spreadsheet would run as a formula are defused.
 */

import { downloadFile } from '../spreadsheet/downloadFile.ts';

const BOM = '\uFEFF';

function cell(value: string): string {
  // A plain number (a negative quantity) is no formula and stays a number.
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Rows of cells (the first the headers) as CSV text. */
export function csvText(rows: readonly (readonly string[])[]): string {
  return BOM + rows.map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

/** Hands the file to the browser's download. */
export function downloadCsv(fileName: string, csv: string): void {
  downloadFile(fileName, new Blob([csv], { type: 'text/csv;charset=utf-8' }));
}
