/**
 * The counter sale's 80 mm receipt (decision 043): the shop's name (accounting's seller name, else
 * the panel's), the date, each line with its amount, the total and how it was paid; shown under
 * the sale on screen, and printed
 * alone on the platform's named page for a receipt roll (`@page roll-80mm`, 80 × 200 mm, in
 * src/index.css), which wins over its A4 because the page's only printed element names it.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { createPortal } from 'react-dom';
import { formatDate, formatNumber } from '@/i18n/format.ts';
import { Button, Ltr, type LocalRow, useCurrentPanel, useMoney, useOne } from '@/moduleKit.ts';
import { Settings, SETTINGS_ID } from '../../entities/books.ts';

export interface Sold {
  number: string | null;
  /** The invoice's date (YYYY-MM-DD). */
  date: string;
  lines: { id: string; product: LocalRow; quantity: number; total: bigint }[];
  total: bigint;
  by: 'cash' | 'card';
}

const named = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

/** The name a customer knows the shop by: the seller's name on accounting's settings, else the panel's. */
function useShopName(): string {
  const settings = useOne(Settings, SETTINGS_ID);
  const current = useCurrentPanel();
  const panel = current.status === 'ready' ? current.panel : null;
  return named(settings.data?.sellerName) ?? named(panel?.companyName) ?? named(panel?.name) ?? '';
}

function ReceiptBody({ sold }: { sold: Sold }) {
  const { t } = useLingui();
  const money = useMoney();
  const shop = useShopName();
  return (
    <>
      {shop && <p className="text-center font-semibold">{shop}</p>}
      <h2 className="font-semibold">
        <Trans>Sales receipt</Trans>
      </h2>
      <p className="flex justify-between gap-2">
        <Ltr>{sold.number ?? t`number pending`}</Ltr>
        <span>{formatDate(sold.date)}</span>
      </p>
      <ul>
        {sold.lines.map((c) => (
          <li key={c.id} className="flex justify-between gap-2">
            <span>
              {String(c.product.name)} × {formatNumber(c.quantity)}
            </span>
            <span className="tabular-nums">{money.text(c.total)}</span>
          </li>
        ))}
      </ul>
      <p className="font-semibold">
        <Trans>Total: {money.text(sold.total)}</Trans>
      </p>
      <p>{sold.by === 'cash' ? <Trans>Paid in cash</Trans> : <Trans>Paid by card</Trans>}</p>
    </>
  );
}

export function CounterReceipt({ sold }: { sold: Sold }) {
  return (
    <section id="counter-receipt" className="rounded-xl p-3 ring-1 ring-slate-200">
      <ReceiptBody sold={sold} />
      <Button variant="secondary" className="print:hidden" onClick={() => window.print()}>
        <Trans>Print the receipt</Trans>
      </Button>
      {createPortal(
        <div data-print-document className="hidden w-[74mm] text-[11px] print:block" style={{ page: 'roll-80mm' }}>
          <ReceiptBody sold={sold} />
        </div>,
        document.body,
      )}
    </section>
  );
}
