/**
 * The panel's money unit (decision 027), which every amount on every screen, print and label is
 * shown and typed in: rials or tomans, chosen in the panel's settings. Rows and the wire stay rials.
 */
import { useLingui } from '@lingui/react';
import { useMemo } from 'react';
import { moneyUnitOf, rialsInUnit, type MoneyUnit } from '../contract/money.ts';
import { formatMoney, formatMoneyNumber, moneyUnitName } from '../i18n/money.ts';
import { currentPanelState, useCurrentPanel, type CurrentPanelState } from '../storage/currentPanel.ts';

/** An amount as it comes: a number, a BigInt or the decimal text of one past 2^53 (contract/money.ts). */
export type Amount = number | bigint | string;

export interface Money {
  /** Which unit: rial or toman. */
  code: MoneyUnit;
  /** The amount with its unit ("۱۲٬۰۰۰ ریال"). */
  text: (rials: Amount) => string;
  /** The number alone, in the unit (for tables whose header names it). */
  number: (rials: Amount) => string;
  /** The unit's name, for a table's header or beside a field. */
  unit: string;
  /** The unit's value for CSV files: plain digits, no grouping. */
  plain: (rials: Amount) => string;
  /** The amount in the unit, as a number (a chart's bars: they only draw). */
  value: (rials: Amount) => number;
}

function unitOf(state: CurrentPanelState): MoneyUnit {
  return moneyUnitOf(state.status === 'ready' ? state.panel.moneyUnit : undefined);
}

/** The unit outside React (a field's text in a table cell or a CSV file). */
export function panelMoneyUnit(): MoneyUnit {
  return unitOf(currentPanelState());
}

export function usePanelMoneyUnit(): MoneyUnit {
  return unitOf(useCurrentPanel());
}

export function useMoney(): Money {
  const { i18n } = useLingui();
  const unit = usePanelMoneyUnit();
  const locale = i18n.locale;
  // One object per unit and language, so a table's columns built from it stay memoised.
  return useMemo<Money>(
    () => ({
      code: unit,
      text: (rials) => formatMoney(i18n, rials, unit),
      number: (rials) => formatMoneyNumber(rials, unit),
      unit: moneyUnitName(i18n, unit),
      plain: (rials) => rialsInUnit(rials, unit),
      value: (rials) => Number(rialsInUnit(rials, unit)),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the language is what changes the words
    [i18n, unit, locale],
  );
}
