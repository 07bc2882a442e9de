/**
 * Amounts as the panel shows them (documents.md, "exact numbers"): integer rials, or tomans (rials
 * ÷ 10) when the accounting settings say so, grouped, in the locale's digits.
 */
import { useLingui } from '@lingui/react/macro';
import { toRials } from '../../../src/contract/money.ts';
import { formatNumber } from '../../../src/i18n/format.ts';
import { useOne } from '../../../src/storage/useData.ts';
import { Settings, SETTINGS_ID } from '../entities/books.ts';

/** An amount as it comes: a number, a BigInt or the decimal text of one past 2^53 (contract/money.ts). */
type Amount = number | bigint | string;

export interface Money {
  /** The amount with its unit ("۱۲٬۰۰۰ ریال"). */
  text: (rials: Amount) => string;
  /** The number alone, in the unit (for tables whose header names it). */
  number: (rials: Amount) => string;
  /** The unit's name, for a table's header. */
  unit: string;
  /** The unit's value for CSV files: plain digits, no grouping. */
  plain: (rials: Amount) => string;
  /** The amount in the unit, as a number (a chart's bars). */
  value: (rials: Amount) => number;
}

/** The exact decimal text of an amount in the unit: rials as they are, tomans with their tenth ("-12.5"). */
function exact(rials: Amount, toman: boolean): string {
  const r = toRials(rials) ?? 0n;
  if (!toman) return r.toString();
  const abs = r < 0n ? -r : r;
  const tenth = abs % 10n;
  return `${r < 0n ? '-' : ''}${abs / 10n}${tenth ? `.${tenth}` : ''}`;
}

/** The unit the accounting settings show amounts in. */
export function useMoneyUnit(): 'rial' | 'toman' {
  const { data: settings } = useOne(Settings, SETTINGS_ID);
  return settings?.currency === 'toman' ? 'toman' : 'rial';
}

export function useMoney(): Money {
  const { t } = useLingui();
  const toman = useMoneyUnit() === 'toman';
  const number = (rials: Amount) => formatNumber(exact(rials, toman), { maximumFractionDigits: 1 });
  return {
    number,
    text: (rials) => {
      const amount = number(rials);
      return toman ? t`${amount} tomans` : t`${amount} rials`;
    },
    unit: toman ? t`Tomans` : t`Rials`,
    plain: (rials) => exact(rials, toman),
    value: (rials) => Number(exact(rials, toman)),
  };
}
