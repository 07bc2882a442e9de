/**
 * A product's page (warehousing.md, ProductDetails): its details, where it is (per warehouse,
 * location and batch, with expiry), its value and the latest moves that changed its stock, with
 * the ways on: edit it, receive or issue it.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { permission, type Line } from '@/contract/entity.ts';
import { sumRials } from '@/contract/money.ts';
import { addQuantities, compareQuantities, normalizeQuantity, ZERO } from '@/contract/quantity.ts';
import { formatDate, formatQuantity } from '@/i18n/format.ts';
import {
  buttonClasses,
  Card,
  EntityDetails,
  FieldValue,
  Loading,
  NoAccess,
  PageHeader,
  RecordNotFound,
  SectionCard,
  useCanAccess,
  useDocumentTitle,
  useList,
  useMoney,
  usePageRecord,
  usePanelData,
  useReferenceMaps,
  useReferenceTitles,
  useTableRows,
} from '@/moduleKit.ts';
import { Party, Product } from '../../entities/masterData.ts';
import { StockPlaces, useStockPlaces } from '../parts/StockPlaces.tsx';
import { OPENING_STOCK_GRANT, Receipt, StockBalance, StockMove, StockValuation } from '../../entities/stock.ts';
import { wh, withQuery } from '../paths.ts';

function Stock({ productId }: { productId: string }) {
  const { t } = useLingui();
  const money = useMoney();
  const held = useStockPlaces(productId);
  const { data: valuations } = useList(StockValuation, { filters: { productId } });
  if (!held || !valuations) return <Loading />;
  // Own stock on the shelves: what is in transit or a consignor's shows on its own row.
  const total = held
    .filter((b) => !b.ownerId && b.inTransit !== true)
    .reduce((sum, b) => addQuantities(sum, normalizeQuantity(b.quantity) ?? ZERO), ZERO);
  const onHand = formatQuantity(total);
  const worth = money.text(sumRials(valuations.items.map((v) => v.value)));
  return (
    <SectionCard title={<Trans>Where it is</Trans>}>
      <p className="mb-3 text-sm text-slate-700">
        <Trans>
          On hand: <bdi dir="ltr">{onHand}</bdi> · value {worth}
        </Trans>
      </p>
      {held.length === 0 ? (
        <p className="py-4 text-center text-sm text-slate-600">
          <Trans>None in stock.</Trans>
        </p>
      ) : (
        <StockPlaces places={held} label={t`Where it is`} withWarehouse />
      )}
    </SectionCard>
  );
}

/** The page of the document a move came from. */
function sourceHref(sourceType: string, id: string): string {
  const pages: Record<string, string> = {
    'WarehousingMVM/Transfer': wh.transfer,
    'WarehousingMVM/StockCount': wh.stockCount,
    'WarehousingMVM/Consignment': wh.consignmentDetails,
  };
  return sourceType === 'WarehousingMVM/TransferArrival' ? wh.transfer : withQuery(pages[sourceType] ?? wh.receiptDetails, { id });
}

/** What the product came in at, receipt by receipt (goods in, submitted), newest first. */
function PriceHistory({ productId }: { productId: string }) {
  const money = useMoney();
  const panel = usePanelData();
  const [receipts] = useTableRows(panel?.db, [Receipt]);
  const parties = useReferenceTitles(Party.key);
  const prices = useMemo(
    () =>
      (receipts ?? [])
        .filter((r) => !r.deleted && r.direction === 'in' && r.status === 'submitted')
        .flatMap((r) =>
          ((r.lines as Line[] | undefined) ?? [])
            .filter((l) => l.productId === productId && typeof l.unitPrice === 'number' && l.unitPrice > 0)
            .map((l) => ({ id: l.id, date: String(r.date), price: Number(l.unitPrice), partyId: r.partyId as string | null })),
        )
        .sort((a, b) => b.date.localeCompare(a.date))
        .slice(0, 10),
    [receipts, productId],
  );
  return (
    <SectionCard title={<Trans>Price history</Trans>}>
      {prices.length === 0 ? (
        <p className="py-4 text-center text-sm text-slate-600">
          <Trans>No purchases yet.</Trans>
        </p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {prices.map((p) => {
            const price = money.text(p.price);
            return (
              <li key={p.id} className="flex items-center gap-3 py-2">
                <span className="w-24 shrink-0 text-slate-600">{formatDate(p.date)}</span>
                <span className="min-w-0 flex-1 truncate text-slate-700">{p.partyId ? (parties?.get(p.partyId) ?? '') : ''}</span>
                <span className="font-semibold">{price}</span>
              </li>
            );
          })}
        </ul>
      )}
    </SectionCard>
  );
}

function Moves({ productId }: { productId: string }) {
  const { data } = useList(StockMove, { filters: { productId }, sort: { field: 'date', direction: 'desc' }, page: 1, pageSize: 20 });
  const titles = useReferenceMaps(StockMove.fields);
  if (!data) return <Loading />;
  return (
    <SectionCard title={<Trans>Latest moves</Trans>}>
      {data.total === 0 ? (
        <p className="py-4 text-center text-sm text-slate-600">
          <Trans>No moves yet.</Trans>
        </p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {data.items.map((m) => {
            const quantity = normalizeQuantity(m.quantity) ?? ZERO;
            const incoming = compareQuantities(quantity, ZERO) > 0;
            return (
              <li key={m.id} className="flex items-center gap-3 py-2">
                <span className="w-24 shrink-0 text-slate-600">{typeof m.date === 'string' ? formatDate(m.date) : ''}</span>
                <Link
                  href={sourceHref(String(m.sourceType), String(m.sourceId))}
                  className="shrink-0 font-medium text-brand-800 hover:underline"
                >
                  <bdi dir="ltr">{String(m.sourceNumber ?? '')}</bdi>
                </Link>
                <span className="min-w-0 flex-1 truncate text-slate-700">
                  <FieldValue field={StockMove.fields.warehouseId} value={m.warehouseId} titles={titles.get('warehouseId')} />
                </span>
                <bdi dir="ltr" className={incoming ? 'font-semibold text-emerald-700' : 'font-semibold text-amber-800'}>
                  {incoming ? '+' : ''}
                  {formatQuantity(quantity)}
                </bdi>
              </li>
            );
          })}
        </ul>
      )}
    </SectionCard>
  );
}

export function ProductDetails() {
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const id = new URLSearchParams(useSearch()).get('id');
  const can = useCanAccess();
  const record = usePageRecord(Product, id);
  const row = record.row;
  useDocumentTitle(record.status === 'notFound' ? null : typeof row?.name === 'string' ? row.name : i18n._(Product.label));
  const back = (
    <Link href={wh.productList} className={buttonClasses('ghost')}>
      <Trans>All products</Trans>
    </Link>
  );
  if (!can(permission(Product, 'read'))) {
    return (
      <>
        <PageHeader title={i18n._(Product.label)} />
        <NoAccess />
      </>
    );
  }
  if (record.status === 'notFound')
    return <RecordNotFound entity={Product} reason={record.reason} back={{ href: wh.productList, label: t`All products` }} />;
  if (!row) return <Loading />;
  return (
    <>
      <PageHeader
        title={String(row.name)}
        description={<bdi dir="ltr">{String(row.code)}</bdi>}
        actions={
          <>
            {can(permission(Receipt, 'create')) && (
              <Link href={withQuery(wh.addReceipt, { direction: 'in' })} className={buttonClasses('primary')}>
                <Trans>Receive</Trans>
              </Link>
            )}
            {can(permission(Receipt, 'create')) && can(permission(Receipt, OPENING_STOCK_GRANT)) && (
              <Link href={withQuery(wh.openingStock, { productId: row.id })} className={buttonClasses('secondary')}>
                <Trans>Put in a bin</Trans>
              </Link>
            )}
            <Link href={withQuery(wh.labels, { ids: row.id })} className={buttonClasses('secondary')}>
              <Trans>Print labels</Trans>
            </Link>
            {back}
          </>
        }
      />
      {/* Where it is spans the page: its seven columns are not cut at 1280 px, in either language. */}
      {can(permission(StockBalance, 'read')) && (
        <div className="mb-6">
          <Stock productId={row.id} />
        </div>
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <EntityDetails
            entity={Product}
            row={row}
            onEdit={can(permission(Product, 'update')) ? () => navigate(withQuery(wh.addProduct, { id: row.id })) : undefined}
          />
        </Card>
        <div className="flex min-w-0 flex-col gap-6">
          {can(permission(StockMove, 'read')) && <Moves productId={row.id} />}
          {can(permission(Receipt, 'read')) && <PriceHistory productId={row.id} />}
        </div>
      </div>
    </>
  );
}
