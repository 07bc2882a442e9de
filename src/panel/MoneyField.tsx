/**
 * The one field for typed amounts (decision 027): a NumberField in the panel's unit, named beside
 * it. A toman has one decimal (a rial); what the form holds is always rials, as exact decimal text
 * (a toman typed is × 10, worked on the text, so nothing passes through a float).
 */
import { rialsFromUnit, rialsInUnit, toRials } from '../contract/money.ts';
import { NumberField, type NumberFieldProps } from '../ui/NumberField.tsx';
import { useMoney } from './useMoney.ts';

export interface MoneyFieldProps extends Omit<NumberFieldProps, 'value' | 'onChange' | 'decimals' | 'unit'> {
  /** Rials: a number, the decimal text of one, or empty. */
  value: unknown;
  /** Rials as decimal text ("125000"), or empty when nothing or no whole rial is typed. */
  onChange: (rials: string) => void;
}

export function MoneyField({ value, onChange, ...field }: MoneyFieldProps) {
  const money = useMoney();
  const amount = toRials(value);
  return (
    <NumberField
      {...field}
      value={amount === null ? '' : rialsInUnit(amount, money.code)}
      onChange={(plain) => onChange(rialsFromUnit(plain, money.code)?.toString() ?? '')}
      decimals={money.code === 'toman' ? 1 : 0}
      unit={money.unit}
    />
  );
}
