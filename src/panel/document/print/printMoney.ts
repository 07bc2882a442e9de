/**
 * The one place a printed document turns rials into what the paper says: figures in the panel's
 * unit, the unit's name, and the amount in words with its unit. Until the unit is the panel's
 * (issue 24), a module whose screens show another unit provides its own through the context
 * (accounting: its settings' rial or toman); everything else prints rials, as its screens do.
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { createContext, useContext } from 'react';
import { toRials } from '../../../contract/money.ts';
import { formatNumber } from '../../../i18n/format.ts';
import type { Locale } from '../../../i18n/locale.ts';
import { numberInWords } from '../../../i18n/numberWords.ts';

export type PrintUnit = 'rial' | 'toman';

export const PrintUnitContext = createContext<PrintUnit>('rial');

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

const unitNames = { rial: msg`Rials`, toman: msg`Tomans` };

function inWords(i18n: I18n, rials: bigint, unit: PrintUnit): string {
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

function figures(rials: bigint, unit: PrintUnit, locale: Locale): string {
  if (unit === 'rial') return formatNumber(rials, undefined, locale);
  const abs = rials < 0n ? -rials : rials;
  const tenth = abs % 10n;
  return formatNumber(`${rials < 0n ? '-' : ''}${abs / 10n}${tenth ? `.${tenth}` : ''}`, { maximumFractionDigits: 1 }, locale);
}

export function printMoney(i18n: I18n, unit: PrintUnit): PrintMoney {
  const number = (value: unknown) => {
    const rials = toRials(value);
    return rials === null ? '' : figures(rials, unit, i18n.locale as Locale);
  };
  return {
    number,
    unit: i18n._(unitNames[unit]),
    text: (value) => {
      const amount = number(value);
      return unit === 'rial' ? i18n._(msg`${amount} rials`) : i18n._(msg`${amount} tomans`);
    },
    words: (rials) => inWords(i18n, rials, unit),
  };
}

export function usePrintUnit(): PrintUnit {
  return useContext(PrintUnitContext);
}
