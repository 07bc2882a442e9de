/** Several choices ticked from a list: one box each, in the given order; the value keeps that order. */
import type { ReactNode } from 'react';

export interface CheckboxOption {
  value: string;
  label: string;
}

export interface CheckboxGroupProps {
  name: string;
  label: string;
  options: CheckboxOption[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  error?: string;
  hint?: string;
  /** Shown in place of the boxes when there is nothing to choose from. */
  empty?: ReactNode;
}

export function CheckboxGroup({ name, label, options, value, onChange, error, hint, empty }: CheckboxGroupProps) {
  const chosen = new Set(value);
  const toggle = (option: string, on: boolean) => {
    const known = new Set(options.map((o) => o.value));
    // Keep chosen values the list no longer offers (a place deleted elsewhere) rather than drop them silently.
    const unknown = value.filter((v) => !known.has(v));
    onChange([...options.map((o) => o.value).filter((v) => (v === option ? on : chosen.has(v))), ...unknown]);
  };
  return (
    <fieldset className="flex flex-col gap-1" aria-invalid={error ? true : undefined}>
      <legend className="mb-1 text-sm font-medium text-slate-800">{label}</legend>
      {options.length === 0 && empty}
      <div className="flex flex-wrap gap-x-6">
        {options.map((o) => (
          <label key={o.value} className="flex min-h-11 cursor-pointer items-center gap-3 text-sm text-slate-800">
            <input
              type="checkbox"
              name={name}
              value={o.value}
              checked={chosen.has(o.value)}
              onChange={(e) => toggle(o.value, e.target.checked)}
              className="size-5 rounded border-slate-300 accent-brand-700"
            />
            {o.label}
          </label>
        ))}
      </div>
      {(error || hint) && (
        <p className={error ? 'text-sm text-red-700' : 'text-xs text-slate-600'} role={error ? 'alert' : undefined}>
          {error ?? hint}
        </p>
      )}
    </fieldset>
  );
}
