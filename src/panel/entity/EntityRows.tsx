/**
 * The rows of a list: a table with sortable columns on wide screens, cards on phones; both
 * virtualised once the list is long (useVirtualRows). Each row opens its details.
 */
import { useLingui } from '@lingui/react/macro';
import { useRef, type ReactNode } from 'react';
import type { Entity } from '../../contract/entity.ts';
import type { ListParams } from '../../storage/listQuery.ts';
import type { LocalRow } from '../../storage/localRecords.ts';
import { cx } from '../../ui/cx.ts';
import { ChevronIcon } from '../../ui/icons.tsx';
import { FieldValue } from './FieldValue.tsx';
import { PendingBadge } from './PendingBadge.tsx';
import { rowTitle } from './referenceTitles.ts';
import { useVirtualRows } from './useVirtualRows.ts';
import { useWideScreen } from './useWideScreen.ts';

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

const TABLE_ROW = 49;
const CARD_ROW = 84;

export function EntityRows(props: EntityRowsProps) {
  return useWideScreen() ? <RowsTable {...props} /> : <RowsCards {...props} />;
}

function RowsTable({ entity, rows, columns, sort, onSort, onOpen, titles, lead }: EntityRowsProps) {
  const { t, i18n } = useLingui();
  const box = useRef<HTMLDivElement>(null);
  const view = useVirtualRows(rows.length, TABLE_ROW, box);
  return (
    <div ref={box} tabIndex={0} role="region" aria-label={i18n._(entity.pluralLabel)} className={cx('overflow-x-auto rounded-xl ring-1 ring-slate-200', view.virtual && 'max-h-[70dvh] overflow-y-auto')}>
      <table className="w-full text-start text-sm">
        <thead className="sticky top-0 z-10 bg-slate-50 text-slate-700">
          <tr>
            {columns.map((name) => {
              const field = entity.fields[name]!;
              const active = sort.field === name;
              const next = active && sort.direction === 'asc' ? 'desc' : 'asc';
              const label = i18n._(field.label);
              return (
                <th key={name} scope="col" aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'} className="px-3 py-2 text-start font-semibold">
                  <button type="button" className="inline-flex min-h-9 items-center gap-1 rounded-lg px-1 hover:bg-slate-200" onClick={() => onSort({ field: name, direction: next })} aria-label={t`Sort by ${label}`}>
                    {label}
                    {active && <ChevronIcon className={cx('size-4', sort.direction === 'asc' ? '-rotate-90' : 'rotate-90')} />}
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">
          {view.before > 0 && <tr aria-hidden="true" style={{ height: view.before }} />}
          {rows.slice(view.start, view.end).map((row) => (
            <tr key={row.id} className="h-12 cursor-pointer hover:bg-brand-50/50" onClick={() => onOpen(row)}>
              {columns.map((name, i) => (
                <td key={name} className="max-w-64 truncate px-3 py-2 text-slate-800">
                  {i === 0 ? (
                    <button type="button" className="flex max-w-full items-center gap-2 truncate text-start font-medium text-brand-800 hover:underline" onClick={(e) => (e.stopPropagation(), onOpen(row))}>
                      {lead?.(row)}
                      <span className="truncate">
                        <FieldValue field={entity.fields[name]!} name={name} value={row[name] ?? rowTitle(entity, row)} titles={titles.get(name)} />
                      </span>
                      {row._pending > 0 && <PendingBadge />}
                    </button>
                  ) : (
                    <FieldValue field={entity.fields[name]!} name={name} value={row[name]} titles={titles.get(name)} />
                  )}
                </td>
              ))}
            </tr>
          ))}
          {view.after > 0 && <tr aria-hidden="true" style={{ height: view.after }} />}
        </tbody>
      </table>
    </div>
  );
}

function RowsCards({ entity, rows, columns, onOpen, titles, lead }: EntityRowsProps) {
  const { i18n } = useLingui();
  const box = useRef<HTMLUListElement>(null);
  const view = useVirtualRows(rows.length, CARD_ROW, box);
  const [first, ...rest] = columns;
  return (
    <ul ref={box} tabIndex={view.virtual ? 0 : undefined} aria-label={i18n._(entity.pluralLabel)} className={cx('divide-y divide-slate-100 rounded-xl bg-white ring-1 ring-slate-200', view.virtual && 'max-h-[70dvh] overflow-y-auto')}>
      {view.before > 0 && <li aria-hidden="true" style={{ height: view.before }} />}
      {rows.slice(view.start, view.end).map((row) => (
        <li key={row.id} className="h-21">
          <button type="button" onClick={() => onOpen(row)} className="flex h-full w-full items-center gap-3 px-4 text-start hover:bg-brand-50/50">
            <div className="min-w-0 flex-1">
              <p className="flex items-center gap-2 truncate font-medium text-slate-900">
                {lead?.(row)}
                <span className="truncate">{first ? <FieldValue field={entity.fields[first]!} name={first} value={row[first] ?? rowTitle(entity, row)} titles={titles.get(first)} /> : row.id}</span>
                {row._pending > 0 && <PendingBadge />}
              </p>
              {/* relative: the fields' sr-only names are clipped with the line, not laid out past the page's edge. */}
              <p className="relative mt-1 truncate text-sm text-slate-600">
                {rest.slice(0, 3).map((name, i) => (
                  <span key={name}>
                    {i > 0 && ' · '}
                    <span className="sr-only">{i18n._(entity.fields[name]!.label)}: </span>
                    <FieldValue field={entity.fields[name]!} name={name} value={row[name]} titles={titles.get(name)} />
                  </span>
                ))}
              </p>
            </div>
            <ChevronIcon className="size-5 shrink-0 text-slate-400 rtl:rotate-180" />
          </button>
        </li>
      ))}
      {view.after > 0 && <li aria-hidden="true" style={{ height: view.after }} />}
    </ul>
  );
}
