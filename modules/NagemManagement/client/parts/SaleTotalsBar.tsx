/**
 * A sale's net, VAT and total, live while its lines are typed (digits in either set, with or
 * without separators), worked out by the same rule the server stores them with.
 */
import { Trans } from '@lingui/react/macro';
import { toAsciiDigits } from '@/contract/normalize.ts';
import { formatNumber } from '@/i18n/format.ts';
import { overDiscounted, saleTotals, type SaleLineValues } from '../../rules/saleTotals.ts';
import { Amount } from './Amount.tsx';

const clean = (v: unknown) => (typeof v === 'string' ? toAsciiDigits(v).replace(/[,٬\s]/g, '') : v);

export function typedLines(lines: readonly SaleLineValues[]): SaleLineValues[] {
  return lines.map((l) => ({ quantity: clean(l.quantity), unitPrice: clean(l.unitPrice), discount: clean(l.discount) }));
}

export function SaleTotalsBar({ lines, vatPercent }: { lines: readonly SaleLineValues[]; vatPercent: number }) {
  const typed = typedLines(lines);
  const totals = saleTotals(typed, vatPercent);
  const over = overDiscounted(typed).length > 0;
  const percent = formatNumber(vatPercent);
  return (
    <div>
      {/* The figures flow, each whole: three abreast where they fit, the total under the rest on a phone. */}
      <dl
        className="flex flex-wrap gap-x-8 gap-y-3 rounded-xl bg-slate-50 p-4 text-sm ring-1 ring-slate-200 [&_dd]:whitespace-nowrap"
        aria-live="polite"
      >
        <div>
          <dt className="text-xs text-slate-600">
            <Trans>Net</Trans>
          </dt>
          <dd className="font-semibold text-slate-900">
            <Amount value={totals.net} />
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">
            <Trans>VAT ({percent}%)</Trans>
          </dt>
          <dd className="font-semibold text-slate-900">
            <Amount value={totals.vat} />
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">
            <Trans>Total</Trans>
          </dt>
          <dd className="font-bold text-slate-900">
            <Amount value={totals.total} />
          </dd>
        </div>
      </dl>
      {over && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          <Trans>A line’s discount is larger than its amount.</Trans>
        </p>
      )}
    </div>
  );
}
