/** A person's workplaces: several places, ticked from the panel's list of places. */
import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import type { WidgetProps } from '../../../../src/panel/entity/fieldWidgets.tsx';
import { useList } from '../../../../src/storage/useData.ts';
import { Place } from '../../entities/masterData.ts';
import { hr } from '../paths.ts';

export function PlacesField({ name, label, value, onChange, error, hint }: WidgetProps) {
  const { data } = useList(Place);
  const chosen = new Set(Array.isArray(value) ? (value as string[]) : []);
  const places = data?.items ?? [];
  function toggle(id: string, on: boolean) {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    onChange([...next]);
  }
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 text-sm font-medium text-slate-800">{label}</legend>
      {places.length === 0 && (
        <p className="text-sm text-slate-600">
          <Trans>
            No workplaces yet. <Link href={hr.places} className="text-brand-700 underline">Add a workplace</Link> first.
          </Trans>
        </p>
      )}
      <div className="flex flex-wrap gap-x-6">
        {places.map((place) => (
          <label key={place.id} className="flex min-h-11 cursor-pointer items-center gap-3 text-sm text-slate-800">
            <input type="checkbox" name={name} value={place.id} checked={chosen.has(place.id)} onChange={(e) => toggle(place.id, e.target.checked)} className="size-5 rounded border-slate-300 accent-brand-700" />
            {String(place.name)}
          </label>
        ))}
      </div>
      {(error || hint) && <p className={error ? 'text-sm text-red-700' : 'text-xs text-slate-600'} role={error ? 'alert' : undefined}>{error ?? hint}</p>}
    </fieldset>
  );
}

/** Place ids as the places' names, for lists and details. */
export function usePlaceNames(): (value: unknown) => string {
  const { data } = useList(Place);
  const names = new Map((data?.items ?? []).map((p) => [p.id, String(p.name)]));
  return (value) => (Array.isArray(value) ? value.map((id) => names.get(String(id)) ?? '…').join('، ') : '');
}
