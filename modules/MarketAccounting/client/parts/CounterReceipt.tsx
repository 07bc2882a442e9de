/**
 * The counter sale's 80 mm receipt (decision 043): shown under the sale on screen, and printed
 * alone on the platform's named page for a receipt roll (`@page roll-80mm`, 80 × 200 mm, in
 * src/index.css), which wins over its A4 because the page's only printed element names it.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { createPortal } from 'react-dom';
import { formatNumber } from '@/i18n/format.ts';
import { Button, Ltr, type LocalRow, useMoney } from '@/moduleKit.ts';

export interface Sold {
  number: string | null;
  lines: { id: string; product: LocalRow; quantity: number }[];
  total: bigint;
  by: 'cash' | 'card';
}

function ReceiptBody({ sold }: { sold: Sold }) {
  const { t } = useLingui();
  const money = useMoney();
  return (
    <>
      <h2 className="font-semibold">
        <Trans>Sales receipt</Trans>
      </h2>
      <p>
        <Ltr>{sold.number ?? t`number pending`}</Ltr>
      </p>
      <ul>
        {sold.lines.map((c) => (
          <li key={c.id} className="flex justify-between">
            <span>
              {String(c.product.name)} × {formatNumber(c.quantity)}
            </span>
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
