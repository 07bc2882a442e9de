import { describe, expect, it } from 'vitest';
import { rialsFromUnit, rialsInUnit, wireRials } from '../../src/contract/money.ts';
import { formatQuantity } from '../../src/i18n/format.ts';
import { canonicalNumber, caretAfter, readTypedNumber, showTypedNumber, significantBefore } from '../../src/i18n/typedNumber.ts';

const whole = { decimals: 0 };
const quantity = { decimals: 3 };

describe('a number as a person types or pastes it', () => {
  it('reads Persian, Arabic-Indic and Latin digits alike', () => {
    expect(readTypedNumber('۱۸۵۰۰۰۰۰', whole)).toBe('18500000');
    expect(readTypedNumber('١٨٥٠٠٠٠٠', whole)).toBe('18500000');
    expect(readTypedNumber('18500000', whole)).toBe('18500000');
    expect(readTypedNumber('۱8٥00000', whole)).toBe('18500000');
  });

  it('drops grouping separators of either language and spaces, as pasted from a bank page or a spreadsheet', () => {
    expect(readTypedNumber('۱۸٬۵۰۰٬۰۰۰', whole)).toBe('18500000');
    expect(readTypedNumber('18,500,000', whole)).toBe('18500000');
    expect(readTypedNumber('18 500 000', whole)).toBe('18500000');
    expect(readTypedNumber('۱۸،۵۰۰،۰۰۰ ریال', whole)).toBe('18500000');
  });

  it('takes «٫» and "." as the decimal point, keeps a point still being typed, and cuts what the kind cannot hold', () => {
    expect(readTypedNumber('۱۲٫۵', quantity)).toBe('12.5');
    expect(readTypedNumber('12.5', quantity)).toBe('12.5');
    expect(readTypedNumber('۱۲٫', quantity)).toBe('12.');
    expect(readTypedNumber('1.23456', quantity)).toBe('1.234');
    expect(readTypedNumber('12.5', whole)).toBe('12');
    expect(readTypedNumber('1.2.3', quantity)).toBe('1.23');
  });

  it('keeps a minus only where the field allows one', () => {
    expect(readTypedNumber('-۵', { decimals: 0, negative: true })).toBe('-5');
    expect(readTypedNumber('-۵', whole)).toBe('5');
  });

  it('shows the text grouped, in Persian digits with «٫» in fa and Latin digits in en', () => {
    expect(showTypedNumber('18500000', 'fa')).toBe('۱۸٬۵۰۰٬۰۰۰');
    expect(showTypedNumber('18500000', 'en')).toBe('18,500,000');
    expect(showTypedNumber('1234.50', 'fa')).toBe('۱٬۲۳۴٫۵۰');
    expect(showTypedNumber('12.', 'fa')).toBe('۱۲٫');
    expect(showTypedNumber('.5', 'en')).toBe('0.5');
    expect(showTypedNumber('', 'fa')).toBe('');
  });

  it('shows numbers past 2^53 to the last digit', () => {
    expect(showTypedNumber('18000000000000001', 'en')).toBe('18,000,000,000,000,001');
  });

  it('compares values, not keystrokes: leading zeros, a trailing point or zeros change nothing', () => {
    expect(canonicalNumber('40.000')).toBe('40');
    expect(canonicalNumber('040.50')).toBe('40.5');
    expect(canonicalNumber('12.')).toBe('12');
    expect(canonicalNumber('')).toBe('');
    expect(canonicalNumber('-0')).toBe('0');
  });

  it('puts the caret back after the same digit once separators come and go', () => {
    // "1234|" typed as "12345" with the caret after the 5 shows "12,345" with the caret at the end.
    expect(caretAfter('12,345', significantBefore('12345', 5))).toBe(6);
    // A digit typed in the middle of "1,234" ("1,2|34" → "1,25|34") stays before the 3.
    const shown = showTypedNumber(readTypedNumber('1,2534', whole), 'en');
    expect(shown).toBe('12,534');
    expect(caretAfter(shown, significantBefore('1,2534', 4))).toBe(4);
    // Persian digits count as digits.
    expect(caretAfter('۱۲٬۳۴۵', 3)).toBe(4);
  });
});

describe('tomans and rials', () => {
  it('shows rials as tomans exactly, with the tenth a rial leaves', () => {
    expect(rialsInUnit(185000, 'toman')).toBe('18500');
    expect(rialsInUnit(185005, 'toman')).toBe('18500.5');
    expect(rialsInUnit(-15, 'toman')).toBe('-1.5');
    expect(rialsInUnit('185005', 'rial')).toBe('185005');
  });

  it('takes a typed toman as ten rials, and refuses what is not a whole rial', () => {
    expect(rialsFromUnit('18500', 'toman')).toBe(185000n);
    expect(rialsFromUnit('18500.5', 'toman')).toBe(185005n);
    expect(rialsFromUnit('12.', 'toman')).toBe(120n);
    expect(rialsFromUnit('18500', 'rial')).toBe(18500n);
    expect(rialsFromUnit('1.5', 'rial')).toBeNull();
    expect(rialsFromUnit('', 'toman')).toBeNull();
  });

  it('stays exact above 2^53 both ways', () => {
    const rials = 90071992547409935n; // 2^53 × 10 + 15: past what a float holds to the unit.
    expect(rialsInUnit(rials.toString(), 'toman')).toBe('9007199254740993.5');
    expect(rialsFromUnit('9007199254740993.5', 'toman')).toBe(rials);
    expect(wireRials(rialsFromUnit('900719925474099301', 'rial')!)).toBe('900719925474099301');
  });
});

describe('quantities as people read them', () => {
  it('show no trailing zeros: «۴۰», not «40.000»', () => {
    expect(formatQuantity('40.000', 'fa')).toBe('۴۰');
    expect(formatQuantity('1234.500', 'fa')).toBe('۱٬۲۳۴٫۵');
    expect(formatQuantity('40.000', 'en')).toBe('40');
  });
});
