/**
 * What the phone sweep checks on a screen as it stands, inside the page: the document no wider
 * than the viewport (and which elements stick out), every visible key figure (`data-key-figure`)
 * inside the viewport, no visible text that is a raw Lingui message id; plus the ids themselves,
 * read from every catalogue, and waiting for a screen to settle after an in-app navigation.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import type { Page } from 'playwright-core';
import { parsePo } from '../../server/i18n/po.ts';

const root = resolve(import.meta.dirname, '../..');

function catalogueFiles(): string[] {
  const platform = ['fa', 'en'].map((l) => join(root, 'locales', l, 'messages.po'));
  const modules = readdirSync(join(root, 'modules')).flatMap((m) =>
    ['fa', 'en'].map((l) => join(root, 'modules', m, 'locales', `${l}.po`)),
  );
  return [...platform, ...modules].filter((f) => existsSync(f));
}

/** An explicit id (`field.Product.name`, `acc.field.x`) is a dotted name; a generated one is a 6-character hash. */
const explicitId = /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9_-]+)+$/;

/** Every message id of every catalogue: the explicit ones as written, the others as Lingui hashes them. */
export function messageIds(): string[] {
  const ids = new Set<string>();
  for (const file of catalogueFiles()) {
    for (const entry of parsePo(readFileSync(file, 'utf8'))) {
      if (!entry.msgid) continue;
      if (explicitId.test(entry.msgid)) ids.add(entry.msgid);
      else ids.add(generateMessageId(entry.msgid, entry.msgctxt));
    }
  }
  return [...ids];
}

export interface ScreenFindings {
  /** The document's width when wider than the viewport, else null. */
  wider: { width: number; viewport: number; culprits: string[] } | null;
  /** Key figures (text and where) that lie outside the viewport, sideways. */
  keyFiguresOff: string[];
  /** Visible texts that are raw message ids. */
  rawIds: string[];
  /** Links to module screens that name a record (`?id=`), one per screen. */
  recordLinks: string[];
}

/**
 * Runs in the page: the checks above. `ids` is the catalogues' ids; `viewport` the phone's width
 * (not `innerWidth`: a mobile browser widens its layout viewport to a page wider than the screen).
 */
function inspect({ ids, viewport }: { ids: string[]; viewport: number }): ScreenFindings {
  const known = new Set(ids);
  const outside = (r: DOMRect) => r.width > 0 && r.height > 0 && (r.right > viewport + 1 || r.left < -1);
  const describe = (el: Element) => {
    const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    const role = el.getAttribute('role');
    return `<${el.tagName.toLowerCase()}${role ? ` role=${role}` : ''}>${text ? ` «${text}»` : ''}`;
  };

  const width = document.documentElement.scrollWidth;
  let wider: ScreenFindings['wider'] = null;
  if (width > viewport) {
    const culprits: Element[] = [];
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      if (!el.checkVisibility() || !outside(el.getBoundingClientRect())) continue;
      const parent = el.parentElement;
      if (parent && parent !== document.body && outside(parent.getBoundingClientRect())) continue;
      culprits.push(el);
    }
    wider = { width, viewport, culprits: culprits.slice(0, 3).map(describe) };
  }

  const keyFiguresOff: string[] = [];
  for (const el of Array.from(document.querySelectorAll('[data-key-figure]'))) {
    if (!el.checkVisibility() || !outside(el.getBoundingClientRect())) continue;
    keyFiguresOff.push(describe(el));
  }

  const rawIds = new Set<string>();
  const visibleTexts: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (parent && !['SCRIPT', 'STYLE'].includes(parent.tagName) && parent.checkVisibility()) visibleTexts.push(node.textContent ?? '');
  }
  for (const field of Array.from(document.querySelectorAll('input[placeholder], textarea[placeholder]')))
    visibleTexts.push(field.getAttribute('placeholder') ?? '');
  for (const text of visibleTexts) {
    for (const token of text.split(/[\s/·|،,:()«»"]+/)) {
      if (known.has(token) || /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9_-]+){2,}$/.test(token)) rawIds.add(token);
    }
  }

  const recordLinks = new Map<string, string>();
  for (const a of Array.from(document.querySelectorAll<HTMLAnchorElement>('a[href]'))) {
    const url = new URL(a.href, location.href);
    if (url.origin !== location.origin || !url.pathname.startsWith('/User/Panel/Module/') || !url.searchParams.get('id')) continue;
    const key = url.pathname.toLowerCase();
    if (!recordLinks.has(key)) recordLinks.set(key, `${url.pathname}${url.search}`);
  }
  return { wider, keyFiguresOff, rawIds: [...rawIds], recordLinks: [...recordLinks.values()] };
}

export function inspectScreen(page: Page, ids: string[], viewport: number): Promise<ScreenFindings> {
  return page.evaluate(inspect, { ids, viewport });
}

/**
 * Moves inside the app as a link does (no page load: pages are reused) and waits until the screen
 * has settled: a heading drawn, no "Loading" spinner, and the DOM quiet for a moment.
 */
export async function goAndSettle(page: Page, path: string, loadingWords: readonly string[]): Promise<boolean> {
  // The screen left behind marks its heading, so the next one is not taken for it while its code loads.
  await page.evaluate((to) => {
    document.querySelector('h1')?.setAttribute('data-swept', '');
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForFunction(() => !document.querySelector('h1[data-swept]'), null, { timeout: 3000 }).catch(() => {});
  return settle(page, loadingWords);
}

/** Waits for the heading, then for the page to stop changing; answers false when it never did (6 s). */
export async function settle(page: Page, loadingWords: readonly string[]): Promise<boolean> {
  await page.locator('h1').first().waitFor({ timeout: 20_000 });
  return page.evaluate(
    (words) =>
      new Promise<boolean>((done) => {
        const loading = () =>
          Array.from(document.querySelectorAll('[role="status"][aria-label]')).some((el) =>
            words.includes(el.getAttribute('aria-label') ?? ''),
          );
        let timer = 0;
        const deadline = setTimeout(() => finish(false), 6000);
        const observer = new MutationObserver(restart);
        function finish(quiet: boolean) {
          observer.disconnect();
          clearTimeout(deadline);
          clearTimeout(timer);
          done(quiet);
        }
        function restart() {
          clearTimeout(timer);
          timer = window.setTimeout(() => (loading() ? restart() : finish(true)), 350);
        }
        observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
        restart();
      }),
    [...loadingWords],
  );
}
