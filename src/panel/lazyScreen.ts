import { createElement, lazy, useState, type ComponentType } from 'react';
import { recoverFromChunkFailure } from '../pwa/chunkReload.ts';

export type Screen<P extends object = object> = ComponentType<P> & {
  /** Starts loading the chunk now (at boot, for the route being opened); React uses the same load. */
  preload(): Promise<void>;
};

/**
 * A lazily loaded screen from a module that exports it by name (every screen is its own chunk).
 * When the chunk will not load, the page reloads once (a deploy replaced it); a second failure
 * reaches the error boundary as a ChunkLoadError (src/pwa/chunkReload.ts).
 *
 * A screen whose chunk has already arrived (preloaded at boot, or seen before) renders at once:
 * going through React.lazy would suspend it for a moment, and React holds a revealed Suspense
 * boundary back for ~300 ms — the largest single cost of a repeat start (bench/startup).
 */
export function lazyScreen<K extends string, P extends object = object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): Screen<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const loadOnce = () =>
    (loading ??= (async () => {
      let module: Record<K, ComponentType<P>>;
      try {
        module = await load();
      } catch (error) {
        return recoverFromChunkFailure(error);
      }
      loaded = module[name];
      return { default: loaded };
    })());
  const Lazy = lazy(loadOnce);

  function LazyScreen(props: P) {
    // Chosen once per mounted screen, so its element type never changes under it (no remount).
    const [ready] = useState(() => loaded);
    return createElement((ready ?? Lazy) as ComponentType<P>, props);
  }
  return Object.assign(LazyScreen, {
    preload: () =>
      loadOnce().then(
        () => undefined,
        () => undefined,
      ),
  });
}
