/**
 * A field for a code made of digits (mobile, postal code, national id, economic code): a
 * left-to-right island showing the locale's digits (Persian in fa) that takes typed or pasted
 * digits of either set and hands on Latin digits, the form the wire and the rules keep.
 */
import { useLingui } from '@lingui/react';
import { toAsciiDigits } from '../contract/normalize.ts';
import { localDigits } from '../i18n/format.ts';
import { isLocale } from '../i18n/locale.ts';
import { TextField, type TextFieldProps } from './TextField.tsx';
import { useKeptCaret } from './useKeptCaret.ts';

export interface CodeFieldProps extends Omit<TextFieldProps, 'value' | 'onChange' | 'ltr'> {
  value: string;
  /** The text with Latin digits. */
  onChange: (value: string) => void;
}

export function CodeField({ value, onChange, ...field }: CodeFieldProps) {
  const { i18n } = useLingui();
  const [caretRef, keepCaret] = useKeptCaret();
  return (
    <TextField
      ref={caretRef}
      ltr
      {...field}
      value={localDigits(value, isLocale(i18n.locale) ? i18n.locale : 'fa')}
      onChange={(e) => {
        const position = e.target.selectionStart ?? e.target.value.length;
        keepCaret(() => position);
        onChange(toAsciiDigits(e.target.value));
      }}
    />
  );
}
