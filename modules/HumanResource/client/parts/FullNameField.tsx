/**
 * The person's full name in their form: not typed but made, as the first and last name are
 * typed, the same way the server makes it (rules/personName.ts), so the row reads right on this
 * device before it reaches the server.
 */
import { useEffect } from 'react';
import type { WidgetProps } from '@/moduleKit.ts';
import { fullName } from '../../rules/personName.ts';

export function FullNameField({ label, value, onChange, context, hint }: WidgetProps) {
  const made = fullName(context?.firstName, context?.lastName);
  useEffect(() => {
    if ((value ?? '') !== made) onChange(made || null);
  }, [made, value, onChange]);
  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-sm font-medium text-slate-800">{label}</span>
      <output className="min-h-11 rounded-xl bg-slate-50 px-3 py-2.5 text-sm text-slate-900 ring-1 ring-slate-200">{made || '—'}</output>
      {hint && <p className="text-xs text-slate-600">{hint}</p>}
    </div>
  );
}
