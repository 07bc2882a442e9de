/**
 * The rows of a list, in the one DataTable: a table with sortable columns on wide screens, cards
 * on phones with the entity's key figures in view; both virtualised once the list is long. Each
 * row opens its details.
 */
import { useLingui } from '@lingui/react';
import { useMemo, type ReactNode } from 'react';
import type { Entity } from '../../contract/entity.ts';
import type { ListParams } from '../../storage/listQuery.ts';
import type { LocalRow } from '../../storage/localRecords.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { fieldColumns } from './fieldColumns.tsx';
import { PendingBadge } from './PendingBadge.tsx';
import { rowTitle } from './referenceTitles.ts';

type Sort = NonNullable<ListParams['sort']>;

export interface EntityRowsProps {
  entity: Entity;
  rows: readonly LocalRow[];
  columns: readonly string[];
  sort: Sort;
  onSort: (sort: Sort) => void;
  onOpen: (row: LocalRow) => void;
  titles: ReadonlyMap<string, Map<string, string>>;
  /** Shown before the first column's value (a document's number and state). */
  lead?: (row: LocalRow) => ReactNode;
}

const ROW_HEIGHT = { table: 49, card: 84 };
const rowKey = (row: LocalRow) => row.id;

export function EntityRows({ entity, rows, columns, sort, onSort, onOpen, titles, lead }: EntityRowsProps) {
  const { i18n } = useLingui();
  const tableColumns = useMemo(
    () =>
      fieldColumns<LocalRow>({
        fields: entity.fields,
        names: columns,
        keys: entity.keyFields,
        labelOf: (field) => i18n._(field.label),
        titles,
        title: columns[0],
        fallbackTitle: (row) => rowTitle(entity, row),
      }),
    [entity, columns, titles, i18n],
  );
  const withPending = useMemo(
    () =>
      lead
        ? (row: LocalRow) => (
            <>
              {lead(row)}
              {row._pending > 0 && <PendingBadge />}
            </>
          )
        : (row: LocalRow) => (row._pending > 0 ? <PendingBadge /> : null),
    [lead],
  );
  return (
    <DataTable
      label={i18n._(entity.pluralLabel)}
      columns={tableColumns}
      rows={rows}
      rowKey={rowKey}
      onOpen={onOpen}
      rowHeight={ROW_HEIGHT}
      sort={{ id: sort.field, direction: sort.direction }}
      onSort={(next) => onSort({ field: next.id, direction: next.direction })}
      lead={withPending}
    />
  );
}
