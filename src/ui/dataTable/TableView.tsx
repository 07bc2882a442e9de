/**
 * A DataTable on a wide screen: a plain table in a named, focusable region that says when it
 * scrolls sideways; sortable headers when the screen sorts; opened rows' breakdowns under them.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { recentRowClass, useRecentlyChanged } from './recentRows.ts';
import { Fragment, useRef, type ReactNode } from 'react';
import { cx } from '../cx.ts';
import { ChevronIcon } from '../icons.tsx';
import { useVirtualRows } from '../useVirtualRows.ts';
import { CellContent, Wrapped } from './CellContent.tsx';
import { isOneLine, type ColumnKind, type DataColumn } from './dataColumn.ts';
import { ExpandToggle } from './ExpandToggle.tsx';
import { nextDirection, openOnClick, type LayoutProps } from './layoutProps.ts';
import { useMeasured } from './Measured.tsx';
import { TitleCell } from './TitleCell.tsx';
import { useOverflows } from './useOverflows.ts';

const align = (column: { kind?: ColumnKind }) => (column.kind === 'figure' ? 'text-end' : 'text-start');

export function TableView<R>(props: LayoutProps<R>) {
  const { label, caption, columns, rows, rowKey, expand, rowHeight, extras, footerLabel } = props;
  const box = useRef<HTMLDivElement>(null);
  const overflows = useOverflows(box);
  const view = useVirtualRows(rowHeight ? rows.length : 0, rowHeight ?? 0, box, extras);
  const shown = rowHeight ? view : { virtual: false, start: 0, end: rows.length, before: 0, after: 0 };
  const span = columns.length + (expand ? 1 : 0);
  const hasFooter = columns.some((c) => c.footer !== undefined);
  return (
    <div className="flex flex-col gap-1">
      {overflows && (
        <p className="flex items-center gap-1 text-xs text-slate-600 print:hidden" aria-hidden="true">
          <Trans>Scroll sideways to see every column</Trans>
          <ChevronIcon className="size-4 rtl:rotate-180" />
        </p>
      )}
      <div
        ref={box}
        tabIndex={0}
        role="region"
        aria-label={label}
        className={cx(
          'overflow-x-auto rounded-xl bg-white ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600',
          shown.virtual && 'max-h-[70dvh] overflow-y-auto print:max-h-none',
        )}
      >
        <table className="w-full text-start text-sm">
          {caption && <caption className="sr-only">{caption}</caption>}
          <thead className="sticky top-0 z-10 bg-slate-50 text-slate-700">
            <tr>
              {expand && <ExpandHeader />}
              {columns.map((column) => (
                <HeaderCell key={column.id} column={column} {...props} />
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {shown.before > 0 && <tr aria-hidden="true" style={{ height: shown.before }} />}
            {rows.slice(shown.start, shown.end).map((row) => (
              <BodyRow key={rowKey(row)} row={row} span={span} {...props} />
            ))}
            {shown.after > 0 && <tr aria-hidden="true" style={{ height: shown.after }} />}
          </tbody>
          {hasFooter && (
            <tfoot className="border-t-2 border-slate-300 font-semibold">
              <tr>
                {expand && <td />}
                {columns.map((column, i) =>
                  i === 0 && column.footer === undefined ? (
                    <th key={column.id} scope="row" className="px-3 py-2 text-start">
                      {footerLabel}
                    </th>
                  ) : (
                    <td
                      key={column.id}
                      className={cx('px-3 py-2', align(column))}
                      data-key-figure={column.key && column.footer !== undefined ? '' : undefined}
                    >
                      {column.footer !== undefined && <Wrapped column={column}>{column.footer}</Wrapped>}
                    </td>
                  ),
                )}
              </tr>
            </tfoot>
          )}
        </table>
      </div>
    </div>
  );
}

function ExpandHeader() {
  return (
    <th scope="col" className="w-10 px-1">
      <span className="sr-only">
        <Trans>Breakdown</Trans>
      </span>
    </th>
  );
}

function HeaderCell<R>({ column, sort, onSort }: { column: DataColumn<R> } & LayoutProps<R>) {
  const { t } = useLingui();
  const active = sort?.id === column.id;
  const label = column.header;
  const ariaSort = onSort && column.sortable ? (active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none') : undefined;
  return (
    <th scope="col" aria-sort={ariaSort} className={cx('px-3 py-2 font-semibold whitespace-nowrap', align(column))}>
      {onSort && column.sortable ? (
        <button
          type="button"
          className="inline-flex min-h-9 items-center gap-1 rounded-lg px-1 hover:bg-slate-200"
          onClick={() => onSort({ id: column.id, direction: nextDirection(sort, column.id) })}
          aria-label={t`Sort by ${label}`}
        >
          {column.header}
          {active && <ChevronIcon className={cx('size-4', sort.direction === 'asc' ? '-rotate-90' : 'rotate-90')} />}
        </button>
      ) : (
        column.header
      )}
    </th>
  );
}

function BodyRow<R>({
  row,
  span,
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
}: { row: R; span: number } & LayoutProps<R>) {
  const key = rowKey(row);
  const recent = useRecentlyChanged(key);
  const open = opened.has(key);
  const has = expand && (expand.has?.(row) ?? true);
  const detailId = `breakdown-${key}`;
  return (
    <Fragment>
      <tr
        style={rowHeight ? { height: rowHeight } : undefined}
        className={cx(onOpen && 'cursor-pointer hover:bg-brand-50/50', rowClassName?.(row), recent && recentRowClass)}
        data-live-changed={recent || undefined}
        onClick={openOnClick(row, onOpen)}
      >
        {expand && (
          <td className="px-1">
            {has && <ExpandToggle open={open} label={expand.label(row)} controls={detailId} onToggle={() => toggle(key)} />}
          </td>
        )}
        {columns.map((column) => {
          const className = cx(
            'px-3 py-2 text-slate-800',
            align(column),
            !isOneLine(column) && !column.wrap && column.kind !== 'control' && 'max-w-72',
            column.className,
            column.cellClassName?.(row),
          );
          const keyFigure = column.key ? '' : undefined;
          if (column.title) {
            return (
              <th key={column.id} scope="row" className={cx(className, 'font-medium')} data-key-figure={keyFigure}>
                <TitleCell column={column} row={row} onOpen={onOpen} lead={lead?.(row)} />
              </th>
            );
          }
          return (
            <td key={column.id} className={className} data-key-figure={keyFigure}>
              <CellContent column={column} row={row} />
            </td>
          );
        })}
      </tr>
      {has && open && (
        <DetailRow id={detailId} span={span} onMeasure={(height) => onMeasure(key, height)}>
          {expand.render(row)}
        </DetailRow>
      )}
    </Fragment>
  );
}

function DetailRow({
  id,
  span,
  onMeasure,
  children,
}: {
  id: string;
  span: number;
  onMeasure: (height: number) => void;
  children: ReactNode;
}) {
  const ref = useMeasured<HTMLTableRowElement>(onMeasure);
  return (
    <tr ref={ref} id={id} className="bg-slate-50/70">
      <td colSpan={span} className="px-3 py-3">
        {children}
      </td>
    </tr>
  );
}
