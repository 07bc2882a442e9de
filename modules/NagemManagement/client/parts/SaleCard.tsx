/**
 * One sale on the board: its customer, net amount, date and seller; a grip to drag it by touch.
 * Its accessible name is what it shows (customer, amount, date, seller), so a screen reader and a
 * voice command name it as a sighted person reads it.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { memo, type KeyboardEvent, type PointerEvent } from 'react';
import { toRials } from '@/contract/money.ts';
import { formatDate } from '@/i18n/format.ts';
import type { LocalRow } from '@/moduleKit.ts';
import { Amount } from './Amount.tsx';

export interface SaleCardProps {
  sale: LocalRow;
  customer: string;
  seller: string | undefined;
  picked: boolean;
  dragging: { dx: number; dy: number } | null;
  movable: boolean;
  onKeyDown: (sale: LocalRow, event: KeyboardEvent<HTMLDivElement>) => void;
  onPointerDown: (sale: LocalRow, event: PointerEvent<HTMLDivElement>) => void;
}

export const SaleCard = memo(function SaleCard({
  sale,
  customer,
  seller,
  picked,
  dragging,
  movable,
  onKeyDown,
  onPointerDown,
}: SaleCardProps) {
  const { t } = useLingui();
  const date = typeof sale.date === 'string' ? formatDate(sale.date) : '';
  return (
    <div
      data-sale-card={sale.id}
      tabIndex={0}
      role="button"
      aria-roledescription={t`movable sale`}
      aria-describedby="sale-board-help"
      aria-pressed={picked}
      onKeyDown={(e) => onKeyDown(sale, e)}
      onPointerDown={(e) => onPointerDown(sale, e)}
      style={dragging ? { transform: `translate(${dragging.dx}px, ${dragging.dy}px)` } : undefined}
      className={`relative flex cursor-grab select-none gap-2 rounded-xl bg-white p-3 text-sm shadow-sm ring-1 outline-none focus-visible:ring-2 focus-visible:ring-brand-600 ${
        picked || dragging ? 'z-10 shadow-lg ring-2 ring-brand-600' : 'ring-slate-200'
      } ${dragging ? 'opacity-90' : ''}`}
    >
      {movable && (
        <span
          data-grip
          aria-hidden="true"
          className="-my-1 -ms-1 flex w-5 shrink-0 touch-none items-center justify-center rounded text-slate-400"
        >
          ⋮⋮
        </span>
      )}
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold text-slate-900">{customer}</p>
        <p className="text-slate-700">
          <Amount value={toRials(sale.net) === null ? 0 : (sale.net as number | string)} />
        </p>
        <p className="flex flex-wrap justify-between gap-x-2 text-xs text-slate-500">
          <span>{date}</span>
          {seller && <span className="truncate">{seller}</span>}
        </p>
        {sale.status === 'submitted' && (
          <p className="mt-1 inline-block rounded bg-emerald-50 px-1.5 text-xs text-emerald-800">
            <Trans>Invoiced</Trans>
          </p>
        )}
      </div>
    </div>
  );
});
