/**
 * One widget per field kind, in one map: the form asks the map, never the kind. Numbers and
 * amounts use the one number and money field (decision 027); phone numbers, codes and ids are
 * left-to-right fields in the locale's digits; dates use the app's Jalali/Gregorian date
 * field; references a searchable combobox over the referenced rows; selects the options' labels.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { ComponentType } from 'react';
import type { Field, FieldKind } from '../../contract/fields.ts';
import { CheckboxGroup } from '../../ui/CheckboxGroup.tsx';
import { CodeField } from '../../ui/CodeField.tsx';
import { DateField } from '../../ui/DateField.tsx';
import { NumberField } from '../../ui/NumberField.tsx';
import { SelectField } from '../../ui/SelectField.tsx';
import { TextAreaField } from '../../ui/TextAreaField.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { MoneyField } from '../MoneyField.tsx';
import { ReferenceCombobox } from './ReferenceCombobox.tsx';

export interface WidgetProps {
  field: Field;
  name: string;
  label: string;
  /** The value as the widget holds it (text for numbers while typed). */
  value: unknown;
  onChange: (value: unknown) => void;
  error?: string;
  hint?: string;
  /** The values of the whole form (a line's widget sees its document's header). */
  context?: Record<string, unknown>;
  /** Sets several fields of the form at once (a position fills latitude and longitude); absent on a line. */
  patch?: (values: Record<string, unknown>) => void;
}

export type Widget = ComponentType<WidgetProps>;

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

function PlainText({ field, name, label, value, onChange, error, hint }: WidgetProps) {
  return (
    <TextField
      name={name}
      label={label}
      value={text(value)}
      onChange={(e) => onChange(e.target.value)}
      required={field.required}
      maxLength={field.kind === 'text' ? (field.max ?? undefined) : undefined}
      error={error}
      hint={hint}
    />
  );
}

function LongText({ field, name, label, value, onChange, error, hint }: WidgetProps) {
  return (
    <TextAreaField
      name={name}
      label={label}
      value={text(value)}
      onChange={(e) => onChange(e.target.value)}
      required={field.required}
      error={error}
      hint={hint}
    />
  );
}

/** Whole numbers and quantities (three decimals at most), typed in the locale's digits. */
function NumberInput({ field, name, label, value, onChange, error, hint }: WidgetProps) {
  const negative = field.kind !== 'select' && 'min' in field && (field.min ?? -1) < 0;
  return (
    <NumberField
      name={name}
      label={label}
      value={text(value)}
      onChange={onChange}
      decimals={field.kind === 'decimal' ? 3 : 0}
      negative={negative}
      required={field.required}
      error={error}
      hint={hint}
    />
  );
}

/** Amounts, typed in the panel's unit; the form holds rials. */
function MoneyInput({ field, name, label, value, onChange, error, hint }: WidgetProps) {
  return <MoneyField name={name} label={label} value={value} onChange={onChange} required={field.required} error={error} hint={hint} />;
}

/** A code of digits (mobile, national id, postal code): the locale's digits shown, Latin ones kept. */
function CodeInput(type: 'tel' | 'text', inputMode: 'tel' | 'numeric', autoComplete?: string) {
  return function CodeWidget({ field, name, label, value, onChange, error, hint }: WidgetProps) {
    return (
      <CodeField
        type={type}
        inputMode={inputMode}
        autoComplete={autoComplete}
        name={name}
        label={label}
        value={text(value)}
        onChange={onChange}
        required={field.required}
        error={error}
        hint={hint}
      />
    );
  };
}

function EmailInput({ field, name, label, value, onChange, error, hint }: WidgetProps) {
  return (
    <TextField
      ltr
      type="email"
      inputMode="email"
      autoComplete="email"
      name={name}
      label={label}
      value={text(value)}
      onChange={(e) => onChange(e.target.value)}
      required={field.required}
      error={error}
      hint={hint}
    />
  );
}

function DateInput({ field, name, label, value, onChange, error, hint }: WidgetProps) {
  return (
    <DateField
      name={name}
      label={label}
      value={typeof value === 'string' && value ? value : null}
      onChange={onChange}
      required={field.required}
      error={error}
      hint={hint}
    />
  );
}

/** Local date and time as the browser's picker edits them; the value travels as an ISO instant. */
function DateTimeInput({ field, name, label, value, onChange, error, hint }: WidgetProps) {
  const local = typeof value === 'string' && value ? toLocalInput(value) : '';
  return (
    <TextField
      ltr
      type="datetime-local"
      name={name}
      label={label}
      value={local}
      onChange={(e) => onChange(e.target.value ? new Date(e.target.value).toISOString() : null)}
      required={field.required}
      error={error}
      hint={hint}
    />
  );
}

function toLocalInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function Checkbox({ name, label, value, onChange, error, hint }: WidgetProps) {
  return (
    <div className="flex flex-col gap-1">
      <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium text-slate-800">
        <input
          type="checkbox"
          name={name}
          checked={value === true}
          onChange={(e) => onChange(e.target.checked)}
          className="size-5 rounded border-slate-300 accent-brand-700"
          aria-invalid={error ? true : undefined}
        />
        {label}
      </label>
      {(error || hint) && (
        <p className={error ? 'text-sm text-red-700' : 'text-xs text-slate-600'} role={error ? 'alert' : undefined}>
          {error ?? hint}
        </p>
      )}
    </div>
  );
}

function Select({ field, name, label, value, onChange, error, hint }: WidgetProps) {
  const { _ } = useLingui();
  if (field.kind !== 'select') return null;
  return (
    <SelectField
      name={name}
      label={label}
      value={text(value)}
      onChange={(e) => onChange(e.target.value || null)}
      options={field.options.map((o) => ({ value: o.value, label: _(o.label) }))}
      placeholder={field.required ? undefined : _(msg`Not specified`)}
      required={field.required}
      error={error}
      hint={hint}
    />
  );
}

function Reference({ field, label, value, onChange, error, hint }: WidgetProps) {
  if (field.kind !== 'reference') return null;
  return (
    <ReferenceCombobox
      label={label}
      to={field.to}
      value={typeof value === 'string' ? value : null}
      onChange={onChange}
      required={field.required}
      error={error}
      hint={hint}
    />
  );
}

/** A choice of several of the declared options: one box each, in the declared order. */
function Choices({ field, name, label, value, onChange, error, hint }: WidgetProps) {
  const { _ } = useLingui();
  if (field.kind !== 'stringList' || !field.options) return null;
  const options = field.options.map((o) => ({ value: o.value, label: _(o.label) }));
  return (
    <CheckboxGroup
      name={name}
      label={label}
      options={options}
      value={Array.isArray(value) ? value.map(String) : []}
      onChange={onChange}
      error={error}
      hint={hint}
    />
  );
}

function StringList(props: WidgetProps) {
  return props.field.kind === 'stringList' && props.field.options ? <Choices {...props} /> : <Lines {...props} />;
}

/** A list of short texts, one per line. */
function Lines({ field, name, label, value, onChange, error, hint }: WidgetProps) {
  const lines = Array.isArray(value) ? value.join('\n') : text(value);
  return (
    <TextAreaField
      name={name}
      label={label}
      value={lines}
      onChange={(e) =>
        onChange(
          e.target.value
            .split('\n')
            .map((s) => s.trim())
            .filter(Boolean),
        )
      }
      required={field.required}
      error={error}
      hint={hint}
    />
  );
}

export const fieldWidgets: Record<FieldKind, Widget> = {
  text: PlainText,
  longText: LongText,
  integer: NumberInput,
  decimal: NumberInput,
  money: MoneyInput,
  date: DateInput,
  dateTime: DateTimeInput,
  boolean: Checkbox,
  select: Select,
  reference: Reference,
  mobile: CodeInput('tel', 'tel', 'tel'),
  email: EmailInput,
  nationalId: CodeInput('text', 'numeric'),
  postalCode: CodeInput('text', 'numeric', 'postal-code'),
  stringList: StringList,
};
