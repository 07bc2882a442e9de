import { addQuantities, compareQuantities, lineAmount, subtractQuantity, unitCost } from '../../src/contract/quantity.ts';
import { describe, expect, it } from 'vitest';
import { normalizeField, normalizeText, type Field } from '../../src/contract/fields.ts';
import { fieldProblem } from '../../src/contract/profile.ts';

const label = { id: 'x', message: 'X' };
const field = (f: Record<string, unknown>) => ({ label, ...f }) as unknown as Field;
const value = (f: Field, raw: unknown) => {
  const result = normalizeField(f, raw);
  return 'value' in result ? result.value : result.problem;
};

describe('field kinds', () => {
  it('trims text, refuses what PostgreSQL cannot store and honours max', () => {
    expect(value(field({ kind: 'text' }), '  سلام ')).toBe('سلام');
    expect(value(field({ kind: 'text' }), 'a\u0000b')).toMatchObject({ reason: 'format' });
    expect(value(field({ kind: 'text', max: 3 }), 'abcd')).toMatchObject({ reason: 'range' });
  });

  it('reads Persian digits and separators in numbers and keeps integers within int4', () => {
    expect(value(field({ kind: 'integer' }), '۱۲٬۳۴۵')).toBe(12345);
    expect(value(field({ kind: 'decimal' }), '۱٫۵')).toBe('1.500');
    expect(value(field({ kind: 'integer' }), 2_147_483_648)).toMatchObject({ reason: 'range' });
    expect(value(field({ kind: 'money' }), 2_147_483_648)).toBe(2_147_483_648);
    expect(value(field({ kind: 'integer' }), 1.5)).toMatchObject({ reason: 'type' });
  });

  it('keeps quantities exact: three decimals as text, never through floating point', () => {
    expect(value(field({ kind: 'decimal' }), '0.1')).toBe('0.100');
    expect(value(field({ kind: 'decimal' }), 0.1)).toBe('0.100');
    expect(value(field({ kind: 'decimal' }), '۱۲٬۳۴۵٫۶۷۸')).toBe('12345.678');
    expect(value(field({ kind: 'decimal' }), '1.2345')).toMatchObject({ reason: 'type' });
    expect(value(field({ kind: 'decimal' }), '999999999999999.999')).toBe('999999999999999.999');
    expect(value(field({ kind: 'decimal', min: 0 }), '-0.001')).toMatchObject({ reason: 'range' });
    expect(addQuantities('0.1', '0.2')).toBe('0.300');
    expect(subtractQuantity('1', '0.001')).toBe('0.999');
    expect(lineAmount('2.5', 3)).toBe(8n);
    expect(lineAmount('-2.5', 3)).toBe(-8n);
    expect(unitCost(1000, '3')).toBe(333n);
    expect(unitCost(1000, '0')).toBe(0n);
    expect(compareQuantities('10', '9.999')).toBe(1);
  });

  it('accepts only real calendar dates and instants within years 1–9999', () => {
    expect(value(field({ kind: 'date' }), '۲۰۲۴-۰۲-۲۹')).toBe('2024-02-29');
    expect(value(field({ kind: 'date' }), '2023-02-29')).toMatchObject({ reason: 'format' });
    expect(value(field({ kind: 'dateTime' }), '2026-11-22T10:00:00+03:30')).toBe('2026-11-22T06:30:00.000Z');
    expect(value(field({ kind: 'dateTime' }), '+010000-01-01T00:00:00Z')).toMatchObject({ reason: 'range' });
    expect(value(field({ kind: 'dateTime' }), '2026-02-30T10:00:00Z')).toMatchObject({ reason: 'format' });
    // Without an offset: the panels' wall clock (Asia/Tehran, +4:30 in its old summers).
    expect(value(field({ kind: 'dateTime' }), '2026-11-22T10:00')).toBe('2026-11-22T06:30:00.000Z');
    expect(value(field({ kind: 'dateTime' }), '2020-06-01T10:00:00')).toBe('2020-06-01T05:30:00.000Z');
  });

  it('normalises Iranian mobiles, e-mails, national ids and postal codes with their own codes', () => {
    expect(value(field({ kind: 'mobile' }), '+98 912 ۱۲۳ ۴۵۶۷')).toBe('09121234567');
    expect(value(field({ kind: 'mobile' }), '12345')).toMatchObject({ code: 122 });
    expect(value(field({ kind: 'email' }), ' A@B.IR ')).toBe('a@b.ir');
    expect(value(field({ kind: 'email' }), 'a@b')).toMatchObject({ code: 121 });
    expect(value(field({ kind: 'nationalId' }), '0499370899')).toBe('0499370899');
    expect(value(field({ kind: 'nationalId' }), '1111111111')).toMatchObject({ reason: 'format' });
    expect(value(field({ kind: 'postalCode' }), '12345-67890')).toBe('1234567890');
  });

  it('treats empty as null, or as a problem when required', () => {
    expect(value(field({ kind: 'text' }), '')).toBeNull();
    expect(value(field({ kind: 'stringList' }), [])).toEqual([]);
    expect(value(field({ kind: 'text', required: true }), '   ')).toMatchObject({ reason: 'required' });
    expect(value(field({ kind: 'stringList', required: true }), [])).toMatchObject({ reason: 'required' });
  });

  it('keeps select values to their options, references to UUIDs and lists to unique strings', () => {
    const select = field({ kind: 'select', options: [{ value: 'a', label }] });
    expect(value(select, 'a')).toBe('a');
    expect(value(select, 'b')).toMatchObject({ reason: 'option' });
    expect(value(field({ kind: 'reference', to: 'M/E' }), 'not-a-uuid')).toMatchObject({ code: 9202 });
    expect(value(field({ kind: 'stringList' }), ['x', 'x', 'y'])).toEqual(['x', 'y']);
  });
});

describe('text, on client and server alike', () => {
  const text = field({ kind: 'text' });
  const longText = field({ kind: 'longText' });

  it('keeps names in NFC, so one name has one spelling', () => {
    expect(value(text, 'Jose\u0301')).toBe('José');
    expect(value(text, 'Jose\u0301')).toBe(value(text, 'José'));
  });

  it('keeps the Persian half-space (ZWNJ)', () => {
    expect(value(text, 'می\u200cروم')).toBe('می\u200cروم');
    expect(value(longText, 'خانه\u200cها')).toBe('خانه\u200cها');
  });

  it.each([
    ['a right-to-left override', 'abc\u202Etxt.exe'],
    ['a left-to-right embedding', '\u202Aadmin'],
    ['a bidi isolate', 'مدیر\u2066x\u2069'],
    ['a right-to-left mark', 'مدیر\u200F'],
    ['a zero-width joiner', 'ad\u200Dmin'],
    ['a zero-width space', 'ad\u200Bmin'],
    ['a byte-order mark', 'ad\uFEFFmin'],
    ['a control character', 'ad\u0007min'],
    ['a C1 control character', 'ad\u0085min'],
    ['a line break in one line', 'first\nsecond'],
    ['a carriage return in one line', 'first\rsecond'],
    ['a tag character', 'admin\u{E0041}'],
  ])('refuses %s', (_, raw) => {
    expect(normalizeText(raw)).toBeNull();
    expect(value(text, raw)).toMatchObject({ code: 9401, reason: 'format' });
    expect(value(field({ kind: 'stringList' }), [raw])).toMatchObject({ code: 9401 });
    expect(fieldProblem('firstName', raw)).toBe(9401);
  });

  it('takes line breaks (as LF) and tabs in multi-line text only', () => {
    expect(value(longText, 'first\r\nsecond\tthird')).toBe('first\nsecond\tthird');
    expect(value(longText, 'a\u202Eb')).toMatchObject({ reason: 'format' });
    expect(fieldProblem('residenceAddress', 'تهران\nخیابان انقلاب')).toBeNull();
  });
});
