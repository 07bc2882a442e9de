/**
 * A sheet (sheet.ts) as an .xlsx download (decision 041): the columns' headers are put in the
 * person's language here, and the workbook is written in the sheet worker (xlsxWorkbook.ts), which
 * is fetched with exceljs only when someone exports or imports.
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Locale } from '../../i18n/locale.ts';
import { startSheetWorker } from '../import/importProtocol.ts';
import { downloadFile } from './downloadFile.ts';
import { sheetHeader, type Sheet } from './sheet.ts';
import type { OutColumn, WorkbookRequest } from './xlsxWorkbook.ts';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The workbook's columns: a date column in Persian becomes its Jalali text and, beside it, the date. */
export function xlsxColumns(i18n: I18n, sheet: Sheet, locale: Locale): OutColumn[] {
  return sheet.columns.flatMap((column, source): OutColumn[] => {
    const header = sheetHeader(i18n, sheet, column);
    if (column.kind !== 'date' || locale !== 'fa') return [{ header, source, kind: column.kind ?? 'text' }];
    return [
      { header: i18n._(msg`${header} (Jalali)`), source, kind: 'jalali' },
      { header: i18n._(msg`${header} (Gregorian)`), source, kind: 'date', twin: true },
    ];
  });
}

/**
 * What the sheet worker needs to write `sheet` for a person reading `locale`: plain data only (a
 * screen may hand its whole money helper as `money`; the worker gets its code and unit).
 */
export function workbookRequest(i18n: I18n, sheet: Sheet, locale: Locale): WorkbookRequest {
  const { title, about, columns, rows, footer, money } = sheet;
  return {
    sheet: {
      title,
      about: about && [...about],
      columns: columns.map(({ header, kind }) => ({ header, kind })),
      rows,
      footer,
      money: money && { code: money.code, unit: money.unit },
    },
    columns: xlsxColumns(i18n, sheet, locale),
    rightToLeft: locale === 'fa',
  };
}

/** Has the workbook written off the page's thread and hands it to the browser's download. */
export async function downloadXlsx(i18n: I18n, fileName: string, sheet: Sheet, locale: Locale): Promise<void> {
  const worker = startSheetWorker();
  try {
    const { data } = await worker.ask({ type: 'workbook', workbook: workbookRequest(i18n, sheet, locale) }, 'sheet');
    downloadFile(fileName, new Blob([data], { type: XLSX_TYPE }));
  } finally {
    worker.close();
  }
}
