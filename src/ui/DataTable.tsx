/**
 * The one table of every list and document's lines (decision 026). A screen declares its columns
 * — which is the row's name, which are key figures — and the table lays them out: a plain table
 * from the breakpoint up, in a named, focusable region that says when it scrolls sideways; below
 * it a card per row with its name and key figures always in view. Every key figure on screen
 * carries `data-key-figure`. Long lists are virtual (given each layout's row height); a row may
 * open onto a breakdown on the screen itself.
 */
import { useCallback, useMemo, useState } from 'react';
import { CardList } from './dataTable/CardList.tsx';
import type { TableContent } from './dataTable/layoutProps.ts';
import { TableView } from './dataTable/TableView.tsx';
import { useWideScreen, type Breakpoint } from './useWideScreen.ts';

export type { ColumnKind, DataColumn, TableSort } from './dataTable/dataColumn.ts';
export type { RowExpansion } from './dataTable/layoutProps.ts';

export interface DataTableProps<R> extends TableContent<R> {
  /** A table from this breakpoint up, cards below it ('md' unless the columns are few). */
  wideFrom?: Breakpoint;
  /** Each layout's fixed row height, for lists long enough to draw only what is in view. */
  rowHeight?: { table: number; card: number };
}

export function DataTable<R>({ wideFrom = 'md', rowHeight, ...props }: DataTableProps<R>) {
  const wide = useWideScreen(wideFrom);
  const [opened, setOpened] = useState<ReadonlySet<string>>(new Set());
  const [heights, setHeights] = useState<ReadonlyMap<string, number>>(new Map());
  const toggle = useCallback((key: string) => {
    setOpened((now) => {
      const next = new Set(now);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  }, []);
  const onMeasure = useCallback((key: string, height: number) => {
    setHeights((now) => (now.get(key) === height ? now : new Map(now).set(key, height)));
  }, []);
  const { rows, rowKey } = props;
  // The opened rows' breakdowns, by row index, for the virtual window's arithmetic.
  const extras = useMemo(() => {
    if (opened.size === 0 || !rowHeight) return [];
    const found: [number, number][] = [];
    rows.forEach((row, index) => {
      const key = rowKey(row);
      if (opened.has(key)) found.push([index, heights.get(key) ?? 0]);
    });
    return found;
  }, [opened, heights, rows, rowKey, rowHeight]);
  const layout = { ...props, opened, toggle, onMeasure, extras };
  return wide ? <TableView {...layout} rowHeight={rowHeight?.table} /> : <CardList {...layout} rowHeight={rowHeight?.card} />;
}
