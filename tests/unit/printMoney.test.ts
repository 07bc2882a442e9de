import { setupI18n, type I18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { messages as enMessages } from '../../locales/en/messages.po';
import { messages as faMessages } from '../../locales/fa/messages.po';
import type { Locale } from '../../src/i18n/locale.ts';
import { printMoney } from '../../src/panel/document/print/printMoney.ts';

const i18nFor = (locale: Locale): I18n => setupI18n({ locale, messages: { fa: faMessages, en: enMessages } });

describe('money on paper', () => {
  it('writes rials in Persian figures and words with the unit named', () => {
    const money = printMoney(i18nFor('fa'), 'rial');
    expect(money.unit).toBe('ریال');
    expect(money.number(1_350_000)).toBe('۱٬۳۵۰٬۰۰۰');
    expect(money.words(1_350_000n)).toBe('یک میلیون و سیصد و پنجاه هزار ریال');
  });

  it('writes tomans with the rials a toman cannot hold, exactly past 2^53', () => {
    const money = printMoney(i18nFor('fa'), 'toman');
    expect(money.unit).toBe('تومان');
    expect(money.number('90071992547409935')).toBe('۹٬۰۰۷٬۱۹۹٬۲۵۴٬۷۴۰٬۹۹۳٫۵');
    expect(money.words(1_205n)).toBe('صد و بیست تومان و پنج ریال');
    expect(money.words(1_200n)).toBe('صد و بیست تومان');
    expect(money.text(1_205)).toBe('۱۲۰٫۵ تومان');
  });

  it('writes English words in English', () => {
    const money = printMoney(i18nFor('en'), 'rial');
    expect(money.number(18_500_000)).toBe('18,500,000');
    expect(money.words(18_500_000n)).toBe('eighteen million five hundred thousand rials');
    expect(money.text(18_500_000)).toBe('18,500,000 rials');
  });
});
