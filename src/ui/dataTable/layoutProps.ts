import type { MouseEvent, ReactNode } from 'react';
import type { DataColumn, SortDirection, TableSort } from './dataColumn.ts';

/** A breakdown a row opens onto, on the screen itself (stock per location and batch). */
export interface RowExpansion<R> {
  /** The toggle's name for this row ("Where Sugar is"). */
  label: (row: R) => string;
  render: (row: R) => ReactNode;
  /** Rows without a breakdown get no toggle. */
  has?: (row: R) => boolean;
}

/** What a screen gives a data table, and the table gives both its layouts. */
export interface TableContent<R> {
  /** The table's name (its region's and its list's). */
  label: string;
  caption?: string;
  columns: readonly DataColumn<R>[];
  rows: readonly R[];
  rowKey: (row: R) => string;
  /** A row opens its own page: its name is a button, and a click anywhere on it opens it. */
  onOpen?: (row: R) => void;
  expand?: RowExpansion<R>;
  sort?: TableSort;
  onSort?: (sort: TableSort) => void;
  rowClassName?: (row: R) => string | undefined;
  /** The total row's heading ("Total"), when some column has a footer. */
  footerLabel?: string;
  /** Something shown first in the title cell of each row (a document's state). */
  lead?: (row: R) => ReactNode;
}

/** What the table and the cards both draw from. */
export interface LayoutProps<R> extends TableContent<R> {
  opened: ReadonlySet<string>;
  toggle: (key: string) => void;
  onMeasure: (key: string, height: number) => void;
  /** Each row's fixed height when the list is long enough to be virtual. */
  rowHeight?: number;
  extras: ReadonlyArray<readonly [number, number]>;
}

/** A click anywhere on a row opens it, unless it was on a control of its own. */
export function openOnClick<R>(row: R, onOpen: ((row: R) => void) | undefined) {
  if (!onOpen) return undefined;
  return (event: MouseEvent) => {
    if ((event.target as Element).closest('a, button, input, select, textarea, label')) return;
    onOpen(row);
  };
}

export function nextDirection(sort: TableSort | undefined, id: string): SortDirection {
  return sort?.id === id && sort.direction === 'asc' ? 'desc' : 'asc';
}
