/**
 * The one field for typed numbers (decision 027): quantities, counts and, through MoneyField,
 * amounts. It shows grouped digits in the locale's set («۱٬۲۵۰٫۵» in Persian, "1,250.5" in English)
 * while the person types, takes typed or pasted digits of either set with or without separators,
 * keeps the caret where it was, and hands the form plain ASCII decimal text ("1250.5"), never a
 * float. The unit (ریال, تومان, a product's unit) sits beside the number.
 */
import { useLingui } from '@lingui/react';
import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { isLocale } from '../i18n/locale.ts';
import {
  canonicalNumber,
  caretAfter,
  readTypedNumber,
  showTypedNumber,
  significantBefore,
  type TypedNumberRules,
} from '../i18n/typedNumber.ts';
import { cx } from './cx.ts';
import { FieldFrame, fieldIds, invalidProps } from './FieldFrame.tsx';
import { inputClasses } from './TextField.tsx';
import { useKeptCaret } from './useKeptCaret.ts';

export interface NumberFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'size' | 'type'> {
  label: ReactNode;
  /** Plain decimal text ("1250.5"), or empty. */
  value: string;
  onChange: (plain: string) => void;
  /** Digits allowed after the point: 0 for whole numbers, 3 for a quantity. */
  decimals?: number;
  negative?: boolean;
  /** The unit beside the number. */
  unit?: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
}

export function NumberField({
  label,
  value,
  onChange,
  decimals = 0,
  negative,
  unit,
  hint,
  error,
  className,
  id: givenId,
  ...input
}: NumberFieldProps) {
  const { i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : 'fa';
  const ownId = useId();
  const id = givenId ?? ownId;
  const unitId = `${id}-unit`;
  const rules: TypedNumberRules = { decimals, negative };
  // What was typed, as plain text: it may end in a point or zeros the value does not keep. A value
  // set from outside (a reset, a filled-in price) replaces it. A stored decimal ("10.000", a VAT rate
  // as the server keeps it) shows as its value reads, ۱۰, not with the column's three places.
  const [typed, setTyped] = useState(() => canonicalNumber(value));
  const plain = canonicalNumber(typed) === canonicalNumber(value) ? typed : canonicalNumber(value);
  const [caretRef, keepCaret] = useKeptCaret();
  const { describedBy } = fieldIds(id, hint, error, false, unit ? unitId : undefined);
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} className={className}>
      <div className="flex items-center gap-2">
        <input
          ref={caretRef}
          id={id}
          dir="ltr"
          type="text"
          inputMode={decimals > 0 ? 'decimal' : 'numeric'}
          autoComplete="off"
          {...input}
          value={showTypedNumber(plain, locale)}
          onChange={(e) => {
            const raw = e.target.value;
            const count = significantBefore(raw, e.target.selectionStart ?? raw.length);
            const next = readTypedNumber(raw, rules);
            keepCaret((shown) => caretAfter(shown, count));
            setTyped(next);
            onChange(next);
          }}
          aria-describedby={describedBy}
          {...invalidProps(error)}
          className={cx(inputClasses, 'min-w-0 flex-1 text-end tabular-nums')}
        />
        {unit && (
          <span id={unitId} className="shrink-0 text-sm text-slate-600">
            {unit}
          </span>
        )}
      </div>
    </FieldFrame>
  );
}
