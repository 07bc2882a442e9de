/**
 * Every route of the platform and of every module resolves in the built app: no 404 page; a
 * signed-out visitor of a /User route is sent to log in; a signed-in user in a panel with every
 * module enabled sees each screen — never the unmatched route's 404, an empty page or "module not
 * enabled"; a details page opened without naming its record is the validity check's 404.
 * Aliases redirect to the spec's spellings, and paths match in any case.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { panelEndpoints, type CurrentPanel } from '../../src/contract/panels.ts';
import { modulePath, needsSession, paths } from '../../src/contract/routes.ts';
import { allAliases, allModuleKeys, allRoutes } from './appRoutes.ts';
import { callInPanel } from './panelsSteps.ts';
import { addSessionCookies } from './harness.ts';
import { logInByApi } from './accountSteps.ts';
import { accountServerEnv, demo, freshContext, signInContext } from './accountSteps.ts';
import { serverAndBrowser } from './harness.ts';
import { fa } from './pwaSupport.ts';

const e2e = serverAndBrowser({ env: accountServerEnv });

const notFoundTitle = fa('Page Not Found');
/** A details page opened without naming its record: the validity check's 404, the page working as it should. */
const namesNoRecord = fa('This address does not say which {singular} to show.').split('{singular}')[0]!;

interface Seen {
  path: string;
  heading: string;
  text: string;
}

/** Opens a path and answers where it ended, the main heading shown there and the page's text. */
async function visit(page: Page, path: string): Promise<Seen> {
  await page.goto(path);
  const heading = page.locator('h1').first();
  // Redirects (guards, aliases) happen before any screen draws its heading.
  await heading.waitFor();
  return {
    path: new URL(page.url()).pathname,
    heading: (await heading.textContent())?.trim() ?? '',
    text: await page.locator('#root').innerText(),
  };
}

async function eachRoute(context: BrowserContext, routes: readonly string[], check: (route: string, seen: Seen) => void) {
  const page = await context.newPage();
  for (const route of routes) check(route, await visit(page, route));
  await page.close();
}

const publicRoutes = allRoutes.filter((r) => !needsSession(r));
const userRoutes = allRoutes.filter((r) => needsSession(r));
/** Pages a device opens with nobody signed in (a kiosk tablet holds only its device credential, decision 021). */
const devicePages = new Set([modulePath('HumanResource', 'Management/Workplace/Device/Kiosk')]);

describe('every route of spec section 2', () => {
  it('lists the platform’s routes and every module’s, the /User ones behind the guard', () => {
    expect(publicRoutes).toEqual(expect.arrayContaining(['/', ...Object.values(paths.auth)]));
    expect(userRoutes).toEqual(expect.arrayContaining([paths.user.dashboard, '/User/Panel/Module/PanelManagement/Role']));
  });

  it('shows every public route to a signed-out visitor, none of them the 404 page', async () => {
    const context = await freshContext(e2e.browser, e2e.server);
    await eachRoute(context, publicRoutes, (route, seen) => {
      expect(seen.heading, route).not.toBe(notFoundTitle);
      // /auth/Profile needs a session of its own: it sends the visitor to log in and back.
      if (route !== paths.auth.profile) expect(seen.path.toLowerCase(), route).toBe(route.toLowerCase());
      else expect(seen.path).toBe(paths.auth.login);
    });
    await context.close();
  });

  it('sends a signed-out visitor of every /User route to the login page', async () => {
    const context = await freshContext(e2e.browser, e2e.server);
    const page = await context.newPage();
    for (const route of userRoutes) {
      await page.goto(route);
      if (devicePages.has(route)) {
        // A device page stays where it is: the tablet shows its kiosk screen (not enrolled yet), never the login.
        await page.locator('h1').first().waitFor();
        expect(new URL(page.url()).pathname, route).toBe(route);
        continue;
      }
      await expect.poll(() => new URL(page.url()).pathname, { message: route, timeout: 10_000 }).toBe(paths.auth.login);
      expect(new URL(page.url()).searchParams.get('next'), route).toBe(route);
    }
    await context.close();
  });

  it('shows every /User route to a signed-in user in a panel with every module: each a screen, never the unmatched route’s 404 or “not enabled”', async () => {
    const context = await freshContext(e2e.browser, e2e.server);
    const tokens = await logInByApi(e2e.server, demo.username, demo.password);
    const panel = await callInPanel<CurrentPanel>(e2e.server.url, panelEndpoints.register, tokens.access_token, null, {
      name: 'همهٔ ماژول‌ها',
      icon: 'store',
      modules: allModuleKeys,
    });
    await addSessionCookies(context, e2e.server.url, tokens, demo.username, panel.code);
    const notEnabled = /is not enabled in this panel|در این پنل فعال نیست/;
    await eachRoute(context, userRoutes, (route, seen) => {
      if (seen.heading === notFoundTitle) expect(seen.text, route).toContain(namesNoRecord);
      else expect(seen.text, route).not.toContain(fa('Page not found: <0/>').replace('<0/>', ''));
      expect(seen.heading, route).not.toBe('');
      expect(seen.text, route).not.toMatch(notEnabled);
      expect(seen.path.toLowerCase(), route).not.toBe(paths.auth.login.toLowerCase());
    });
    await context.close();
    // Every route of every module, one after another: 190 s on the shared machine at a load of 24.
  }, 400_000);

  it('redirects the correctly spelled aliases to the spec’s spellings, and matches paths in any case', async () => {
    const context = await freshContext(e2e.browser, e2e.server);
    await signInContext(context, e2e.server, demo.username, demo.password);
    const page = await context.newPage();
    for (const [from, to] of Object.entries(allAliases)) {
      await page.goto(from);
      await expect.poll(() => new URL(page.url()).pathname, { message: from, timeout: 10_000 }).toBe(to);
    }
    const shouting = await visit(page, paths.user.profileSecurity.toUpperCase());
    expect(shouting.heading).toBe('امنیت');
    const lower = await visit(page, '/auth/login');
    expect(lower.heading).toBe('ورود به پیشخوان');
    await context.close();
  });
});
