/**
 * The phone sweep (decision 032): with a shop's real day in one panel with every module on
 * (shopWorld.ts), every module screen — the modules' declared routes, so a new screen is swept
 * with nothing to add here, plus the panel's own screens and the home page — is opened on a
 * 360 px phone in Persian and in English, and each fails the test when:
 * - the document is wider than the viewport (the page pans sideways);
 * - a visible key figure (`data-key-figure`, marked by the data table) lies outside the viewport;
 * - any visible text is a raw message id (a catalogue's id shown instead of its words);
 * - axe-core finds a serious or critical violation;
 * - the screen throws, or never draws its heading.
 * A screen that shows one record (`?id=`) is opened with a record some other screen links to, or
 * else with the first record of the entity its "which … to show" page names (a details screen
 * left without a record fails); screens a button opens with a record are named by the shop. Every failure of the run is listed in one
 * message: screen, language, problem. One browser, one server, one page reused throughout.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityPath, type Entity, type EntityListResponse } from '../../src/contract/entity.ts';
import { entities, moduleRoutes } from '../../src/contract/modules.ts';
import { platformRoutes } from '../../src/contract/routes.ts';
import { accountServerEnv, freshContext, newAccount, signInContext, switchToEnglish } from './accountSteps.ts';
import './appRoutes.ts';
import { addSessionCookies, screenshot, seriousA11yViolations, serverAndBrowser } from './harness.ts';
import { callInPanel, waitUntilSynced } from './panelsSteps.ts';
import { fa } from './pwaSupport.ts';
import { goAndSettle, inspectScreen, messageIds, settle, type ScreenFindings } from './screenChecks.ts';
import { buildShopWorld } from './shopWorld.ts';

const e2e = serverAndBrowser({ env: accountServerEnv });
/** 360 px, a phone; `SWEEP_WIDTH=1280` sweeps (and photographs) the same screens on a desktop. */
const width = Number(process.env.SWEEP_WIDTH ?? 360);
type Locale = 'fa' | 'en';
type Problem = 'wider' | 'key-figure' | 'raw-id' | 'axe' | 'error' | 'no-record' | 'not-drawn';

/** Screens photographed on every run (SWEEP_SCREENSHOTS=all photographs every one). */
const photographed = [
  'Sale/SaleStatus',
  'NagemManagement/Dashboard',
  'PanelManagement/ChartFlow',
  'PanelSetupForms/ChartFlow',
  'Inventory/WarehouseStock',
  'Reports/TrialBalance',
  'Inventory/inventory',
];

/** The home page, the panel's own screens and every module's. */
const sweptRoutes = ['/', ...platformRoutes.filter((r) => r.startsWith('/User/Panel/')), ...moduleRoutes()];

const loadingWords = ['Loading', fa('Loading')];
const noRecordSentence = fa('This address does not say which {singular} to show.');
const noRecordWords = [noRecordSentence, 'This address does not say which {singular} to show.'].map((t) => t.split('{singular}')[0]!);

function persianLabel(entity: Entity): string {
  try {
    return fa(entity.label.id);
  } catch {
    return fa(entity.label.message ?? entity.label.id);
  }
}

/** The entity whose record a details screen asked for, by the sentence its validity check shows. */
function entityAskedFor(text: string): Entity | undefined {
  return entities().find((e) => text.includes(noRecordSentence.replace('{singular}', persianLabel(e))));
}

let context: BrowserContext;
let page: Page;
let ids: string[];
let current = '';
let token = '';
let panelCode = '';
let recordScreens: string[] = [];
const thrown: string[] = [];
/** Where the sweep's time goes, printed with its total (seconds summed over screens). */
const spent = { load: 0, checks: 0, axe: 0 };
const since = (start: number) => (Date.now() - start) / 1000;
/** Screens that kept changing for 6 s after their heading drew (a ticking clock, a loop of renders). */
const restless: string[] = [];

beforeAll(async () => {
  ids = messageIds();
  const owner = await newAccount(e2e.server);
  context = await freshContext(e2e.browser, e2e.server, width);
  const tokens = await signInContext(context, e2e.server, owner.username, owner.password);
  token = tokens.access_token;
  const shop = await buildShopWorld(e2e.server, token);
  panelCode = shop.panelCode;
  recordScreens = shop.recordScreens;
  await addSessionCookies(context, e2e.server.url, tokens, owner.username, shop.panelCode);
  page = await context.newPage();
  page.on('pageerror', (error) => thrown.push(`${current}: ${error.message}`));
  await page.goto('/User/Panel/Dashboard');
  await settle(page, loadingWords);
  await waitUntilSynced(page);
}, 300_000);

afterAll(() => context?.close());

interface Failure {
  path: string;
  locale: Locale;
  problem: Problem;
  detail: string;
}

function findingsOf(path: string, locale: Locale, found: ScreenFindings): Failure[] {
  const out: Failure[] = [];
  if (found.wider)
    out.push({
      path,
      locale,
      problem: 'wider',
      detail: `${found.wider.width} px wide at ${found.wider.viewport}: ${found.wider.culprits.join(', ')}`,
    });
  if (found.keyFiguresOff.length)
    out.push({ path, locale, problem: 'key-figure', detail: `off-screen: ${found.keyFiguresOff.slice(0, 3).join(', ')}` });
  if (found.rawIds.length) out.push({ path, locale, problem: 'raw-id', detail: found.rawIds.slice(0, 6).join(', ') });
  return out;
}

/** The first record of an entity the shop holds, for a details screen no other screen links to. */
async function firstRecord(entity: Entity): Promise<string | undefined> {
  const list = await callInPanel<EntityListResponse>(
    e2e.server.url,
    { method: 'GET', path: `${entityPath(entity)}?pageSize=1` },
    token,
    panelCode,
  );
  return list.items[0]?.id as string | undefined;
}

async function sweepScreen(path: string, locale: Locale): Promise<{ failures: Failure[]; found?: ScreenFindings; asks?: Entity }> {
  current = `${path} [${locale}]`;
  const errorsBefore = thrown.length;
  let start = Date.now();
  try {
    if (!(await goAndSettle(page, path, loadingWords))) restless.push(`${path} [${locale}]`);
  } catch (error) {
    return { failures: [{ path, locale, problem: 'not-drawn', detail: String(error).split('\n')[0]! }] };
  } finally {
    spent.load += since(start);
  }
  start = Date.now();
  const found = await inspectScreen(page, ids, width);
  const failures = findingsOf(path, locale, found);
  spent.checks += since(start);
  start = Date.now();
  const violations = await seriousA11yViolations(page);
  spent.axe += since(start);
  for (const v of violations) {
    failures.push({ path, locale, problem: 'axe', detail: `${v.id} (${v.impact}) ×${v.nodes.length}: ${v.nodes[0]?.target.join(' ')}` });
  }
  for (const message of thrown.slice(errorsBefore)) failures.push({ path, locale, problem: 'error', detail: message });
  if (process.env.SWEEP_SCREENSHOTS === 'all' || photographed.some((p) => path.split('?')[0]!.endsWith(p))) {
    await screenshot(
      page,
      `sweep-${
        path
          .replace(/^\/User\/Panel\/Module\//, '')
          .replace(/\?.*$/, '-record')
          .replace(/[^\w-]+/g, '-') || 'home'
      }-${locale}-${width}`,
    );
  }
  const text = await page.locator('body').innerText();
  if (!noRecordWords.some((w) => text.includes(w))) return { failures, found };
  return { failures, found, asks: entityAskedFor(text) ?? ({ key: 'unknown' } as Entity) };
}

/** Details screens nobody links to, each with the first record of the entity it asked for (added to `swept`). */
async function sweepUnlinkedDetails(asking: Map<string, Entity>, swept: string[]): Promise<Failure[]> {
  const failures: Failure[] = [];
  for (const [path, entity] of asking) {
    if (swept.some((p) => p.toLowerCase().startsWith(`${path.toLowerCase()}?`))) continue;
    const id = entity.key === 'unknown' ? undefined : await firstRecord(entity);
    if (!id) {
      failures.push({
        path,
        locale: 'fa',
        problem: 'no-record',
        detail: `asks for a record the shop does not hold (${entity.key}): add one to shopWorld.ts`,
      });
      continue;
    }
    swept.push(`${path}?id=${id}`);
    failures.push(...(await sweepScreen(`${path}?id=${id}`, 'fa')).failures);
  }
  return failures;
}

describe('every screen on a 360 px phone, with a shop’s real day', () => {
  it('fits the viewport, keeps key figures on screen, shows no raw message id and passes axe, in Persian and English', async () => {
    const started = Date.now();
    const failures: Failure[] = [];
    const swept = [...sweptRoutes, ...recordScreens];
    const asking = new Map<string, Entity>();
    for (const locale of ['fa', 'en'] as const) {
      // From a fresh load of the home screen: the last screen swept may be one without the app's
      // header, or have left state in the document (a dialog, a print view).
      if (locale === 'en') {
        await page.goto(swept[0]!);
        await settle(page, loadingWords);
        await screenshot(page, 'sweep-before-english-fa-360');
        await switchToEnglish(page);
      }
      for (let i = 0; i < swept.length; i++) {
        const path = swept[i]!;
        const result = await sweepScreen(path, locale);
        failures.push(...result.failures);
        if (locale !== 'fa' || !result.found) continue;
        if (result.asks) asking.set(path, result.asks);
        // A record some screen links to opens its details screen: each such screen once, with it.
        for (const link of result.found.recordLinks) {
          const screen = link.split('?')[0]!.toLowerCase();
          if (!swept.some((p) => p.toLowerCase().startsWith(`${screen}?`))) swept.push(link);
        }
      }
      if (locale === 'fa') failures.push(...(await sweepUnlinkedDetails(asking, swept)));
    }

    const lines = failures.map((f) => `${f.path} [${f.locale}] ${f.problem}: ${f.detail}`);
    console.info(`phone sweep, screens with a record: ${swept.filter((p) => p.includes('?')).join(' ')}`);
    if (restless.length) console.info(`phone sweep, screens still changing after 6 s: ${restless.join(' ')}`);
    const parts = Object.entries(spent).map(([part, s]) => `${part} ${Math.round(s)} s`);
    console.info(
      `phone sweep: ${swept.length} screens × 2 languages in ${Math.round((Date.now() - started) / 1000)} s (${parts.join(', ')})`,
    );
    expect(lines, `${lines.length} problems on ${new Set(failures.map((f) => f.path)).size} screens:\n${lines.join('\n')}`).toEqual([]);
  }, 900_000);
});
