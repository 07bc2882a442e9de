/**
 * The stock each line lacked when the server refused a document's step (warehousing.md): the
 * product, its warehouse and bin (and batch), what was needed and what was there, with advice that
 * fits the step: a refused submit is fixed in the draft, a refused cancel by first undoing what
 * took the goods it brought in.
 */
import { Trans } from '@lingui/react/macro';
import { formatQuantity } from '@/i18n/format.ts';
import { type RefusalProps, type SyncProblem, useReferenceMaps } from '@/moduleKit.ts';
import { StockBalance } from '../../entities/stock.ts';

interface Shortfall {
  productId: string;
  warehouseId?: string;
  locationId: string | null;
  batch: string | null;
  needed: string;
  available: string;
}

function shortfallsOf(problem: SyncProblem): Shortfall[] {
  const detail = problem.detail as { shortfalls?: unknown } | undefined;
  return Array.isArray(detail?.shortfalls) ? (detail.shortfalls as Shortfall[]) : [];
}

export function Shortfalls({ problem, fallback }: RefusalProps) {
  const titles = useReferenceMaps(StockBalance.fields);
  const shortfalls = shortfallsOf(problem);
  if (!shortfalls.length) return fallback;
  return (
    <div className="my-2">
      <p className="font-medium">
        <Trans>Not enough stock:</Trans>
      </p>
      <ul className="ms-5 list-disc">
        {shortfalls.map((s) => {
          // Names keep their own direction inside the other language's sentence.
          const product = <bdi>{titles.get('productId')?.get(s.productId) ?? '…'}</bdi>;
          const warehouse = <bdi>{(s.warehouseId && titles.get('warehouseId')?.get(s.warehouseId)) || '…'}</bdi>;
          const code = s.locationId ? (titles.get('locationId')?.get(s.locationId) ?? '…') : null;
          // A bin's code and a batch are Latin ("A-01"): kept left to right inside the Persian sentence.
          const place = code && <bdi dir="ltr">{code}</bdi>;
          const batch = s.batch && <bdi dir="ltr">{s.batch}</bdi>;
          const needed = formatQuantity(s.needed);
          const available = formatQuantity(s.available);
          return (
            <li key={`${s.productId}/${s.warehouseId}/${s.locationId}/${s.batch}`}>
              {place ? (
                <Trans>
                  {product} in {warehouse}, location {place}: needed {needed}, available {available}
                </Trans>
              ) : (
                <Trans>
                  {product} in {warehouse}: needed {needed}, available {available}
                </Trans>
              )}
              {batch && (
                <>
                  {' '}
                  <Trans>(batch {batch})</Trans>
                </>
              )}
            </li>
          );
        })}
      </ul>
      <p className="text-xs">
        {problem.op === 'cancel' ? (
          <Trans>
            The goods this document brought in have gone out since. Cancel the goods-out documents that took them first, or keep this
            document as it is.
          </Trans>
        ) : (
          <Trans>Receive the goods first, take them from another location, or lower the quantities.</Trans>
        )}
      </p>
    </div>
  );
}
