import { describe, expect, it } from 'vitest';
import { formatList, inSentence, joinNames } from '../../src/i18n/format.ts';

describe('names inside English sentences', () => {
  it('are lower-cased where a sentence takes them as a word, except abbreviations and Persian', () => {
    expect(inSentence('Staff member', 'en')).toBe('staff member');
    expect(inSentence('Receipts and payments', 'en')).toBe('receipts and payments');
    expect(inSentence('VAT rate', 'en')).toBe('VAT rate');
    expect(inSentence('کارمند', 'fa')).toBe('کارمند');
  });

  it('are joined with the comma of the language', () => {
    expect(joinNames(['Tea', 'Rice', 'Salt'], 'en')).toBe('Tea, Rice, Salt');
    expect(joinNames(['چای', 'برنج'], 'fa')).toBe('چای، برنج');
    expect(formatList(['Tea', 'Rice', 'Salt'], 'en')).not.toContain('،');
    expect(formatList(['Tea', 'Rice', 'Salt'], 'en')).toMatch(/^Tea, Rice,? and Salt$/);
  });
});
