import { describe, expect, it } from 'vitest';
import type { Row } from '../../src/contract/entity.ts';
import {
  checkImportRows,
  dateText,
  guessColumns,
  normalizeHeader,
  numberText,
  readCell,
  referenceWords,
  type ImportContext,
} from '../../src/contract/importRows.ts';
import { gregorianOfJalali } from '../../src/contract/jalali.ts';
import { BankAccount } from '../../modules/MarketAccounting/entities/books.ts';
import { Category, Product } from '../../modules/WarehousingMVM/entities/masterData.ts';

const row = (values: Record<string, unknown>): Row => ({ version: 1, updatedAt: '2025-01-01T00:00:00Z', deleted: false, ...values }) as Row;

const category = row({ id: '11111111-1111-4111-8111-111111111111', name: 'نوشیدنی', code: 'C-01' });
const context: ImportContext = {
  options: {
    unit: new Map([
      ['piece', 'piece'],
      ['عدد', 'piece'],
      ['kg', 'kg'],
      ['کیلوگرم', 'kg'],
    ]),
  },
  references: { 'WarehousingMVM/Category': referenceWords(Category, [category]) },
};
const columns = { code: 0, name: 1, unit: 2, salePrice: 3, categoryId: 4, barcodes: 5 };

describe('reading the cells of an Iranian sheet', () => {
  it('reads Persian and Arabic digits with «٫» as the point and «٬», «،» or commas between thousands', () => {
    expect(numberText('۱۲۳٬۴۵۶')).toBe('123456');
    expect(numberText('١٢،٥٠٠')).toBe('12500');
    expect(numberText('۱۲٫۵')).toBe('12.5');
    expect(numberText('1,250,000')).toBe('1250000');
    expect(numberText(42)).toBe('42');
    expect(numberText('دوازده')).toBeNull();
  });

  it('reads Jalali dates (a year before 1700) and Gregorian ones, in either digit set, refusing days that do not exist', () => {
    expect(dateText('۱۴۰۴/۰۹/۰۶')).toBe('2025-11-27');
    expect(dateText('1404-1-1')).toBe('2025-03-21');
    expect(dateText('2025/11/27')).toBe('2025-11-27');
    expect(dateText('27/11/2025')).toBe('2025-11-27');
    expect(dateText(new Date('2025-11-27T00:00:00Z'))).toBe('2025-11-27');
    expect(dateText('1404/12/30')).toBeNull(); // 1404 is not a leap year
    expect(dateText('1403/12/30')).toBe('2025-03-20');
    expect(dateText('2025-02-30')).toBeNull();
    expect(gregorianOfJalali(1402, 7, 31)).toBeNull();
  });

  it('compares headers and names with ي/ك as ی/ک, without spaces, ZWNJ or punctuation', () => {
    expect(normalizeHeader('كد كالا')).toBe(normalizeHeader('کدکالا'));
    expect(normalizeHeader('قیمت\u200cفروش (ریال)')).toBe(normalizeHeader('قیمت فروش ریال'));
    expect(
      guessColumns(['نام كالا', 'Code (SKU)', 'واحد'], { name: ['نام کالا', 'Name'], code: ['کد', 'Code (SKU)'], unit: ['واحد'] }),
    ).toEqual({ name: 0, code: 1, unit: 2 });
  });

  it('resolves a reference by code or by name, with Arabic letters, and refuses one it cannot find', () => {
    const field = Product.fields.categoryId;
    expect(readCell(field, 'c-01', 'categoryId', context)).toEqual({ value: category.id });
    expect(readCell(field, 'نوشيدني', 'categoryId', context)).toEqual({ value: category.id });
    expect(readCell(field, 'لبنیات', 'categoryId', context)).toEqual({ reason: 'reference' });
  });

  it('reads options by their label in either language and yes/no words as booleans', () => {
    expect(readCell(Product.fields.unit, 'عدد', 'unit', context)).toEqual({ value: 'piece' });
    expect(readCell(Product.fields.unit, 'box', 'unit', context)).toEqual({ reason: 'option' });
    expect(readCell(Product.fields.active, 'بله', 'active', context)).toEqual({ value: true });
    expect(readCell(Product.fields.active, 'خیر', 'active', context)).toEqual({ value: false });
  });
});

describe('checking sheet rows as a write would', () => {
  const existing = [
    row({
      id: '22222222-2222-4222-8222-222222222222',
      code: 'P-1',
      name: 'چای',
      unit: 'piece',
      salePrice: 1000,
      categoryId: null,
      barcodes: [],
    }),
  ];

  it('creates new rows, updates changed ones and leaves equal ones, matched by the key column', () => {
    const outcomes = checkImportRows(
      Product,
      [
        ['P-1', 'چای', 'عدد', '۱٬۰۰۰', '', ''],
        ['P-2', 'قهوه', 'kg', '۲۵۰۰', 'C-01', '6260100000017'],
        ['p-1 ', 'چاي', 'عدد', '1000', '', ''],
      ],
      { columns, key: 'code' },
      context,
      existing,
    );
    expect(outcomes[0]).toMatchObject({ line: 2, action: 'same' });
    expect(outcomes[1]).toMatchObject({
      line: 3,
      action: 'create',
      values: { code: 'P-2', name: 'قهوه', unit: 'kg', salePrice: 2500, categoryId: category.id, barcodes: ['6260100000017'] },
    });
    expect(outcomes[2]).toMatchObject({ line: 4, action: 'error', errors: { code: 'duplicate' } });
  });

  it('reports each bad cell of a row: a missing required name, an unknown unit, a number that is not one', () => {
    const [outcome] = checkImportRows(Product, [['P-9', '', 'box', 'گران', '', '']], { columns, key: 'code' }, context, existing);
    expect(outcome).toEqual({ line: 2, action: 'error', errors: { name: 'required', unit: 'option', salePrice: 'type' } });
  });

  it('applies the module’s own check: a Sheba whose check digits are wrong is refused', () => {
    const cols = { bank: 0, accountNumber: 1, sheba: 2 };
    const [good, bad] = checkImportRows(
      BankAccount,
      [
        ['ملی', '۱۲۳', 'IR062960000000100324200001'],
        ['ملی', '۱۲۴', 'IR062960000000100324200002'],
      ],
      { columns: cols, key: 'accountNumber' },
      context,
      [],
    );
    expect(good).toMatchObject({ action: 'create', values: { accountNumber: '۱۲۳' } });
    expect(bad).toMatchObject({ action: 'error', errors: { sheba: 'format' } });
  });
});
