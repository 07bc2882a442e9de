/**
 * What every table screen must hold on a phone (decision 026): the page no wider than the
 * viewport, and every key figure on screen (`[data-key-figure]`) inside it.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export interface PhoneFit {
  pageWidth: number;
  viewport: number;
  keyFigures: number;
  /** Key figures drawn partly outside the viewport, by their text. */
  outside: string[];
}

export async function phoneFit(page: Page): Promise<PhoneFit> {
  return page.evaluate(() => {
    const shown = Array.from(document.querySelectorAll('[data-key-figure]')).filter((el) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0;
    });
    const outside = shown.filter((el) => {
      const box = el.getBoundingClientRect();
      return box.left < -0.5 || box.right > window.innerWidth + 0.5;
    });
    return { pageWidth: document.documentElement.scrollWidth, viewport: window.innerWidth, keyFigures: shown.length, outside: outside.map((el) => el.textContent ?? '') };
  });
}

/** Fails when the page pans sideways or a key figure is off-screen; with `figures`, when fewer key figures show. */
export async function expectFitsThePhone(page: Page, figures = 0): Promise<void> {
  const fit = await phoneFit(page);
  expect(fit.pageWidth, 'the page is no wider than the viewport').toBeLessThanOrEqual(fit.viewport);
  expect(fit.outside, 'every key figure is on screen').toEqual([]);
  expect(fit.keyFigures).toBeGreaterThanOrEqual(figures);
}
