/**
 * Virtual scrolling for long lists: only the rows in view (and a few around them) are in the DOM,
 * inside a scrolling box; spacers above and below keep the scrollbar honest. Short lists render
 * every row in the page's flow.
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

export function useVirtualRows(count: number, rowHeight: number, box: RefObject<HTMLElement | null>): VirtualWindow {
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
  const start = Math.max(0, Math.floor(view.top / rowHeight) - OVERSCAN);
  const end = Math.min(count, Math.ceil((view.top + view.height) / rowHeight) + OVERSCAN);
  return { virtual, start, end, before: start * rowHeight, after: (count - end) * rowHeight };
}
