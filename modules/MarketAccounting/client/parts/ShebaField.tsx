/** A Sheba typed left to right, checked as it is typed once it has its length (rules/sheba.ts). */
import { useLingui } from '@lingui/react/macro';
import { TextField, type WidgetProps } from '@/moduleKit.ts';
import { normalizeSheba } from '../../rules/sheba.ts';

export function ShebaField({ name, label, value, onChange, error, hint }: WidgetProps) {
  const { t } = useLingui();
  const text = typeof value === 'string' ? value : '';
  const typed = text.replace(/[\s-]/g, '');
  const wrong = typed.length >= 24 && !normalizeSheba(text);
  return (
    <TextField
      name={name}
      label={label}
      value={text}
      ltr
      inputMode="text"
      autoComplete="off"
      onChange={(e) => onChange(e.target.value)}
      error={error ?? (wrong ? t`This is not a valid Sheba: check the digits.` : undefined)}
      hint={hint}
    />
  );
}
