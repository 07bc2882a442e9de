import { useSyncExternalStore } from 'react';

/** The theme's breakpoints (src/index.css) a layout switches at. */
const queries = { sm: '(min-width: 600px)', md: '(min-width: 960px)' } as const;

export type Breakpoint = keyof typeof queries;

function matches(query: string): boolean {
  return typeof matchMedia === 'function' ? matchMedia(query).matches : true;
}

/** True from the breakpoint up (tables); below it lists and line tables are cards. */
export function useWideScreen(from: Breakpoint = 'md'): boolean {
  const query = queries[from];
  return useSyncExternalStore(
    (listener) => {
      if (typeof matchMedia !== 'function') return () => {};
      const list = matchMedia(query);
      list.addEventListener('change', listener);
      return () => list.removeEventListener('change', listener);
    },
    () => matches(query),
    () => true,
  );
}
