import { describe, expect, it } from 'vitest';
import { normalizeField, type Field } from '../../src/contract/fields.ts';

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
    expect(value(field({ kind: 'decimal' }), '۱٫۵')).toBe(1.5);
    expect(value(field({ kind: 'integer' }), 2_147_483_648)).toMatchObject({ reason: 'range' });
    expect(value(field({ kind: 'money' }), 2_147_483_648)).toBe(2_147_483_648);
    expect(value(field({ kind: 'integer' }), 1.5)).toMatchObject({ reason: 'type' });
  });

  it('accepts only real calendar dates and instants within years 1–9999', () => {
    expect(value(field({ kind: 'date' }), '۲۰۲۴-۰۲-۲۹')).toBe('2024-02-29');
    expect(value(field({ kind: 'date' }), '2023-02-29')).toMatchObject({ reason: 'format' });
    expect(value(field({ kind: 'dateTime' }), '2026-11-22T10:00:00+03:30')).toBe('2026-11-22T06:30:00.000Z');
    expect(value(field({ kind: 'dateTime' }), '+010000-01-01T00:00:00Z')).toMatchObject({ reason: 'range' });
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
