/**
 * Virtual scrolling for long lists: only the rows in view (and a few around them) are in the DOM,
 * inside a scrolling box; spacers above and below keep the scrollbar honest. Short lists render
 * every row in the page's flow. Every row is `rowHeight` tall, except that an opened row may carry
 * extra height under it (its breakdown), given per row index.
 */
import { useEffect, useState, type RefObject } from 'react';

/** Lists longer than this scroll inside their own box, drawing only what is in view. */
export const VIRTUAL_FROM = 200;
const OVERSCAN = 8;

export interface VirtualWindow {
  virtual: boolean;
  start: number;
  end: number;
  before: number;
  after: number;
}

/** Extra heights by row index, in index order. */
export type ExtraHeights = ReadonlyArray<readonly [index: number, height: number]>;

/** The row at a distance from the top, with the extra heights of opened rows above it. */
function rowAt(y: number, rowHeight: number, extras: ExtraHeights): number {
  let shift = 0;
  for (const [index, height] of extras) {
    const extraTop = (index + 1) * rowHeight + shift;
    if (y < extraTop) break;
    if (y < extraTop + height) return index;
    shift += height;
  }
  return Math.floor((y - shift) / rowHeight);
}

function offsetOf(index: number, rowHeight: number, extras: ExtraHeights): number {
  let offset = index * rowHeight;
  for (const [i, height] of extras) if (i < index) offset += height;
  return offset;
}

export function useVirtualRows(
  count: number,
  rowHeight: number,
  box: RefObject<HTMLElement | null>,
  extras: ExtraHeights = [],
): VirtualWindow {
  const virtual = count > VIRTUAL_FROM;
  const [view, setView] = useState({ top: 0, height: 800 });
  useEffect(() => {
    const element = box.current;
    if (!virtual || !element) return;
    const measure = () => setView({ top: element.scrollTop, height: element.clientHeight || 800 });
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    resize?.observe(element);
    return () => {
      element.removeEventListener('scroll', measure);
      resize?.disconnect();
    };
  }, [virtual, box]);
  if (!virtual) return { virtual, start: 0, end: count, before: 0, after: 0 };
  const start = Math.max(0, rowAt(view.top, rowHeight, extras) - OVERSCAN);
  const end = Math.min(count, rowAt(view.top + view.height, rowHeight, extras) + 1 + OVERSCAN);
  return {
    virtual,
    start,
    end,
    before: offsetOf(start, rowHeight, extras),
    after: offsetOf(count, rowHeight, extras) - offsetOf(end, rowHeight, extras),
  };
}
