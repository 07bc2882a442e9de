/**
 * What a screen declares about one column of a DataTable: its header, how a row's cell reads, its
 * kind (which decides alignment, wrapping and direction) and whether it is a key figure — the
 * number that matters on this screen, never hidden on a phone and marked `data-key-figure`.
 */
import type { ReactNode } from 'react';

/**
 * text: words, in their own direction (`dir="auto"`), cut at their own end when too long;
 * figure: a number or amount, end-aligned, one line, a left-to-right island;
 * code: a code, bank number or batch code, one line, a left-to-right island;
 * date: one line; control: a button or checkbox, laid out as given.
 */
export type ColumnKind = 'text' | 'figure' | 'code' | 'date' | 'control';

export interface DataColumn<R> {
  id: string;
  /** The column's header, and the figure's label on a card. */
  header: string;
  cell: (row: R) => ReactNode;
  kind?: ColumnKind;
  /** A key figure: on a card it sits beside the row's name, always on screen. */
  key?: boolean;
  /** The row's name: a card's heading and the table's row header. */
  title?: boolean;
  /** Left out of cards (a detail only a wide screen has room for, or repeated in the title). */
  wideOnly?: boolean;
  /** Words that may run over several lines instead of being cut (notes). */
  wrap?: boolean;
  /** The footer's cell (a total). */
  footer?: ReactNode;
  /** Extra classes for the column's cells (a colour that depends on nothing but the column). */
  className?: string;
  /** Classes for one row's cell (a negative quantity in red). */
  cellClassName?: (row: R) => string | undefined;
  /** May be sorted by, when the table takes `onSort`. */
  sortable?: boolean;
}

export type SortDirection = 'asc' | 'desc';

export interface TableSort {
  id: string;
  direction: SortDirection;
}

const figureLike = new Set<ColumnKind>(['figure', 'code', 'date']);

export function isOneLine(column: { kind?: ColumnKind }): boolean {
  return figureLike.has(column.kind ?? 'text');
}

export function isLtrIsland(column: { kind?: ColumnKind }): boolean {
  return column.kind === 'figure' || column.kind === 'code';
}
