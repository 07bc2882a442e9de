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

/** A list's box before it is measured: its CSS says 70dvh (`max-h-[70dvh]` in the table and the cards). */
function expectedHeight(): number {
  return typeof window !== 'undefined' && window.innerHeight > 0 ? Math.round(window.innerHeight * 0.7) : 800;
}

export function useVirtualRows(
  count: number,
  rowHeight: number,
  box: RefObject<HTMLElement | null>,
  extras: ExtraHeights = [],
): VirtualWindow {
  const virtual = count > VIRTUAL_FROM;
  const [view, setView] = useState(() => ({ top: 0, height: expectedHeight() }));
  useEffect(() => {
    const element = box.current;
    if (!virtual || !element) return;
    // The same view when nothing moved: no render for nothing.
    const measure = () => {
      const top = element.scrollTop;
      const measured = element.clientHeight;
      setView((now) => {
        const height = measured || now.height;
        return top === now.top && height === now.height ? now : { top, height };
      });
    };
    element.addEventListener('scroll', measure, { passive: true });
    // Measured first by the observer, once the page has laid itself out: measured at once, inside
    // the click that opened the list, it forced a layout of the new screen and drew its rows again.
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    if (resize) resize.observe(element);
    else measure();
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
