/**
 * The columns of a count sheet: product and batch, location, counted, what was there (on hand while
 * counting, what was expected once submitted) and the difference — counted and difference being
 * the key figures a phone always shows.
 */
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { compareQuantities, ZERO } from '@/contract/quantity.ts';
import { formatNumber, formatQuantity } from '@/i18n/format.ts';
import { Button, type DataColumn, useReferenceTitles } from '@/moduleKit.ts';
import { Location, Product } from '../../entities/masterData.ts';
import type { CountRow } from '../countSheet.ts';

const differenceTone = (r: CountRow) => {
  const sign = compareQuantities(r.difference, ZERO);
  return sign < 0 ? 'text-red-700' : sign > 0 ? 'text-amber-800' : 'text-slate-600';
};

export function useCountColumns({
  draft,
  submitted,
  takeBack,
}: {
  draft: boolean;
  submitted: boolean;
  takeBack: (row: CountRow) => void;
}): DataColumn<CountRow>[] {
  const { t } = useLingui();
  const products = useReferenceTitles(Product.key);
  const locations = useReferenceTitles(Location.key);
  return useMemo(() => {
    const productName = (r: CountRow) => products?.get(r.productId) ?? '…';
    const columns: DataColumn<CountRow>[] = [
      { id: 'product', header: t`Product`, title: true, cell: productName },
      { id: 'batch', header: t`Batch`, kind: 'code', cell: (r) => r.batch ?? '' },
      { id: 'location', header: t`Location`, kind: 'code', cell: (r) => (r.locationId ? (locations?.get(r.locationId) ?? '') : '') },
      { id: 'counted', header: t`Counted`, kind: 'figure', key: true, className: 'font-semibold', cell: (r) => formatQuantity(r.counted) },
      { id: 'onHand', header: submitted ? t`Expected` : t`On hand`, kind: 'figure', cell: (r) => formatQuantity(r.onHand) },
      {
        id: 'difference',
        header: t`Difference`,
        kind: 'figure',
        key: true,
        cellClassName: differenceTone,
        cell: (r) => (compareQuantities(r.difference, ZERO) > 0 ? `+${formatQuantity(r.difference)}` : formatQuantity(r.difference)),
      },
    ];
    if (!draft) return columns;
    const takeBackColumn: DataColumn<CountRow> = {
      id: 'takeBack',
      header: t`Take one back`,
      kind: 'control',
      cell: (r) => {
        const name = productName(r);
        return (
          <Button size="sm" variant="ghost" onClick={() => takeBack(r)} aria-label={t`Take one back: ${name}`}>
            −{formatNumber(1)}
          </Button>
        );
      },
    };
    return [...columns, takeBackColumn];
  }, [t, products, locations, draft, submitted, takeBack]);
}
