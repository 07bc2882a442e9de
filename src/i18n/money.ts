/**
 * Amounts as people read them (decision 027): in the panel's unit, grouped, in the locale's
 * digits, with the unit always named. Exact: the amount is converted as text (contract/money.ts).
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { rialsInUnit, type MoneyUnit } from '../contract/money.ts';
import { formatNumber } from './format.ts';

/** The number alone, in the unit ("۱٬۲۵۰٫۵"), for a column whose header names the unit. */
export function formatMoneyNumber(amount: unknown, unit: MoneyUnit): string {
  return formatNumber(rialsInUnit(amount, unit), { maximumFractionDigits: 1 });
}

/** The amount with its unit: «۱۲٬۰۰۰ ریال», "1,200 tomans". */
export function formatMoney(i18n: I18n, amount: unknown, unit: MoneyUnit): string {
  const number = formatMoneyNumber(amount, unit);
  return unit === 'toman' ? i18n._(msg`${number} tomans`) : i18n._(msg`${number} rials`);
}

/** The unit's name, for a column's header or beside a field: «ریال», "Tomans". */
export function moneyUnitName(i18n: I18n, unit: MoneyUnit): string {
  return unit === 'toman' ? i18n._(msg`Tomans`) : i18n._(msg`Rials`);
}
