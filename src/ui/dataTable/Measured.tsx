import { useLayoutEffect, useRef, type ReactNode } from 'react';

/** Reports its height, and again whenever it changes (an opened row's breakdown, for the virtual window). */
export function useMeasured<E extends HTMLElement>(onMeasure: (height: number) => void) {
  const ref = useRef<E>(null);
  const report = useRef(onMeasure);
  useLayoutEffect(() => {
    report.current = onMeasure;
  });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    report.current(element.offsetHeight);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => report.current(element.offsetHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return ref;
}

export function MeasuredBlock({
  onMeasure,
  className,
  id,
  children,
}: {
  onMeasure: (height: number) => void;
  className?: string;
  id?: string;
  children: ReactNode;
}) {
  const ref = useMeasured<HTMLDivElement>(onMeasure);
  return (
    <div ref={ref} id={id} className={className}>
      {children}
    </div>
  );
}
