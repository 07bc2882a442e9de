/**
 * SaleStatus: the sales board, a column per stage with its count and value, each sale a card moved
 * by drag or by keyboard (useBoardDrag). Moving to lost asks for the reason; moving to won makes
 * the customer's subscriptions on the server. A column draws its newest cards and more on request.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { permission } from '../../../../src/contract/entity.ts';
import { describeError } from '../../../../src/i18n/describeError.ts';
import { formatNumber } from '../../../../src/i18n/format.ts';
import { useReferenceTitles } from '../../../../src/panel/entity/referenceTitles.ts';
import { NoAccess } from '../../../../src/panel/WithPanel.tsx';
import { useCanAccess } from '../../../../src/storage/access.ts';
import type { LocalRow } from '../../../../src/storage/localRecords.ts';
import { usePanelData } from '../../../../src/storage/panelData.ts';
import { Button } from '../../../../src/ui/Button.tsx';
import { PageHeader } from '../../../../src/ui/Card.tsx';
import { ConfirmDialog } from '../../../../src/ui/ConfirmDialog.tsx';
import { Loading } from '../../../../src/ui/Loading.tsx';
import { TextField } from '../../../../src/ui/TextField.tsx';
import { showToast } from '../../../../src/ui/toast.ts';
import { useDocumentTitle } from '../../../../src/ui/useDocumentTitle.ts';
import { Sale, stageOptions, type Stage } from '../../entities/sale.ts';
import { boardColumns, CARDS_AT_ONCE, movable } from '../../rules/board.ts';
import { Amount } from '../parts/Amount.tsx';
import { SaleCard } from '../parts/SaleCard.tsx';
import { nm, withQuery } from '../paths.ts';
import { useBoardDrag } from '../useBoardDrag.ts';
import { useRows } from '../useRows.ts';

export function SaleStatus() {
  const { t } = useLingui();
  const can = useCanAccess();
  useDocumentTitle(t`Sales board`);
  return (
    <>
      <PageHeader title={<Trans>Sales board</Trans>} description={<Trans>Each sale in its stage. Drag a card to another stage, or use the keyboard.</Trans>} />
      {can(permission(Sale, 'read')) ? <Board /> : <NoAccess />}
    </>
  );
}

function Board() {
  const { t, i18n } = useLingui();
  const can = useCanAccess();
  const panel = usePanelData();
  const [, navigate] = useLocation();
  const rows = useRows([Sale]);
  const customers = useReferenceTitles('NagemManagement/Customer');
  const members = useReferenceTitles('PanelManagement/Member');
  const [shown, setShown] = useState<Partial<Record<Stage, number>>>({});
  const [losing, setLosing] = useState<{ sale: LocalRow; reason: string } | null>(null);
  const refocus = useRef<string | null>(null);
  const columns = useMemo(() => (rows ? boardColumns(rows[0]!) : null), [rows]);
  const customerOf = useCallback((sale: LocalRow) => customers?.get(String(sale.customerId)) ?? t`A customer`, [customers, t]);

  const save = useCallback(
    async (sale: LocalRow, stage: Stage, lostReason?: string) => {
      if (!panel) return;
      try {
        await panel.data.update(Sale, sale.id, { stage, ...(stage === 'lost' ? { lostReason } : {}) });
        refocus.current = sale.id;
      } catch (error) {
        showToast(describeError(i18n, error), { type: 'error' });
      }
    },
    [panel, i18n],
  );
  const move = useCallback((sale: LocalRow, stage: Stage) => (stage === 'lost' ? setLosing({ sale, reason: '' }) : void save(sale, stage)), [save]);
  const open = useCallback((sale: LocalRow) => navigate(withQuery(nm.sales, { id: sale.id })), [navigate]);
  const { picked, dragging, announcement, onKeyDown, onPointerDown } = useBoardDrag({ canMove: can(permission(Sale, 'update')), customerOf, move, open });

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
        <Trans>Keyboard: Space picks a sale up, the arrow keys move it between stages, Space drops it, Escape cancels; Enter opens it.</Trans>
      </p>
      <p role="status" aria-live="assertive" className="sr-only">
        {announcement}
      </p>
      <div className="flex snap-x gap-3 overflow-x-auto pb-4 lg:grid lg:grid-cols-5 lg:overflow-visible">
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
              className={`flex w-72 shrink-0 snap-start flex-col gap-2 rounded-2xl p-2 lg:w-auto ${target === column.stage ? 'bg-brand-50 ring-2 ring-brand-600' : 'bg-slate-100'}`}
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
      <ConfirmDialog
        open={losing !== null}
        title={t`Why was it lost?`}
        confirmLabel={t`Mark as lost`}
        cancelLabel={t`Keep it where it was`}
        onCancel={() => setLosing(null)}
        onConfirm={() => {
          if (!losing || !losing.reason.trim()) return;
          void save(losing.sale, 'lost', losing.reason.trim());
          setLosing(null);
        }}
      >
        <TextField label={t`Reason`} value={losing?.reason ?? ''} onChange={(e) => losing && setLosing({ ...losing, reason: e.target.value })} required autoFocus />
      </ConfirmDialog>
    </>
  );
}
