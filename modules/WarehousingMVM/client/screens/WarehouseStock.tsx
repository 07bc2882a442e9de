/**
 * Stock on hand (warehousing.md, WarehouseStock): per product and warehouse, what the server
 * counted, what it will be once this device's queued documents are accepted, its value, where
 * to reorder and what expires soon; searchable, filtered by warehouse, virtualised for long
 * lists, exported as CSV or Excel and printable. Read from this device, so it works with no signal.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { type RefObject, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { permission } from '@/contract/entity.ts';
import { normalizeSearch, searchWords } from '@/contract/list.ts';
import { sumRials } from '@/contract/money.ts';
import { compareQuantities } from '@/contract/quantity.ts';
import { formatDate, formatNumber, formatQuantity } from '@/i18n/format.ts';
import {
  Button,
  buttonClasses,
  type DataColumn,
  DataTable,
  EmptyState,
  ImportLink,
  Loading,
  NoAccess,
  PageHeader,
  PanelIconGlyph,
  SearchIcon,
  SelectField,
  type Sheet,
  SheetButtons,
  TextField,
  useCanAccess,
  useDocumentTitle,
  useMoney,
  usePanelData,
  useTableRows,
  VIRTUAL_FROM,
} from '@/moduleKit.ts';
import { Warehouse } from '../../entities/masterData.ts';
import { OpeningStockImport } from '../../entities/openingStockImport.ts';
import { Receipt, StockBalance } from '../../entities/stock.ts';
import { WarehousePlaces } from '../parts/StockPlaces.tsx';
import { wh, withQuery } from '../paths.ts';
import { addDays, compareStockRows, expiresSoon, filterStock, tehranToday, type StockRow } from '../stockView.ts';
import { type StockAnswer, useStockRows, useStockTotals } from '../useStock.ts';

/**
 * Every stock row of the panel in screen order (the first products' rows until the whole tables
 * are in; a large panel's pages, searched as they are read), and the warehouses' names.
 */
function useOrderedStock(words: readonly string[]): StockAnswer & { warehouses: Map<string, string> } {
  const panel = usePanelData();
  const answer = useStockRows(panel?.db, words);
  const [warehouseRows] = useTableRows(panel?.db, [Warehouse]);
  const warehouses = useMemo(() => new Map((warehouseRows ?? []).map((w) => [w.id, String(w.name)])), [warehouseRows]);
  const { rows } = answer;
  const ordered = useMemo(() => rows && [...rows].sort(compareStockRows(warehouses)), [rows, warehouses]);
  return { ...answer, rows: ordered, warehouses };
}

type Flag = '' | 'reorder' | 'expiring';

export function WarehouseStock() {
  const { t } = useLingui();
  const can = useCanAccess();
  const [location, navigate] = useLocation();
  const query = new URLSearchParams(useSearch());
  const warehouseId = query.get('warehouse') ?? '';
  const flag = (query.get('flag') ?? '') as Flag;
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const words = useMemo(() => searchWords(deferred), [deferred]);
  const { rows, complete, paged, more, warehouses } = useOrderedStock(words);
  const panel = usePanelData();
  const list = useRef<HTMLDivElement>(null);
  const totals = useStockTotals(panel?.db, warehouseId || null);
  const money = useMoney();
  const day = tehranToday();
  const shown = useMemo(
    () =>
      rows &&
      filterStock(
        rows,
        {
          warehouseId,
          // A large panel's pages were searched as they were read (names, codes and barcodes).
          words: paged ? [] : words,
          reorderOnly: flag === 'reorder',
          expiringBy: flag === 'expiring' ? addDays(day, 30) : null,
        },
        normalizeSearch,
      ),
    [rows, warehouseId, words, paged, flag, day],
  );
  useDocumentTitle(t`Stock on hand`);
  const setQuery = (name: string, value: string) => {
    if (value) query.set(name, value);
    else query.delete(name);
    navigate(query.size ? `${location}?${query}` : location, { replace: true });
  };

  const flagLabels: Record<Flag, string> = { '': '', reorder: t`To reorder`, expiring: t`Expiring within 30 days` };
  const sheet = (): Sheet => {
    const place = warehouses.get(warehouseId);
    const words = deferred.trim();
    return {
      title: t`Stock on hand`,
      about: [
        formatDate(day),
        ...(place ? [t`Warehouse: ${place}`] : []),
        ...(flag ? [flagLabels[flag]] : []),
        ...(words ? [t`Search: ${words}`] : []),
      ],
      money,
      columns: [
        { header: t`Product` },
        { header: t`Code` },
        { header: t`Warehouse` },
        { header: t`On hand`, kind: 'quantity' },
        { header: t`Projected`, kind: 'quantity' },
        { header: t`In transit`, kind: 'quantity' },
        { header: t`Consignment`, kind: 'quantity' },
        { header: t`Value`, kind: 'money' },
        { header: t`Nearest expiry`, kind: 'date' },
        { header: t`Reorder` },
      ],
      rows: (shown ?? []).map((r) => [
        r.name,
        r.code,
        warehouses.get(r.warehouseId) ?? '',
        r.onHand,
        r.projected,
        r.inTransit,
        r.consigned,
        r.value,
        r.expiry ?? null,
        r.reorder ? t`Yes` : '',
      ]),
    };
  };

  if (!can(permission(StockBalance, 'read'))) {
    return (
      <>
        <PageHeader title={<Trans>Stock on hand</Trans>} />
        <NoAccess />
      </>
    );
  }
  // Every row listed: their own count and value; else, with nothing narrowing the list, the totals kept per warehouse.
  const whole = !words.length && !flag;
  const counted = complete ? { rows: shown?.length ?? 0, value: sumRials((shown ?? []).map((r) => r.value)) } : whole ? totals : undefined;
  const count = formatNumber(counted?.rows ?? 0);
  const value = money.text(counted?.value ?? 0n);
  const found = formatNumber(shown?.length ?? 0);
  return (
    <>
      <PageHeader
        title={<Trans>Stock on hand</Trans>}
        description={<Trans>Per product and warehouse. “Projected” adds the receipts and issues this device has not sent yet.</Trans>}
        actions={
          <>
            <ImportLink documentImport={OpeningStockImport} />
            <SheetButtons fileName={`stock-${day}`} sheet={sheet} disabled={!complete || !shown?.length} />
            <Button variant="ghost" onClick={() => window.print()}>
              <Trans>Print</Trans>
            </Button>
          </>
        }
      />
      <div className="mb-4 flex flex-wrap items-end gap-3 print:hidden">
        <TextField
          className="min-w-0 flex-1 basis-64"
          type="search"
          label={t`Search products`}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          end={<SearchIcon className="me-2 size-5 text-slate-400" />}
        />
        {warehouses.size > 1 && (
          <SelectField
            className="basis-48"
            label={t`Warehouse`}
            value={warehouseId}
            onChange={(e) => setQuery('warehouse', e.target.value)}
            options={[{ value: '', label: t`All warehouses` }, ...[...warehouses].map(([id, name]) => ({ value: id, label: name }))]}
          />
        )}
        <SelectField
          className="basis-48"
          label={t`Show`}
          value={flag}
          onChange={(e) => setQuery('flag', e.target.value)}
          options={[
            { value: '', label: t`Everything in stock` },
            { value: 'reorder', label: t`To reorder` },
            { value: 'expiring', label: t`Expiring within 30 days` },
          ]}
        />
      </div>
      {!shown || (!complete && !paged && shown.length === 0) ? (
        // The first products hold none of what the filters ask for: the rest is still being read.
        <Loading />
      ) : rows?.length === 0 && !(paged && words.length) ? (
        <EmptyState
          icon={<PanelIconGlyph icon="warehouse" className="size-7" />}
          title={<Trans>No stock yet.</Trans>}
          description={<Trans>Stock appears here once a receipt of goods in is submitted and the server accepts it.</Trans>}
          actions={
            can(permission(Receipt, 'create')) && (
              <>
                <Link href={withQuery(wh.addReceipt, { direction: 'in' })} className={buttonClasses('primary')}>
                  <Trans>Receive goods</Trans>
                </Link>
                <ImportLink documentImport={OpeningStockImport} />
              </>
            )
          }
        />
      ) : (
        <>
          <p className="mb-2 text-sm text-slate-600" role="status" aria-busy={!complete && !paged}>
            {counted ? (
              <Trans>
                {count} rows · value {value}
              </Trans>
            ) : paged ? (
              <Trans>{found} rows found so far</Trans>
            ) : (
              <Trans>Counting all the stock…</Trans>
            )}
          </p>
          <div ref={list}>
            <StockTable
              rows={shown}
              warehouses={warehouses}
              today={day}
              onOpen={(row) => navigate(withQuery(wh.productDetails, { id: row.productId }))}
            />
          </div>
          {more && <MoreRows onMore={more} list={list} boxed={shown.length > VIRTUAL_FROM} />}
        </>
      )}
    </>
  );
}

/**
 * A large panel's next page: read as the end of the list nears, or when asked. A list in its own
 * scrolling box asks as that box's scroll nears its end (decision 055): the button under the box is
 * always near the screen, and watching it read page after page, each a longer task, while the
 * person scrolled or not.
 */
function MoreRows({ onMore, list, boxed }: { onMore: () => void; list: RefObject<HTMLDivElement | null>; boxed: boolean }) {
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = list.current;
    if (!boxed || !element) return;
    // Scroll events do not bubble; caught on the way down, they come from the table's box.
    const near = (event: Event) => {
      const box = event.target;
      if (box instanceof HTMLElement && box.scrollHeight - box.scrollTop - box.clientHeight < 2 * box.clientHeight) onMore();
    };
    element.addEventListener('scroll', near, { capture: true, passive: true });
    return () => element.removeEventListener('scroll', near, { capture: true });
  }, [boxed, list, onMore]);
  useEffect(() => {
    const sentinel = end.current;
    if (boxed || !sentinel || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((seen) => seen.some((s) => s.isIntersecting) && onMore(), { rootMargin: '600px' });
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [boxed, onMore]);
  return (
    <div ref={end} className="mt-3 flex justify-center print:hidden">
      <Button variant="ghost" onClick={onMore}>
        <Trans>Show more products</Trans>
      </Button>
    </div>
  );
}

const ROW_HEIGHT = { table: 57, card: 92 };
const stockKey = (row: StockRow) => row.key;

function StockTable({
  rows,
  warehouses,
  today,
  onOpen,
}: {
  rows: readonly StockRow[];
  warehouses: Map<string, string>;
  today: string;
  onOpen: (row: StockRow) => void;
}) {
  const money = useMoney();
  const unit = money.unit;
  const { t } = useLingui();
  const columns = useMemo((): DataColumn<StockRow>[] => {
    const warehouseOf = (row: StockRow) => warehouses.get(row.warehouseId) ?? '…';
    return [
      { id: 'product', header: t`Product`, title: true, cell: (row) => row.name || '…' },
      { id: 'code', header: t`Code`, kind: 'control', cell: (row) => <StockFlags row={row} today={today} /> },
      { id: 'warehouse', header: t`Warehouse`, cell: warehouseOf },
      {
        id: 'onHand',
        header: t`On hand`,
        kind: 'figure',
        key: true,
        className: 'font-semibold',
        cellClassName: (row) => (compareQuantities(row.onHand, '0') < 0 ? 'text-red-700' : 'text-slate-900'),
        cell: (row) => formatQuantity(row.onHand),
      },
      {
        id: 'projected',
        header: t`Projected`,
        kind: 'figure',
        // What is coming is a key figure too once it differs from what is here.
        cellClassName: (row) => (compareQuantities(row.projected, row.onHand) !== 0 ? 'font-medium text-amber-800' : 'text-slate-500'),
        cell: (row) => formatQuantity(row.projected),
      },
      { id: 'value', header: t`Value (${unit})`, kind: 'figure', cell: (row) => money.number(row.value) },
      {
        id: 'expiry',
        header: t`Nearest expiry`,
        kind: 'date',
        cellClassName: (row) => (expiresSoon(row.expiry, today) ? 'font-medium text-red-700' : 'text-slate-700'),
        cell: (row) => (row.expiry ? formatDate(row.expiry) : '—'),
      },
    ];
  }, [t, warehouses, today, money, unit]);
  const expand = useMemo(() => {
    const label = (row: StockRow) => {
      const product = row.name;
      const warehouse = warehouses.get(row.warehouseId) ?? '';
      return t`Where ${product} is in ${warehouse}, by location and batch`;
    };
    return {
      label,
      has: (row: StockRow) => row.places > 0,
      render: (row: StockRow) => <WarehousePlaces productId={row.productId} warehouseId={row.warehouseId} label={label(row)} />,
    };
  }, [t, warehouses]);
  if (rows.length === 0) {
    return (
      <p className="rounded-xl bg-white px-4 py-12 text-center font-medium text-slate-900 ring-1 ring-slate-200">
        <Trans>Nothing matches your search and filters.</Trans>
      </p>
    );
  }
  return (
    <DataTable
      label={t`Stock on hand`}
      columns={columns}
      rows={rows}
      rowKey={stockKey}
      onOpen={onOpen}
      expand={expand}
      rowHeight={ROW_HEIGHT}
    />
  );
}

/** The product's code, and what needs attention: reorder, expiring, in transit, a consignor's. */
function StockFlags({ row, today }: { row: StockRow; today: string }) {
  return (
    <span className="inline-flex max-w-full items-center gap-2 overflow-hidden align-middle text-xs whitespace-nowrap text-slate-600">
      <bdi dir="ltr">{row.code}</bdi>
      {row.reorder && (
        <span className="rounded-full bg-amber-50 px-2 text-amber-900 ring-1 ring-amber-200">
          <Trans>Reorder</Trans>
        </span>
      )}
      {expiresSoon(row.expiry, today) && (
        <span className="rounded-full bg-red-50 px-2 text-red-800 ring-1 ring-red-200">
          <Trans>Expires soon</Trans>
        </span>
      )}
      {compareQuantities(row.inTransit, '0') !== 0 && (
        <span className="rounded-full bg-sky-50 px-2 text-sky-900 ring-1 ring-sky-200">
          <Trans>in transit</Trans> <bdi dir="ltr">{formatQuantity(row.inTransit)}</bdi>
        </span>
      )}
      {compareQuantities(row.consigned, '0') !== 0 && (
        <span className="rounded-full bg-violet-50 px-2 text-violet-900 ring-1 ring-violet-200">
          <Trans>consignment</Trans> <bdi dir="ltr">{formatQuantity(row.consigned)}</bdi>
        </span>
      )}
    </span>
  );
}
