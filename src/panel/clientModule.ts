/**
 * A module's client part (`modules/<Key>/client/index.tsx` exports one as default): what the
 * module is called and what it is for, its icon, its navigation (each place with the permission
 * that shows it; the first the person may open is where the module opens), a lazy screen for each
 * of its routes, and its words. src/panel/modules.ts discovers them; screens and navigation read
 * them there.
 */
import type { MessageDescriptor } from '@lingui/core';
import type { ComponentType, ReactNode } from 'react';
import type { SyncProblem } from '../storage/localRecords.ts';
import type { ModuleDeclaration } from '../contract/module.ts';
import type { Catalogue } from '../i18n/locale.ts';
import type { Locale } from '../i18n/locale.ts';
import type { Screen } from './lazyScreen.ts';

/** What a module's refusal words get: the problem, and the server's own words for what they do not recognise. */
export interface RefusalProps {
  problem: SyncProblem;
  fallback: ReactNode;
}

export interface NavPlace {
  /** A route of the module. */
  screen: string;
  label: MessageDescriptor;
  /** Shown only to those holding it; null for everyone in the panel. */
  needs: string | null;
}

export interface ClientModule {
  module: ModuleDeclaration;
  name: MessageDescriptor;
  description: MessageDescriptor;
  /** A key of the icon set (src/ui/panelIcons), the module's default icon. */
  icon: string;
  nav: readonly NavPlace[];
  /** Route → its screen; every route of the declaration has one. */
  screens: Readonly<Record<string, Screen>>;
  /** Routes drawn full-screen, without the app's frame. */
  frameless?: readonly string[];
  /**
   * Where each of its documents is shown: entity name → the route of its details screen, opened
   * with `?id=<row id>`. Links from outside the module (the books audit) go there.
   */
  documentPages?: Readonly<Record<string, string>>;
  /**
   * Entity name → the module's words for a refusal the server gave details of (the stock each
   * line lacks, the books closed up to a day), worded for the step refused (`problem.op`). Shown
   * on the document's page and on its Sync problems card alike; `fallback` for details it does not know.
   */
  refusals?: Readonly<Record<string, ComponentType<RefusalProps>>>;
  /**
   * Routes a device opens with nobody signed in (a kiosk tablet, which holds only its device
   * credential): full-screen, without the session check, the panel's data or its sync. The
   * screen itself calls only what its credential opens on the server.
   */
  withoutSession?: readonly string[];
  /** The module's words, one lazy catalogue per language. */
  catalogue?: Readonly<Record<Locale, Catalogue>>;
}

export function defineClientModule(part: ClientModule): ClientModule {
  const routes = new Set(part.module.routes);
  const missing = part.module.routes.filter((r) => !part.screens[r]);
  const extra = Object.keys(part.screens).filter((r) => !routes.has(r));
  const pageless = Object.values(part.documentPages ?? {}).filter((r) => !routes.has(r));
  if (pageless.length) throw new Error(`${part.module.key}: document pages on routes it does not have (${pageless.join(', ')})`);
  if (missing.length || extra.length) throw new Error(`${part.module.key}: routes without a screen (${missing.join(', ')}) or screens without a route (${extra.join(', ')})`);
  return part;
}

/** The first place of a module the person may open: where links to the module go. */
export function moduleEntry(part: ClientModule, allows: (permission: string) => boolean): string {
  return part.nav.find((place) => !place.needs || allows(place.needs))?.screen ?? part.nav[0]?.screen ?? part.module.routes[0]!;
}

/** The screen a path names inside a module (any case, an alias, a trailing slash), or null. */
export function screenOfPath(part: ClientModule, rest: string): { route: string; alias: boolean } | null {
  const key = rest.replace(/\/+$/, '').toLowerCase();
  const route = part.module.routes.find((r) => r.toLowerCase() === key);
  if (route) return { route, alias: false };
  const alias = Object.entries(part.module.aliases ?? {}).find(([from]) => from.toLowerCase() === key);
  return alias ? { route: alias[1], alias: true } : null;
}
