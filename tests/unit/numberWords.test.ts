import { describe, expect, it } from 'vitest';
import { numberInWords } from '../../src/i18n/numberWords.ts';

describe('numberInWords', () => {
  it('writes small numbers in Persian with «و» between the parts', () => {
    expect(numberInWords(0, 'fa')).toBe('صفر');
    expect(numberInWords(7, 'fa')).toBe('هفت');
    expect(numberInWords(15, 'fa')).toBe('پانزده');
    expect(numberInWords(40, 'fa')).toBe('چهل');
    expect(numberInWords(125, 'fa')).toBe('صد و بیست و پنج');
    expect(numberInWords(305, 'fa')).toBe('سیصد و پنج');
  });

  it('names the scales and skips empty groups', () => {
    expect(numberInWords(1_000, 'fa')).toBe('یک هزار');
    expect(numberInWords(1_200_000, 'fa')).toBe('یک میلیون و دویست هزار');
    expect(numberInWords(2_000_000_050, 'fa')).toBe('دو میلیارد و پنجاه');
    expect(numberInWords(18_500_000, 'fa')).toBe('هجده میلیون و پانصد هزار');
  });

  it('is exact past 2^53, where a float would have lost the last digits', () => {
    expect(numberInWords(9_007_199_254_740_993n, 'fa')).toBe(
      'نه کوادریلیون و هفت تریلیون و صد و نود و نه میلیارد و دویست و پنجاه و چهار میلیون و هفتصد و چهل هزار و نهصد و نود و سه',
    );
    expect(numberInWords(9_223_372_036_854_775_807n, 'en')).toBe(
      'nine quintillion two hundred twenty-three quadrillion three hundred seventy-two trillion thirty-six billion eight hundred fifty-four million seven hundred seventy-five thousand eight hundred seven',
    );
  });

  it('writes English with hyphenated tens', () => {
    expect(numberInWords(0, 'en')).toBe('zero');
    expect(numberInWords(21, 'en')).toBe('twenty-one');
    expect(numberInWords(110, 'en')).toBe('one hundred ten');
    expect(numberInWords(1_200_000, 'en')).toBe('one million two hundred thousand');
  });

  it('says a negative amount is one', () => {
    expect(numberInWords(-12, 'fa')).toBe('منفی دوازده');
    expect(numberInWords(-12n, 'en')).toBe('minus twelve');
  });

  it('refuses a number past the named scales rather than write it wrong', () => {
    expect(() => numberInWords(10n ** 24n, 'fa')).toThrow(RangeError);
    expect(numberInWords(10n ** 24n - 1n, 'en')).toMatch(/^nine hundred ninety-nine sextillion/);
  });
});
