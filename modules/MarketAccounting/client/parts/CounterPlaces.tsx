/**
 * Where the counter sale's goods and money go, in one line that a 360 px phone can spare: the
 * warehouse, cash box and bank account in use, opened into a picker for each when tapped.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { localDigits } from '@/i18n/format.ts';
import { type LocalRow, SelectField } from '@/moduleKit.ts';
import type { CounterChoice } from '../counterChoices.ts';

export interface CounterPlace {
  which: CounterChoice;
  label: string;
  rows: LocalRow[];
  chosen: LocalRow | undefined;
}

/** A warehouse or cash box by its name; a bank account by its bank and number. */
const nameOf = (row: LocalRow) =>
  typeof row.name === 'string' ? row.name : localDigits([row.bank, row.accountNumber].filter((v) => typeof v === 'string').join(' '));

export function CounterPlaces({
  places,
  onChoose,
}: {
  places: readonly CounterPlace[];
  onChoose: (which: CounterChoice, id: string) => void;
}) {
  const { t } = useLingui();
  const shown = places.filter((p) => p.rows.length > 0);
  if (!shown.length) return null;
  return (
    <details className="rounded-xl text-sm ring-1 ring-slate-200">
      <summary className="flex cursor-pointer flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-slate-700">
        {shown.map((p) => (
          <span key={p.which} className="min-w-0 truncate">
            <span className="text-slate-500">{p.label}:</span> {p.chosen ? nameOf(p.chosen) : t`none`}
          </span>
        ))}
        <span className="ms-auto font-medium text-brand-700">
          <Trans>Change</Trans>
        </span>
      </summary>
      <div className="grid gap-2 px-3 pb-3 sm:grid-cols-3">
        {shown.map((p) => (
          <SelectField
            key={p.which}
            label={p.label}
            value={p.chosen?.id ?? ''}
            onChange={(e) => onChoose(p.which, e.target.value)}
            options={p.rows.map((r) => ({ value: r.id, label: nameOf(r) }))}
          />
        ))}
      </div>
    </details>
  );
}
