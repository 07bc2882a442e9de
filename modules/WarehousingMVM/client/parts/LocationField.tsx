/**
 * A location chosen among those of one warehouse (the form's `warehouseId`): the receipt line's
 * place, a location's parent. With no warehouse chosen yet it says to choose one first.
 */
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { ReferenceCombobox, useList, type WidgetProps } from '@/moduleKit.ts';
import { Location } from '../../entities/masterData.ts';

export function LocationField(props: WidgetProps) {
  return <LocationOf {...props} warehouseField="warehouseId" />;
}

/** The same, among the locations of the warehouse in another header field (a transfer's from and to). */
export function locationFieldOf(warehouseField: string) {
  return function LocationOfWarehouse(props: WidgetProps) {
    return <LocationOf {...props} warehouseField={warehouseField} />;
  };
}

function LocationOf({ field, label, value, onChange, error, hint, context, warehouseField }: WidgetProps & { warehouseField: string }) {
  const { t } = useLingui();
  const given = context?.[warehouseField];
  const warehouseId = typeof given === 'string' ? given : null;
  const self = typeof context?.id === 'string' ? context.id : null;
  const { data } = useList(Location, { filters: { warehouseId: warehouseId ?? undefined } });
  const only = useMemo(
    () => new Set((warehouseId ? (data?.items ?? []) : []).filter((row) => row.id !== self).map((row) => row.id)),
    [data, warehouseId, self],
  );
  if (field.kind !== 'reference') return null;
  return (
    <ReferenceCombobox
      label={label}
      to={field.to}
      value={typeof value === 'string' ? value : null}
      onChange={onChange}
      required={field.required}
      error={error}
      hint={hint ?? (warehouseId ? undefined : t`Choose the warehouse first.`)}
      only={only}
    />
  );
}
