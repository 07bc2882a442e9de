import { useSyncExternalStore } from 'react';

const query = '(min-width: 960px)';

function subscribe(listener: () => void): () => void {
  if (typeof matchMedia !== 'function') return () => {};
  const list = matchMedia(query);
  list.addEventListener('change', listener);
  return () => list.removeEventListener('change', listener);
}

/** True from the `md` breakpoint up (tables); below it lists are cards. */
export function useWideScreen(): boolean {
  return useSyncExternalStore(subscribe, () => (typeof matchMedia === 'function' ? matchMedia(query).matches : true), () => true);
}
