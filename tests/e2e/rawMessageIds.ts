/**
 * Text that is a message's id instead of its words ("Xcnbq7", "IEbpvp"): what Lingui shows when a
 * catalogue was not loaded. An id is six letters and digits with a digit or a capital past the
 * first letter, which no English word of the app's copy has.
 */
import type { Page } from 'playwright-core';

const RAW_ID = /^(?=[A-Za-z0-9]*(?:[0-9]|.[A-Z]))[A-Za-z0-9]{6}$/;

export function isRawMessageId(text: string): boolean {
  return RAW_ID.test(text.trim());
}

/** Every piece of visible text on the page that reads as a raw message id. */
export async function rawMessageIds(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (parent && parent.checkVisibility() && node.textContent) out.push(...node.textContent.split(/[\s/·]+/));
    }
    return out;
  });
  return texts.filter(isRawMessageId);
}
