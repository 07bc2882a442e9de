/**
 * Where a product's stock is, per place (warehouse, location, batch with its expiry) and whose it
 * is (own, a consignor's, in transit), the quantity as the key figure: the product's page shows it
 * for every warehouse, and a row of stock on hand opens onto it for its warehouse.
 */
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import type { Row } from '@/contract/entity.ts';
import { compareQuantities, normalizeQuantity, ZERO } from '@/contract/quantity.ts';
import { formatQuantity } from '@/i18n/format.ts';
import { type DataColumn, DataTable, fieldColumns, Loading, useList, useReferenceMaps } from '@/moduleKit.ts';
import { StockBalance } from '../../entities/stock.ts';

type Place = Row;

/** The balances of a product (in one warehouse, when given) that hold something. */
export function useStockPlaces(productId: string, warehouseId?: string): Place[] | undefined {
  const { data } = useList(StockBalance, { filters: { productId } });
  return useMemo(
    () => data?.items.filter((b) => compareQuantities(b.quantity, ZERO) !== 0 && (!warehouseId || b.warehouseId === warehouseId)),
    [data, warehouseId],
  );
}

export function StockPlaces({ places, label, withWarehouse }: { places: readonly Place[]; label: string; withWarehouse: boolean }) {
  const { t, i18n } = useLingui();
  const titles = useReferenceMaps(StockBalance.fields);
  const columns = useMemo(() => {
    const names = [...(withWarehouse ? ['warehouseId'] : []), 'locationId', 'batch', 'expiry', 'ownerId'];
    // A batch code is read as written, left to right and on one line.
    const described = fieldColumns<Place>({
      fields: StockBalance.fields,
      names,
      keys: [],
      labelOf: (field) => i18n._(field.label),
      titles,
      title: names[0],
    }).map((c) => (c.id === 'batch' ? { ...c, kind: 'code' as const } : c));
    const state: DataColumn<Place> = {
      id: 'inTransit',
      header: i18n._(StockBalance.fields.inTransit.label),
      kind: 'date',
      cell: (b) => (b.inTransit === true ? <span className="text-sky-800">{t`In transit`}</span> : ''),
    };
    const quantity: DataColumn<Place> = {
      id: 'quantity',
      header: i18n._(StockBalance.fields.quantity.label),
      kind: 'figure',
      key: true,
      cell: (b) => formatQuantity(normalizeQuantity(b.quantity) ?? ZERO),
    };
    return [...described, state, quantity];
  }, [withWarehouse, titles, i18n, t]);
  return <DataTable label={label} columns={columns} rows={places} rowKey={(b) => b.id} />;
}

/** The places of one product in one warehouse, read when its row of stock on hand is opened. */
export function WarehousePlaces({ productId, warehouseId, label }: { productId: string; warehouseId: string; label: string }) {
  const places = useStockPlaces(productId, warehouseId);
  return places ? <StockPlaces places={places} label={label} withWarehouse={false} /> : <Loading />;
}
