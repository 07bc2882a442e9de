/**
 * SaleStatus: the sales board, a column per stage with its count and value, each sale a card moved
 * by drag or by keyboard (useBoardDrag); on a phone the stages stand one under another, with a
 * chip per stage to jump to it, so the page never pans sideways. Moving to lost asks for the reason; moving to won makes
 * the customer's subscriptions on the server. A column draws its newest cards and more on request.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { permission } from '@/contract/entity.ts';
import { formatNumber } from '@/i18n/format.ts';
import { Button, Loading, type LocalRow, ScreenFrame, useCanAccess, useReferenceTitles, useStageMove } from '@/moduleKit.ts';
import { lostAsks, Sale, stageOptions, type Stage } from '../../entities/sale.ts';
import { boardColumns, CARDS_AT_ONCE, movable } from '../../rules/board.ts';
import { Amount } from '../parts/Amount.tsx';
import { SaleCard } from '../parts/SaleCard.tsx';
import { StageJumps } from '../parts/StageJumps.tsx';
import { nm, withQuery } from '../paths.ts';
import { useBoardDrag } from '../useBoardDrag.ts';
import { useRows } from '../useRows.ts';

export function SaleStatus() {
  const { t } = useLingui();
  return (
    <ScreenFrame
      title={t`Sales board`}
      description={<Trans>Each sale in its stage. Drag a card to another stage, or use the keyboard.</Trans>}
      needs={permission(Sale, 'read')}
    >
      <Board />
    </ScreenFrame>
  );
}

function Board() {
  const { t, i18n } = useLingui();
  const can = useCanAccess();
  const [, navigate] = useLocation();
  const rows = useRows([Sale]);
  const customers = useReferenceTitles('NagemManagement/Customer');
  const members = useReferenceTitles('PanelManagement/Member');
  const [shown, setShown] = useState<Partial<Record<Stage, number>>>({});
  const refocus = useRef<string | null>(null);
  const columns = useMemo(() => (rows ? boardColumns(rows[0]!) : null), [rows]);
  const customerOf = useCallback((sale: LocalRow) => customers?.get(String(sale.customerId)) ?? t`A customer`, [customers, t]);

  const stageMove = useStageMove(Sale, { field: 'stage', asks: lostAsks, onMoved: (sale) => (refocus.current = sale.id) });
  const move = stageMove.move;
  const open = useCallback((sale: LocalRow) => navigate(withQuery(nm.sales, { id: sale.id })), [navigate]);
  const { picked, dragging, announcement, onKeyDown, onPointerDown } = useBoardDrag({
    canMove: can(permission(Sale, 'update')),
    customerOf,
    move,
    open,
  });

  // The moved card is drawn anew in its new column: the keyboard's focus follows it there.
  useEffect(() => {
    if (!refocus.current) return;
    document.querySelector<HTMLElement>(`[data-sale-card="${refocus.current}"]`)?.focus();
    refocus.current = null;
  }, [columns]);

  if (!columns) return <Loading />;
  const target = picked?.over ?? dragging?.over ?? null;
  return (
    <>
      <p id="sale-board-help" className="mb-3 text-sm text-slate-600">
        <Trans>
          Keyboard: Space picks a sale up, the arrow keys move it between stages, Space drops it, Escape cancels; Enter opens it.
        </Trans>
      </p>
      <p role="status" aria-live="assertive" className="sr-only">
        {announcement}
      </p>
      <StageJumps columns={columns} />
      <div className="flex flex-col gap-3 pb-4 lg:grid lg:grid-cols-5">
        {columns.map((column) => {
          const limit = shown[column.stage] ?? CARDS_AT_ONCE;
          const name = i18n._(stageOptions.find((o) => o.value === column.stage)!.label);
          const count = formatNumber(column.count);
          const more = formatNumber(Math.min(CARDS_AT_ONCE, column.count - limit));
          return (
            <section
              key={column.stage}
              data-stage={column.stage}
              aria-labelledby={`stage-${column.stage}`}
              className={`flex scroll-mt-20 flex-col gap-2 rounded-2xl p-2 ${target === column.stage ? 'bg-brand-50 ring-2 ring-brand-600' : 'bg-slate-100'}`}
            >
              <header className="px-1">
                <h2 id={`stage-${column.stage}`} className="font-bold text-slate-900">
                  {name} <span className="text-sm font-normal text-slate-600">({count})</span>
                </h2>
                <p className="text-xs text-slate-600">
                  <Amount value={column.value} />
                </p>
              </header>
              <ol className="flex flex-col gap-2">
                {column.cards.slice(0, limit).map((sale) => (
                  <li key={sale.id}>
                    <SaleCard
                      sale={sale}
                      customer={customerOf(sale)}
                      seller={members?.get(String(sale.agentMemberId))}
                      picked={picked?.id === sale.id}
                      dragging={dragging?.id === sale.id ? dragging : null}
                      movable={movable(sale)}
                      onKeyDown={onKeyDown}
                      onPointerDown={onPointerDown}
                    />
                  </li>
                ))}
              </ol>
              {column.count > limit && (
                <Button variant="ghost" size="sm" onClick={() => setShown({ ...shown, [column.stage]: limit + CARDS_AT_ONCE })}>
                  <Trans>Show {more} more</Trans>
                </Button>
              )}
            </section>
          );
        })}
      </div>
      {stageMove.dialog}
    </>
  );
}
