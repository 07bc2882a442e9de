import { describe, expect, it } from 'vitest';
import { formatNumber } from '../../src/i18n/format.ts';

describe('numbers as people read them', () => {
  it('in Persian digits in fa and Latin in en, grouped', () => {
    expect(formatNumber(1234567, undefined, 'fa')).toBe('۱٬۲۳۴٬۵۶۷');
    expect(formatNumber(1234567, undefined, 'en')).toBe('1,234,567');
  });

  it('never as "-0": a zero balance turned round is zero', () => {
    expect(formatNumber(-0, undefined, 'fa')).toBe('۰');
    expect(formatNumber(-0, undefined, 'en')).toBe('0');
    expect(formatNumber(-5, undefined, 'en')).toBe('-5');
  });
});
