/** The list's filters: a choice per select, reference and yes/no field; a date range per indexed date field. */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { memo, useId, useState } from 'react';
import { formatNumber } from '../../i18n/format.ts';
import { Button } from '../../ui/Button.tsx';
import type { Entity } from '../../contract/entity.ts';
import type { ListParams } from '../../storage/listQuery.ts';
import { DateField } from '../../ui/DateField.tsx';
import { SelectField } from '../../ui/SelectField.tsx';
import { filterFields } from './listFilters.ts';
import { ReferenceCombobox } from './ReferenceCombobox.tsx';

export interface EntityFiltersProps {
  entity: Entity;
  filters: Record<string, unknown>;
  ranges: NonNullable<ListParams['ranges']>;
  onFilters: (filters: Record<string, unknown>) => void;
  onRanges: (ranges: NonNullable<ListParams['ranges']>) => void;
}

/**
 * On phones the filters fold away behind one button (with how many are set); wider screens always
 * show them. Memoised: a keystroke in the list's search leaves them as they are.
 */
export const EntityFilters = memo(function EntityFilters(props: EntityFiltersProps) {
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const { choices, ranges } = filterFields(props.entity);
  if (choices.length === 0 && ranges.length === 0) return null;
  const set =
    Object.values(props.filters).filter((v) => v !== undefined).length + Object.values(props.ranges).filter((r) => r.from || r.to).length;
  const count = formatNumber(set);
  return (
    <div className="flex flex-col gap-3">
      <Button
        variant="secondary"
        size="sm"
        className="self-start md:hidden"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        {set === 0 ? <Trans>Filters</Trans> : <Trans>Filters ({count})</Trans>}
      </Button>
      <div id={panelId} className={open ? 'grid gap-3 sm:grid-cols-2' : 'hidden gap-3 md:grid md:grid-cols-2 lg:grid-cols-4'}>
        <FilterFields {...props} />
      </div>
    </div>
  );
});

function FilterFields({ entity, filters, ranges, onFilters, onRanges }: EntityFiltersProps) {
  const { _ } = useLingui();
  const { choices, ranges: rangeFields } = filterFields(entity);
  const all = _(msg`All`);
  return (
    <>
      {choices.map(([name, field]) => {
        const current = filters[name];
        if (field.kind === 'reference') {
          // A searchable choice: the referenced rows may be thousands.
          return (
            <ReferenceCombobox
              key={name}
              label={_(field.label)}
              to={field.to}
              value={typeof current === 'string' ? current : null}
              onChange={(id) => onFilters({ ...filters, [name]: id ?? undefined })}
              placeholder={_(msg`All — type to search`)}
              noneLabel={all}
            />
          );
        }
        const options =
          field.kind === 'select'
            ? field.options.map((o) => ({ value: o.value, label: _(o.label) }))
            : field.kind === 'boolean'
              ? [
                  { value: 'true', label: _(msg`Yes`) },
                  { value: 'false', label: _(msg`No`) },
                ]
              : [];
        return (
          <SelectField
            key={name}
            label={_(field.label)}
            options={options}
            placeholder={all}
            value={current === undefined || current === null ? '' : String(current)}
            onChange={(e) => {
              const raw = e.target.value;
              onFilters({ ...filters, [name]: raw === '' ? undefined : field.kind === 'boolean' ? raw === 'true' : raw });
            }}
          />
        );
      })}
      {rangeFields.map(([name, field]) => {
        const range = ranges[name] ?? {};
        const label = _(field.label);
        return (
          <fieldset key={name} className="contents">
            <legend className="sr-only">{label}</legend>
            <DateField
              label={<Trans>{label}: from</Trans>}
              value={range.from ?? null}
              max={range.to ?? undefined}
              onChange={(from) => onRanges({ ...ranges, [name]: { ...range, from } })}
            />
            <DateField
              label={<Trans>{label}: to</Trans>}
              value={range.to ?? null}
              min={range.from ?? undefined}
              onChange={(to) => onRanges({ ...ranges, [name]: { ...range, to } })}
            />
          </fieldset>
        );
      })}
    </>
  );
}
