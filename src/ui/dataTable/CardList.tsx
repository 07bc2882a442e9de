/**
 * A DataTable on a narrow screen: each row a card, its name first and its key figures beside it
 * (wrapping under it when there is no room, never off-screen), the other columns as labelled
 * pairs below; an opened row's breakdown inside its card; the totals as a last card.
 */
import { useRef, type ReactNode } from 'react';
import { recentRowClass, useRecentlyChanged } from './recentRows.ts';
import { cx } from '../cx.ts';
import { useVirtualRows } from '../useVirtualRows.ts';
import { CellContent, Wrapped } from './CellContent.tsx';
import { isLtrIsland, type DataColumn } from './dataColumn.ts';
import { ExpandToggle } from './ExpandToggle.tsx';
import { openOnClick, type LayoutProps } from './layoutProps.ts';
import { MeasuredBlock } from './Measured.tsx';
import { TitleCell } from './TitleCell.tsx';

export function CardList<R>(props: LayoutProps<R>) {
  const { label, columns, rows, rowKey, rowHeight, extras, footerLabel } = props;
  const box = useRef<HTMLUListElement>(null);
  const view = useVirtualRows(rowHeight ? rows.length : 0, rowHeight ?? 0, box, extras);
  const shown = rowHeight ? view : { virtual: false, start: 0, end: rows.length, before: 0, after: 0 };
  const totals = columns.filter((c) => c.footer !== undefined);
  return (
    <ul
      ref={box}
      tabIndex={shown.virtual ? 0 : undefined}
      aria-label={label}
      className={cx(
        'divide-y divide-slate-100 rounded-xl bg-white ring-1 ring-slate-200',
        shown.virtual && 'max-h-[70dvh] overflow-y-auto',
      )}
    >
      {shown.before > 0 && <li aria-hidden="true" style={{ height: shown.before }} />}
      {rows.slice(shown.start, shown.end).map((row) => (
        <RowCard key={rowKey(row)} row={row} {...props} />
      ))}
      {shown.after > 0 && <li aria-hidden="true" style={{ height: shown.after }} />}
      {totals.length > 0 && (
        <li className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 bg-slate-50 px-4 py-3 font-semibold">
          <span>{footerLabel}</span>
          <Figures columns={totals} value={(column) => column.footer} />
        </li>
      )}
    </ul>
  );
}

function RowCard<R>({
  row,
  columns,
  rowKey,
  onOpen,
  expand,
  opened,
  toggle,
  onMeasure,
  rowHeight,
  rowClassName,
  lead,
}: { row: R } & LayoutProps<R>) {
  const key = rowKey(row);
  const recent = useRecentlyChanged(key);
  const open = opened.has(key);
  const has = expand && (expand.has?.(row) ?? true);
  const detailId = `breakdown-${key}`;
  const titles = columns.filter((c) => c.title);
  const figures = columns.filter((c) => c.key && !c.title);
  const rest = columns.filter((c) => !c.title && !c.key && !c.wideOnly);
  return (
    <li
      className={cx(onOpen && 'cursor-pointer hover:bg-brand-50/50', rowClassName?.(row), recent && recentRowClass)}
      data-live-changed={recent || undefined}
      onClick={openOnClick(row, onOpen)}
    >
      <div className="flex items-start gap-2 overflow-hidden px-4 py-3" style={rowHeight ? { height: rowHeight } : undefined}>
        {has && <ExpandToggle open={open} label={expand.label(row)} controls={detailId} onToggle={() => toggle(key)} />}
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
            <div className="min-w-0 flex-1 basis-32 font-medium text-slate-900">
              {titles.map((column, i) => (
                <TitleCell
                  key={column.id}
                  column={column}
                  row={row}
                  onOpen={i === 0 ? onOpen : undefined}
                  lead={i === 0 ? lead?.(row) : undefined}
                />
              ))}
            </div>
            <Figures columns={figures} value={(column) => column.cell(row)} className={(column) => column.cellClassName?.(row)} />
          </div>
          {rest.length > 0 && (rowHeight ? <OneLine columns={rest} row={row} /> : <Pairs columns={rest} row={row} />)}
        </div>
      </div>
      {has && open && (
        <MeasuredBlock id={detailId} className="px-4 pb-3" onMeasure={(height) => onMeasure(key, height)}>
          {expand.render(row)}
        </MeasuredBlock>
      )}
    </li>
  );
}

/** An empty value is left out of a card (a place not in transit). */
const isEmpty = (value: ReactNode) => value === '' || value === null || value === undefined || value === false;

function Figures<R>({
  columns,
  value,
  className,
}: {
  columns: readonly DataColumn<R>[];
  value: (column: DataColumn<R>) => ReactNode;
  className?: (column: DataColumn<R>) => string | undefined;
}) {
  // An empty figure (the credit balance of a debit account) takes no room on a card.
  const shown = columns.map((column) => [column, value(column)] as const).filter(([, v]) => !isEmpty(v));
  if (shown.length === 0) return null;
  return (
    <dl className="flex flex-wrap justify-end gap-x-4 gap-y-1">
      {shown.map(([column, figure]) => (
        <div key={column.id} className="flex items-baseline gap-1.5">
          <dt className="text-xs font-normal text-slate-600">{column.header}</dt>
          <dd data-key-figure="" className={cx('font-semibold text-slate-900', column.className, className?.(column))}>
            <Wrapped column={column}>{figure}</Wrapped>
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Pairs<R>({ columns, row }: { columns: readonly DataColumn<R>[]; row: R }) {
  const shown = columns.filter((column) => !isEmpty(column.cell(row)));
  if (shown.length === 0) return null;
  return (
    <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1.5 text-sm">
      {shown.map((column) => (
        <div key={column.id} className={cx('min-w-0', column.wrap && 'col-span-2')}>
          <dt className="text-xs text-slate-600">{column.header}</dt>
          <dd className={cx('min-w-0 text-slate-800', column.className, column.cellClassName?.(row))}>
            <CellContent column={column} row={row} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** A virtual card's fixed height leaves one line for the rest: a few values, each named for screen readers. */
function OneLine<R>({ columns, row }: { columns: readonly DataColumn<R>[]; row: R }) {
  return (
    // relative: the values' screen-reader names are clipped with the line, not laid out past the page's edge.
    <p className="relative mt-1 truncate text-sm text-slate-600">
      {columns.slice(0, 3).map((column, i) => (
        <span key={column.id}>
          {i > 0 && ' · '}
          <span className="sr-only">{column.header}: </span>
          {isLtrIsland(column) ? <CellContent column={column} row={row} /> : <bdi>{column.cell(row)}</bdi>}
        </span>
      ))}
    </p>
  );
}
