/**
 * Moving a sale on the board, by pointer and by keyboard, with what a screen reader hears.
 * Pointer: a mouse drags the card itself, touch and pen its grip (so a finger on a card still
 * scrolls); the column under the pointer on release takes it; a press without movement opens it.
 * Keyboard: Space picks a card up, the arrow keys carry it across the stages (in reading order:
 * left goes forward in Persian, back in English), Space or Enter puts it down, Escape puts it back;
 * Enter on a card not picked up opens it.
 */
import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { LocalRow } from '@/moduleKit.ts';
import { stageOptions, type Stage } from '../entities/sale.ts';
import { movable, neighbourStage } from '../rules/board.ts';

export interface Picked {
  id: string;
  from: Stage;
  over: Stage;
}

export interface Dragging extends Picked {
  dx: number;
  dy: number;
}

const MOVE_THRESHOLD = 6;

/** The stage whose column is under the point, looking past the card being dragged (it is under the pointer too). */
function stageAt(x: number, y: number, dragged: Element): Stage | null {
  for (const element of document.elementsFromPoint(x, y)) {
    if (dragged.contains(element)) continue;
    const stage = (element as HTMLElement).closest?.('[data-stage]')?.getAttribute('data-stage');
    if (stage) return stage as Stage;
  }
  return null;
}

export function useBoardDrag(options: {
  canMove: boolean;
  customerOf: (sale: LocalRow) => string;
  move: (sale: LocalRow, to: Stage) => void;
  open: (sale: LocalRow) => void;
}) {
  const { t, i18n } = useLingui();
  const [picked, setPicked] = useState<Picked | null>(null);
  const [dragging, setDragging] = useState<Dragging | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const stageName = useCallback((stage: Stage) => i18n._(stageOptions.find((o) => o.value === stage)!.label), [i18n]);

  const onKeyDown = useCallback(
    (sale: LocalRow, event: KeyboardEvent<HTMLDivElement>) => {
      const { canMove, customerOf, move, open } = latest.current;
      const customer = customerOf(sale);
      const holding = picked?.id === sale.id ? picked : null;
      if (!holding) {
        if (event.key === 'Enter') {
          event.preventDefault();
          open(sale);
        } else if (event.key === ' ') {
          event.preventDefault();
          if (!canMove || !movable(sale)) return setAnnouncement(t`${customer} cannot be moved: only a draft sale moves.`);
          const from = sale.stage as Stage;
          setPicked({ id: sale.id, from, over: from });
          setAnnouncement(
            t`Picked up ${customer} in ${stageName(from)}. Use the arrow keys to move it, Space to drop it, Escape to cancel.`,
          );
        }
        return;
      }
      const rtl = i18n.locale === 'fa';
      if (event.key === 'ArrowLeft' || event.key === 'ArrowRight' || event.key === 'ArrowUp' || event.key === 'ArrowDown') {
        event.preventDefault();
        const forward = event.key === 'ArrowDown' || (event.key === 'ArrowLeft' ? rtl : event.key === 'ArrowRight' && !rtl);
        const next = neighbourStage(holding.over, forward ? 1 : -1);
        if (!next) return;
        setPicked({ ...holding, over: next });
        setAnnouncement(t`Over ${stageName(next)}.`);
      } else if (event.key === ' ' || event.key === 'Enter') {
        event.preventDefault();
        setPicked(null);
        if (holding.over === holding.from) return setAnnouncement(t`${customer} stays in ${stageName(holding.from)}.`);
        setAnnouncement(t`${customer} moved to ${stageName(holding.over)}.`);
        move(sale, holding.over);
      } else if (event.key === 'Escape') {
        event.preventDefault();
        setPicked(null);
        setAnnouncement(t`Cancelled. ${customer} stays in ${stageName(holding.from)}.`);
      }
    },
    [picked, i18n, t, stageName],
  );

  const onPointerDown = useCallback(
    (sale: LocalRow, event: PointerEvent<HTMLDivElement>) => {
      if (event.button !== 0) return;
      const onGrip = (event.target as HTMLElement).closest('[data-grip]');
      if (event.pointerType !== 'mouse' && !onGrip) return;
      const card = event.currentTarget;
      const start = { x: event.clientX, y: event.clientY };
      const from = sale.stage as Stage;
      const may = latest.current.canMove && movable(sale);
      let moved = false;
      card.setPointerCapture?.(event.pointerId);
      const onMove = (e: globalThis.PointerEvent) => {
        const dx = e.clientX - start.x;
        const dy = e.clientY - start.y;
        if (!moved && Math.hypot(dx, dy) < MOVE_THRESHOLD) return;
        moved = true;
        if (may) setDragging({ id: sale.id, from, over: stageAt(e.clientX, e.clientY, card) ?? from, dx, dy });
      };
      const onUp = (e: globalThis.PointerEvent) => {
        card.removeEventListener('pointermove', onMove);
        card.removeEventListener('pointerup', onUp);
        card.removeEventListener('pointercancel', onUp);
        setDragging(null);
        if (e.type === 'pointercancel') return;
        if (!moved) return latest.current.open(sale);
        const to = stageAt(e.clientX, e.clientY, card);
        if (may && to && to !== from) {
          setAnnouncement(t`${latest.current.customerOf(sale)} moved to ${stageName(to)}.`);
          latest.current.move(sale, to);
        }
      };
      card.addEventListener('pointermove', onMove);
      card.addEventListener('pointerup', onUp);
      card.addEventListener('pointercancel', onUp);
    },
    [t, stageName],
  );

  return { picked, dragging, announcement, onKeyDown, onPointerDown };
}
