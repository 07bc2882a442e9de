/** The panel's name and company details as form fields, with the server's refusals beside them. */
import { useLingui } from '@lingui/react/macro';
import type { PanelDetails } from '../contract/panels.ts';
import { moneyUnitOf } from '../contract/money.ts';
import { CodeField } from '../ui/CodeField.tsx';
import { SelectField } from '../ui/SelectField.tsx';
import { TextAreaField } from '../ui/TextAreaField.tsx';
import { TextField } from '../ui/TextField.tsx';

type Editable = Exclude<keyof PanelDetails, 'icon' | 'moneyUnit'>;

export function PanelDetailsFields({
  value,
  onChange,
  errors,
}: {
  value: PanelDetails;
  onChange: (next: PanelDetails) => void;
  errors: Record<string, string>;
}) {
  const { t } = useLingui();
  const problem = (name: Editable) => {
    const reason = errors[name];
    if (!reason) return undefined;
    if (reason === 'required') return t`This field is required.`;
    if (reason === 'range') return t`This is too long.`;
    return t`This value is not in the right form.`;
  };
  const field = (name: Editable) => ({
    name,
    value: value[name],
    onChange: (e: { target: { value: string } }) => onChange({ ...value, [name]: e.target.value }),
    error: problem(name),
  });
  const code = (name: Editable) => ({ ...field(name), onChange: (next: string) => onChange({ ...value, [name]: next }) });
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        label={t`Panel name`}
        required
        maxLength={80}
        className="sm:col-span-2"
        hint={t`People see this name when they choose a panel.`}
        {...field('name')}
      />
      <TextField label={t`Company name`} maxLength={120} className="sm:col-span-2" {...field('companyName')} />
      <CodeField label={t`Economic code`} inputMode="numeric" {...code('economicCode')} />
      <CodeField label={t`Company national ID`} inputMode="numeric" {...code('nationalId')} />
      <CodeField label={t`Phone`} type="tel" inputMode="tel" {...code('phone')} />
      <CodeField label={t`Postal code`} inputMode="numeric" {...code('postalCode')} />
      <TextAreaField label={t`Address`} rows={2} className="sm:col-span-2" {...field('address')} />
      <SelectField
        label={t`Money unit`}
        name="moneyUnit"
        className="sm:col-span-2"
        value={value.moneyUnit}
        onChange={(e) => onChange({ ...value, moneyUnit: moneyUnitOf(e.target.value) })}
        options={[
          { value: 'rial', label: t`Rials` },
          { value: 'toman', label: t`Tomans (rials ÷ 10)` },
        ]}
        hint={t`Every amount on every screen, print and label is shown and typed in this unit. Amounts are kept in rials.`}
      />
    </div>
  );
}
