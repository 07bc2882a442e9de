/**
 * What every table screen must hold on a phone (decision 026): the page no wider than the phone,
 * and every key figure on screen (`[data-key-figure]`) inside it — the phone sweep's own checks
 * (screenChecks.ts), measured against the phone's width, not a layout viewport the page widened.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { inspectScreen } from './screenChecks.ts';

/** Fails when the page pans sideways or a key figure is off-screen; with `figures`, when fewer key figures show. */
export async function expectFitsThePhone(page: Page, figures = 0): Promise<void> {
  // A layout chosen in script (a table or cards: useWideScreen) follows a resize when the media
  // query's `change` event comes, at the next frame: a page just narrowed still shows the wide one.
  await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
  const found = await inspectScreen(page, [], page.viewportSize()!.width);
  expect(found.wider, 'the page is no wider than the viewport').toBeNull();
  expect(found.keyFiguresOff, 'every key figure is on screen').toEqual([]);
  const shown = await page
    .locator('[data-key-figure]')
    .evaluateAll((all) => all.filter((el) => el.getBoundingClientRect().width > 0 && el.getBoundingClientRect().height > 0).length);
  expect(shown).toBeGreaterThanOrEqual(figures);
}
