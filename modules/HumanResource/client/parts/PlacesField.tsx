/** A person's workplaces: several places, ticked from the panel's list of places. */
import { formatList } from '../../../../src/i18n/format.ts';
import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import type { WidgetProps } from '../../../../src/panel/entity/fieldWidgets.tsx';
import { CheckboxGroup } from '../../../../src/ui/CheckboxGroup.tsx';
import { useList } from '../../../../src/storage/useData.ts';
import { Place } from '../../entities/masterData.ts';
import { hr } from '../paths.ts';

export function PlacesField({ name, label, value, onChange, error, hint }: WidgetProps) {
  const { data } = useList(Place);
  const options = (data?.items ?? []).map((place) => ({ value: place.id, label: String(place.name) }));
  const empty = (
    <p className="text-sm text-slate-600">
      <Trans>
        No workplaces yet. <Link href={hr.places} className="text-brand-700 underline">Add a workplace</Link> first.
      </Trans>
    </p>
  );
  return <CheckboxGroup name={name} label={label} options={options} value={Array.isArray(value) ? value.map(String) : []} onChange={onChange} error={error} hint={hint} empty={data ? empty : null} />;
}

/** Place ids as the places' names, for lists and details. */
export function usePlaceNames(): (value: unknown) => string {
  const { data } = useList(Place);
  const names = new Map((data?.items ?? []).map((p) => [p.id, String(p.name)]));
  return (value) => (Array.isArray(value) ? formatList(value.map((id) => names.get(String(id)) ?? '…')) : '');
}
