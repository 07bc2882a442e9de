/**
 * A list as a CSV file people open in Excel: UTF-8 with a byte-order mark (without it Excel shows
 * Persian as mojibake), CRLF line ends, headers from the fields' labels, names instead of ids, and
 * numbers and dates in forms a spreadsheet can compute with. Cells that a spreadsheet would run as
 * a formula are defused.
 */
import type { I18n } from '@lingui/core';
import { shownFields, type Entity, type Row } from '../../contract/entity.ts';
import type { FieldDisplay } from './fieldDisplay.ts';
import { fieldText } from './fieldText.ts';

const BOM = '\uFEFF';

function cell(value: string): string {
  // A plain number (a negative quantity) is no formula and stays a number.
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function raw(value: unknown): string {
  if (value === null || value === undefined) return '';
  return Array.isArray(value) ? value.join(' | ') : String(value);
}

/** Rows of cells (the first the headers) as CSV text. */
export function csvText(rows: readonly (readonly string[])[]): string {
  return BOM + rows.map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

export function entityCsv(
  i18n: I18n,
  entity: Entity,
  rows: readonly Row[],
  titles: ReadonlyMap<string, ReadonlyMap<string, string>>,
  display: FieldDisplay = {},
): string {
  const fields = shownFields(entity);
  const lines = [fields.map(([, field]) => i18n._(field.label))];
  for (const row of rows) {
    lines.push(
      fields.map(([name, field]) => {
        const value = row[name];
        const shown = display[name];
        if (shown && value !== null && value !== undefined) return shown(value);
        const readable = ['select', 'boolean', 'reference', 'dateTime'].includes(field.kind);
        return readable ? fieldText(i18n, field, value, titles.get(name)) : raw(value);
      }),
    );
  }
  return csvText(lines);
}

/** Hands the file to the browser's download. */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
