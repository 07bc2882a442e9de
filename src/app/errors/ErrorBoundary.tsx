import { Component, type ErrorInfo, type ReactNode } from 'react';
import { claimChunkReload, isChunkFailure, isChunkLoadError } from '../../pwa/chunkReload.ts';
import { reloadPage } from '../../pwa/reloadPage.ts';
import { PageSpinner } from '../PageSpinner.tsx';
import { ChunkErrorPage } from './ChunkErrorPage.tsx';
import { ServerErrorPage } from './ServerErrorPage.tsx';

interface Props {
  children: ReactNode;
  /** Decides what to show for an error; the default page when it answers nothing. */
  fallback?: (error: unknown) => ReactNode | null;
}

interface State {
  error: unknown;
  /** A failed chunk that may not reload again yet (see src/pwa/chunkReload.ts). */
  chunkGaveUp: boolean;
}

/**
 * Catches what a screen throws while rendering and shows the error page instead of a blank app.
 * A chunk that would not load gets the chunk-load recovery: lazyScreen has already reloaded once
 * and sends ChunkLoadError only when that did not help; a lazy import made some other way is
 * recovered here the same way (one reload per path per 10 s, then the chunk error page).
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, chunkGaveUp: false };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (isChunkFailure(error) && !isChunkLoadError(error)) {
      if (claimChunkReload(location.pathname)) reloadPage();
      else this.setState({ chunkGaveUp: true });
      return;
    }
    console.error(error, info.componentStack);
  }

  override render() {
    const { error, chunkGaveUp } = this.state;
    if (error === null) return this.props.children;
    if (isChunkLoadError(error) || (isChunkFailure(error) && chunkGaveUp)) return <ChunkErrorPage />;
    if (isChunkFailure(error)) return <PageSpinner />;
    return this.props.fallback?.(error) ?? <ServerErrorPage />;
  }
}
