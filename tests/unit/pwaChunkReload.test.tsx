import { screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '../../src/app/errors/ErrorBoundary.tsx';
import { lazyScreen } from '../../src/panel/lazyScreen.ts';
import { CHUNK_RELOAD_WINDOW_MS, ChunkLoadError, claimChunkReload, recoverFromChunkFailure } from '../../src/pwa/chunkReload.ts';
import { reloadPage } from '../../src/pwa/reloadPage.ts';
import { renderApp } from './renderApp.tsx';
import { expectConsole } from './setup.ts';

vi.mock('../../src/pwa/reloadPage.ts', () => ({ reloadPage: vi.fn() }));

function memoryStore(): Pick<Storage, 'getItem' | 'setItem'> {
  const values = new Map<string, string>();
  return { getItem: (key) => values.get(key) ?? null, setItem: (key, value) => void values.set(key, value) };
}

const importFailed = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: http://x/assets/Screen-abc.js'));

beforeEach(() => {
  sessionStorage.clear();
  vi.mocked(reloadPage).mockClear();
});

afterEach(() => sessionStorage.clear());

describe('the chunk reload guard', () => {
  it('lets a path reload once, then refuses until 10 s have passed', () => {
    const store = memoryStore();
    const t0 = 1_000_000;
    expect(claimChunkReload('/User/Dashboard', t0, store)).toBe(true);
    expect(claimChunkReload('/User/Dashboard', t0 + 1, store)).toBe(false);
    expect(claimChunkReload('/User/Dashboard', t0 + CHUNK_RELOAD_WINDOW_MS - 1, store)).toBe(false);
    expect(claimChunkReload('/User/Dashboard', t0 + CHUNK_RELOAD_WINDOW_MS, store)).toBe(true);
  });

  it('keeps a separate window for each path, whatever its case or trailing slash', () => {
    const store = memoryStore();
    expect(claimChunkReload('/User/Dashboard', 5, store)).toBe(true);
    expect(claimChunkReload('/user/dashboard/', 6, store)).toBe(false);
    expect(claimChunkReload('/User/Profile', 7, store)).toBe(true);
  });

  it('keeps its record in sessionStorage, so the window survives the reload', () => {
    expect(claimChunkReload('/auth/Login', 100)).toBe(true);
    expect(JSON.parse(sessionStorage.getItem('pishkhan.chunkReloads') ?? '{}')).toEqual({ '/auth/login': 100 });
    expect(claimChunkReload('/auth/Login', 200)).toBe(false);
  });

  it('never reloads when there is no storage to remember it in', () => {
    expect(claimChunkReload('/auth/Login', 100, null)).toBe(false);
  });

  it('reads a damaged record as empty instead of failing', () => {
    sessionStorage.setItem('pishkhan.chunkReloads', '{not json');
    expect(claimChunkReload('/auth/Login', 100)).toBe(true);
  });
});

describe('recovering from a failed lazy import', () => {
  it('reloads and stays pending the first time, and rejects with ChunkLoadError the second', async () => {
    const store = memoryStore();
    const reload = vi.fn();
    const recovery = { path: '/User/Panel', reload, claim: (path: string) => claimChunkReload(path, 1000, store) };
    const first = recoverFromChunkFailure(new TypeError('x'), recovery);
    const settled = vi.fn();
    first.then(settled, settled);
    await Promise.resolve();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(settled).not.toHaveBeenCalled();
    await expect(recoverFromChunkFailure(new TypeError('x'), recovery)).rejects.toBeInstanceOf(ChunkLoadError);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads the page once when a screen’s chunk fails, and shows the error page with a reload button when it fails again', async () => {
    const First = lazyScreen<'Screen'>(importFailed, 'Screen');
    const view = await renderApp(
      <ErrorBoundary>
        <Suspense fallback={<p>loading</p>}>
          <First />
        </Suspense>
      </ErrorBoundary>,
      { locale: 'en', url: '/User/Dashboard' },
    );
    await vi.waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(screen.getByText('loading')).toBeTruthy();
    view.unmount();

    // The page after the reload: the same chunk fails again inside the window.
    expectConsole('error');
    const Again = lazyScreen<'Screen'>(importFailed, 'Screen');
    await renderApp(
      <ErrorBoundary>
        <Suspense fallback={<p>loading</p>}>
          <Again />
        </Suspense>
      </ErrorBoundary>,
      { locale: 'en', url: '/User/Dashboard' },
    );
    expect(await screen.findByText('This part of Pishkhan could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeTruthy();
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('gives a lazy import made without lazyScreen the same one reload, then the error page', async () => {
    expectConsole('error');
    const Broken = () => {
      throw new TypeError('Failed to fetch dynamically imported module: http://x/assets/Other-1.js');
    };
    const first = await renderApp(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
      { locale: 'en', url: '/User/Panel' },
    );
    await vi.waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('This part of Pishkhan could not be loaded.')).toBeNull();
    first.unmount();

    await renderApp(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
      { locale: 'en', url: '/User/Panel' },
    );
    expect(await screen.findByText('This part of Pishkhan could not be loaded.')).toBeTruthy();
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });
});
