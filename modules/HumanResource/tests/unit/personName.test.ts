import { describe, expect, it } from 'vitest';
import { fullName, splitName } from '../../rules/personName.ts';

describe('a person’s name', () => {
  it('is the first and last name joined, spaces tidied', () => {
    expect(fullName('مریم', 'کریمی')).toBe('مریم کریمی');
    expect(fullName('  محمد   رضا ', 'احمدی ')).toBe('محمد رضا احمدی');
    expect(fullName('مریم', null)).toBe('مریم');
  });

  it('splits a whole name at its last word, keeping a joined name’s ZWNJ', () => {
    expect(splitName('مریم کریمی')).toEqual({ firstName: 'مریم', lastName: 'کریمی' });
    expect(splitName('محمد رضا احمدی')).toEqual({ firstName: 'محمد رضا', lastName: 'احمدی' });
    expect(splitName('علی حسینی‌نژاد')).toEqual({ firstName: 'علی', lastName: 'حسینی‌نژاد' });
    expect(splitName('پذیرفته')).toEqual({ firstName: 'پذیرفته', lastName: null });
  });

  it('joins what it split back into the same name', () => {
    for (const name of ['مریم کریمی', 'محمد رضا احمدی', 'Sara Lee']) {
      const { firstName, lastName } = splitName(name);
      expect(fullName(firstName, lastName)).toBe(name);
    }
  });
});
