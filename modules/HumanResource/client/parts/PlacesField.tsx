/** A person's workplaces: several places, ticked from the panel's list of places. */
import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import { CheckboxGroup, useList, type WidgetProps } from '@/moduleKit.ts';
import { Place } from '../../entities/masterData.ts';
import { hr } from '../paths.ts';
import { joinNames } from '@/i18n/format.ts';

export function PlacesField({ name, label, value, onChange, error, hint }: WidgetProps) {
  const { data } = useList(Place);
  const options = (data?.items ?? []).map((place) => ({ value: place.id, label: String(place.name) }));
  const empty = (
    <p className="text-sm text-slate-600">
      <Trans>
        No workplaces yet.{' '}
        <Link href={hr.places} className="text-brand-700 underline">
          Add a workplace
        </Link>{' '}
        first.
      </Trans>
    </p>
  );
  return (
    <CheckboxGroup
      name={name}
      label={label}
      options={options}
      value={Array.isArray(value) ? value.map(String) : []}
      onChange={onChange}
      error={error}
      hint={hint}
      empty={data ? empty : null}
    />
  );
}

/** Place ids as the places' names, for lists and details. */
export function usePlaceNames(): (value: unknown) => string {
  const { data } = useList(Place);
  const names = new Map((data?.items ?? []).map((p) => [p.id, String(p.name)]));
  return (value) => (Array.isArray(value) ? joinNames(value.map((id) => names.get(String(id)) ?? '…')) : '');
}
