/**
 * Unit tests run on jsdom with IndexedDB from fake-indexeddb. console.error and console.warn fail
 * the test unless it says it expects them (`expectConsole('error')`), as the Epic Stack does: they
 * catch act() warnings and missing messages.
 */
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { syncSessionFromCookies } from '../../src/session/session.ts';

// findBy… and waitFor wait up to 5 s, not 1 s: on a loaded two-core machine (CI, or the unit tests
// beside the e2e) a live query's answer can take over a second; a passing test waits no longer.
configure({ asyncUtilTimeout: 5_000 });

const expected = new Set<'error' | 'warn'>();

export function expectConsole(kind: 'error' | 'warn'): void {
  expected.add(kind);
}

beforeEach(() => {
  expected.clear();
  for (const kind of ['error', 'warn'] as const) {
    vi.spyOn(console, kind).mockImplementation((...args: unknown[]) => {
      if (!expected.has(kind)) throw new Error(`console.${kind} called: ${args.map(String).join(' ')}`);
    });
  }
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  // A test file of build code runs on Node (`@vitest-environment node`), with no document.
  if (typeof document === 'undefined') return;
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
  });
  // Renders read the session as last read (currentSession): the next test starts signed out.
  syncSessionFromCookies();
});
