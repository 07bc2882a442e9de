/**
 * Playwright's `networkidle` (no request for 500 ms) never comes in a panel any more: the live
 * stream (`GET /api/Sync/Live`, decision 039) is a request that stays open as long as the page.
 * This waits for the same quiet with that stream left out. Requests already running when it is
 * called are not seen, so it first waits for the page's `load`.
 */
import type { Page, Request } from 'playwright-core';
import { syncEndpoints } from '../../src/contract/sync.ts';

export async function networkQuiet(page: Page, { quietMs = 500, timeout = 30_000 } = {}): Promise<void> {
  await page.waitForLoadState('load', { timeout });
  const open = new Set<Request>();
  let last = Date.now();
  const counts = (request: Request) => !new URL(request.url()).pathname.endsWith(syncEndpoints.live.path);
  const started = (request: Request) => {
    if (!counts(request)) return;
    open.add(request);
    last = Date.now();
  };
  const ended = (request: Request) => {
    if (open.delete(request)) last = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    const deadline = Date.now() + timeout;
    while (open.size || Date.now() - last < quietMs) {
      if (Date.now() > deadline) throw new Error(`the network did not go quiet within ${timeout} ms (${open.size} request(s) open)`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}
