import { i18n } from '@lingui/core';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { activateLocale, loadFullCatalogue } from '../../src/i18n/locale.ts';
import { sheetCsvRows, type Sheet } from '../../src/panel/spreadsheet/sheet.ts';
import { workbookRequest } from '../../src/panel/spreadsheet/xlsxExport.ts';
import { workbookBytes } from '../../src/panel/spreadsheet/xlsxWorkbook.ts';

const xlsxBytes = (...args: Parameters<typeof workbookRequest>) => workbookBytes(workbookRequest(...args));

beforeAll(async () => {
  await activateLocale('fa');
  await loadFullCatalogue();
});

const sheet: Sheet = {
  title: 'تراز آزمایشی',
  about: ['از فروردین ۱۴۰۵ تا آذر ۱۴۰۵'],
  money: { code: 'rial', unit: 'ریال' },
  columns: [
    { header: 'کد', kind: 'text' },
    { header: 'حساب', kind: 'text' },
    { header: 'تاریخ', kind: 'date' },
    { header: 'مقدار', kind: 'quantity' },
    { header: 'بدهکار', kind: 'money' },
  ],
  rows: [
    ['1101', 'صندوق', '2026-11-27', '12.5', 1_500_000],
    ['2101', 'حساب‌های پرداختنی با نامی بلند برای اندازهٔ ستون', '2026-03-21', 3, '18000000000000001'],
    ['=1+1', 'فرمول نیست', null, null, null],
  ],
  footer: ['', 'جمع', null, null, 1_500_000n],
};

async function readBack(bytes: ArrayBuffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes);
  return workbook.worksheets[0]!;
}

describe('a sheet written as .xlsx and read back', () => {
  it('is right to left in Persian with the title and the period in the first rows and the header frozen under them', async () => {
    const ws = await readBack(await xlsxBytes(i18n, sheet, 'fa'));
    expect(ws.name).toBe('تراز آزمایشی');
    expect(ws.views[0]).toMatchObject({ rightToLeft: true, state: 'frozen', ySplit: 4 });
    expect(ws.getCell('A1').value).toBe('تراز آزمایشی');
    expect(ws.getCell('A1').font?.bold).toBe(true);
    expect(ws.getCell('A2').value).toBe('از فروردین ۱۴۰۵ تا آذر ۱۴۰۵');
    expect(ws.getRow(4).font?.bold).toBe(true);
  });

  it('names the money unit in the header and writes a Persian date twice: Jalali text, then the real date', async () => {
    const ws = await readBack(await xlsxBytes(i18n, sheet, 'fa'));
    expect(ws.getRow(4).values).toEqual([undefined, 'کد', 'حساب', 'تاریخ (شمسی)', 'تاریخ (میلادی)', 'مقدار', 'بدهکار (ریال)']);
    expect(ws.getCell('C5').value).toBe('1405/09/06');
    expect(ws.getCell('D5').value).toEqual(new Date('2026-11-27T00:00:00Z'));
    expect(ws.getCell('D5').numFmt).toBe('yyyy-mm-dd');
    expect(ws.getCell('C6').value).toBe('1405/01/01');
  });

  it('writes numbers and amounts as number cells, and an amount past 2^53 as its exact digits', async () => {
    const ws = await readBack(await xlsxBytes(i18n, sheet, 'fa'));
    expect(ws.getCell('E5').value).toBe(12.5);
    expect(ws.getCell('E6').value).toBe(3);
    expect(ws.getCell('F5').value).toBe(1_500_000);
    expect(ws.getCell('F5').numFmt).toBe('#,##0');
    expect(ws.getCell('F6').value).toBe('18000000000000001');
    expect(ws.getCell('A7').value).toBe('=1+1');
    expect(ws.getCell('A7').type).toBe(ExcelJS.ValueType.String);
    expect(ws.getRow(8).font?.bold).toBe(true);
    expect(ws.getCell('F8').value).toBe(1_500_000);
  });

  it('shows an amount in tomans when the panel counts in tomans, to the tenth', async () => {
    const tomans: Sheet = { ...sheet, money: { code: 'toman', unit: 'تومان' }, footer: undefined, rows: [['', '', null, null, 1_234_565]] };
    const ws = await readBack(await xlsxBytes(i18n, tomans, 'fa'));
    expect(ws.getCell('F4').value).toBe('بدهکار (تومان)');
    expect(ws.getCell('F5').value).toBe(123_456.5);
    expect(ws.getCell('F5').numFmt).toBe('#,##0.0');
  });

  it('fits each column to its widest value, within bounds', async () => {
    const ws = await readBack(await xlsxBytes(i18n, sheet, 'fa'));
    expect(ws.getColumn(1).width).toBe(8);
    expect(ws.getColumn(2).width).toBe(String(sheet.rows[1]![1]).length + 2);
    expect(ws.getColumn(6).width).toBeGreaterThanOrEqual('18000000000000001'.length);
  });

  it('is left to right in English, with one date column', async () => {
    const ws = await readBack(await xlsxBytes(i18n, sheet, 'en'));
    expect(ws.views[0]).toMatchObject({ rightToLeft: false, state: 'frozen', ySplit: 4 });
    expect(ws.getCell('C5').value).toEqual(new Date('2026-11-27T00:00:00Z'));
    expect(ws.getCell('D5').value).toBe(12.5);
  });

  it('gives CSV the same rows: amounts plain in the unit, the unit in the header', () => {
    const rows = sheetCsvRows(i18n, sheet);
    expect(rows[0]).toEqual(['کد', 'حساب', 'تاریخ', 'مقدار', 'بدهکار (ریال)']);
    expect(rows[1]).toEqual(['1101', 'صندوق', '۱۴۰۵/۹/۶', '12.5', '1500000']);
    expect(rows[2]![4]).toBe('18000000000000001');
    expect(rows[4]).toEqual(['', 'جمع', '', '', '1500000']);
  });
});
