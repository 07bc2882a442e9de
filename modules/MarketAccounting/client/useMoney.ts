/**
 * Amounts as the panel shows them (documents.md, "exact numbers"): integer rials, or tomans (rials
 * ÷ 10) when the accounting settings say so, grouped, in the locale's digits.
 */
import { useLingui } from '@lingui/react/macro';
import { formatNumber } from '../../../src/i18n/format.ts';
import { useOne } from '../../../src/storage/useData.ts';
import { Settings, SETTINGS_ID } from '../entities/books.ts';

export interface Money {
  /** The amount with its unit ("۱۲٬۰۰۰ ریال"). */
  text: (rials: number) => string;
  /** The number alone, in the unit (for tables whose header names it). */
  number: (rials: number) => string;
  /** The unit's name, for a table's header. */
  unit: string;
  /** The unit's value for CSV files: plain digits, no grouping. */
  plain: (rials: number) => string;
  /** The amount in the unit, as a number (a chart's bars). */
  value: (rials: number) => number;
}

export function useMoney(): Money {
  const { t } = useLingui();
  const { data: settings } = useOne(Settings, SETTINGS_ID);
  const toman = settings?.currency === 'toman';
  const value = (rials: number) => (toman ? rials / 10 : rials);
  const number = (rials: number) => formatNumber(value(rials), { maximumFractionDigits: 1 });
  return {
    number,
    text: (rials) => {
      const amount = number(rials);
      return toman ? t`${amount} tomans` : t`${amount} rials`;
    },
    unit: toman ? t`Tomans` : t`Rials`,
    plain: (rials) => String(value(rials)),
    value,
  };
}
