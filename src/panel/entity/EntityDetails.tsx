/** One row of an entity, every declared field with its label, and what can be done with it. */
import { useLingui } from '@lingui/react/macro';
import { Trans } from '@lingui/react/macro';
import { shownFields, type Entity } from '../../contract/entity.ts';
import { formatDateTime } from '../../i18n/format.ts';
import type { ReactNode } from 'react';
import type { LocalRow } from '../../storage/localRecords.ts';
import { Button } from '../../ui/Button.tsx';
import { EditIcon, TrashIcon } from '../../ui/icons.tsx';
import { FieldValue } from './FieldValue.tsx';
import { applyingFields } from './formValues.ts';
import { PendingBadge } from './PendingBadge.tsx';
import { PresenceNote } from '../PresenceNote.tsx';
import { useReferenceMaps } from './useReferenceMaps.ts';

export interface EntityDetailsProps {
  entity: Entity;
  row: LocalRow;
  onEdit?: () => void;
  onDelete?: () => void;
  /** What else a module's screen lets one do with the row, beside edit and delete. */
  actions?: ReactNode;
}

export function EntityDetails({ entity, row, onEdit, onDelete, actions }: EntityDetailsProps) {
  const { i18n } = useLingui();
  const titles = useReferenceMaps(entity.fields);
  return (
    <div className="flex flex-col gap-5">
      {row._pending > 0 && <PendingBadge />}
      <PresenceNote entity={entity.key} id={row.id} />
      <dl className="divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200">
        {applyingFields(shownFields(entity), row).map(([name, field]) => (
          <div key={name} className="grid gap-1 px-4 py-3 sm:grid-cols-3 sm:gap-4">
            <dt className="text-sm font-medium text-slate-600">{i18n._(field.label)}</dt>
            <dd className="text-sm text-slate-900 sm:col-span-2">
              <FieldValue field={field} name={name} value={row[name]} titles={titles.get(name)} />
            </dd>
          </div>
        ))}
        {row.updatedAt && row.version > 0 && (
          <div className="grid gap-1 px-4 py-3 sm:grid-cols-3 sm:gap-4">
            <dt className="text-sm font-medium text-slate-600">
              <Trans>Last changed on the server</Trans>
            </dt>
            <dd className="text-sm text-slate-900 sm:col-span-2">{formatDateTime(row.updatedAt)}</dd>
          </div>
        )}
      </dl>
      {(onEdit || onDelete || actions) && (
        <div className="flex flex-wrap gap-2">
          {onEdit && (
            <Button icon={<EditIcon />} onClick={onEdit}>
              <Trans>Edit</Trans>
            </Button>
          )}
          {onDelete && (
            <Button variant="secondary" className="text-red-700" icon={<TrashIcon />} onClick={onDelete}>
              <Trans>Delete</Trans>
            </Button>
          )}
          {actions}
        </div>
      )}
    </div>
  );
}
