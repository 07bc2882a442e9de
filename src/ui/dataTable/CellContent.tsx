import type { ReactNode } from 'react';
import { cx } from '../cx.ts';
import { isLtrIsland, type DataColumn } from './dataColumn.ts';

/**
 * A cell's value laid out by its column's kind: numbers and codes as one-line left-to-right
 * islands; words in their own direction, so a Persian name in an English row (or the reverse) is
 * cut at its own end, aligned as the table's other cells are.
 */
export function CellContent<R>({ column, row, className }: { column: DataColumn<R>; row: R; className?: string }) {
  return (
    <Wrapped column={column} className={className}>
      {column.cell(row)}
    </Wrapped>
  );
}

/** Letters in a figure are its unit («۱۲٬۰۰۰ ریال»): it reads in its own direction, not left to right. */
const hasLetters = (value: ReactNode) => typeof value === 'string' && /\p{L}/u.test(value);

export function Wrapped<R>({ column, className, children }: { column: DataColumn<R>; className?: string; children: ReactNode }) {
  const kind = column.kind ?? 'text';
  if (kind === 'figure' && (hasLetters(children) || (typeof children !== 'string' && typeof children !== 'number'))) {
    // A figure with its unit, or drawn by a component of its own (a field's value, an amount), keeps its own order.
    return <bdi className={cx('whitespace-nowrap', className)}>{children}</bdi>;
  }
  if (isLtrIsland(column)) {
    return (
      <bdi dir="ltr" className={cx('whitespace-nowrap', className)}>
        {children}
      </bdi>
    );
  }
  if (kind === 'date') return <span className={cx('whitespace-nowrap', className)}>{children}</span>;
  if (kind === 'control') return <>{children}</>;
  return (
    <div dir="auto" className={cx('[text-align:var(--page-start,start)]', !column.wrap && 'truncate', className)}>
      {children}
    </div>
  );
}
