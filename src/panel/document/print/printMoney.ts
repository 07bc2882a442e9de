/**
 * The one place a printed document turns rials into what the paper says: figures in the panel's
 * unit (decision 027), the unit's name, and the amount in words with its unit.
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { toRials, type MoneyUnit } from '../../../contract/money.ts';
import type { Locale } from '../../../i18n/locale.ts';
import { formatMoney, formatMoneyNumber, moneyUnitName } from '../../../i18n/money.ts';
import { numberInWords } from '../../../i18n/numberWords.ts';

export interface PrintMoney {
  /** The figures in the unit, grouped, in the locale's digits. */
  number: (rials: unknown) => string;
  /** The unit's name, for a column's header. */
  unit: string;
  /** The figures with the unit, in a sentence («۱۲٬۰۰۰ ریال», "12,000 rials"). */
  text: (rials: unknown) => string;
  /** The amount in words with its unit named («یک میلیون و دویست هزار ریال»). */
  words: (rials: bigint) => string;
}

function inWords(i18n: I18n, rials: bigint, unit: MoneyUnit): string {
  const locale = i18n.locale as Locale;
  if (unit === 'rial') {
    const words = numberInWords(rials, locale);
    return i18n._(msg`${words} rials`);
  }
  const words = numberInWords(rials / 10n, locale);
  const rest = rials % 10n;
  if (!rest) return i18n._(msg`${words} tomans`);
  const restWords = numberInWords(rest < 0n ? -rest : rest, locale);
  return i18n._(msg`${words} tomans and ${restWords} rials`);
}

export function printMoney(i18n: I18n, unit: MoneyUnit): PrintMoney {
  const exact = (value: unknown) => toRials(value) !== null;
  return {
    number: (value) => (exact(value) ? formatMoneyNumber(value, unit, i18n.locale as Locale) : ''),
    unit: moneyUnitName(i18n, unit),
    text: (value) => (exact(value) ? formatMoney(i18n, value, unit) : ''),
    words: (rials) => inWords(i18n, rials, unit),
  };
}
