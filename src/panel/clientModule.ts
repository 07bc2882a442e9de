/**
 * A module's client part (`modules/<Key>/client/index.tsx` exports one as default): what the
 * module is called and what it is for, its icon, its navigation (each place with the permission
 * that shows it; the first the person may open is where the module opens), a lazy screen for each
 * of its routes, and its words. Everything names a route by its name in the module's declaration
 * (module.ts), and the types hold it to those names: a screen missing or extra fails the type check. src/panel/modules.ts discovers them; screens and navigation read
 * them there.
 */
import type { MessageDescriptor } from '@lingui/core';
import type { ComponentType, ReactNode } from 'react';
import type { SyncProblem } from '../storage/localRecords.ts';
import type { ModuleDeclaration, RouteTable } from '../contract/module.ts';
import { modulePath } from '../contract/routes.ts';
import type { Catalogue } from '../i18n/locale.ts';
import type { Locale } from '../i18n/locale.ts';
import type { Screen } from './lazyScreen.ts';

/** What a module's refusal words get: the problem, and the server's own words for what they do not recognise. */
export interface RefusalProps {
  problem: SyncProblem;
  fallback: ReactNode;
}

/** The names of a module's routes. */
export type RouteName<R extends RouteTable> = keyof R & string;

export interface NavPlace<N extends string = string> {
  /** A route of the module, by name. */
  screen: N;
  label: MessageDescriptor;
  /** Shown only to those holding it; null for everyone in the panel. */
  needs: string | null;
}

export interface ClientModule<R extends RouteTable = RouteTable> {
  module: ModuleDeclaration<R>;
  name: MessageDescriptor;
  description: MessageDescriptor;
  /** A key of the icon set (src/ui/panelIcons), the module's default icon. */
  icon: string;
  nav: readonly NavPlace<RouteName<R>>[];
  /** Route name → its screen: exactly one for each route of the declaration. */
  screens: { readonly [N in keyof R]: Screen };
  /** Routes drawn full-screen, without the app's frame. */
  frameless?: readonly RouteName<R>[];
  /**
   * Where each of its documents is shown: entity name → the route of its details screen, opened
   * with `?id=<row id>`. Links from outside the module (the books audit) go there.
   */
  documentPages?: Readonly<Record<string, RouteName<R>>>;
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
  withoutSession?: readonly RouteName<R>[];
  /** The module's words, one lazy catalogue per language. */
  catalogue?: Readonly<Record<Locale, Catalogue>>;
}

/**
 * The module's client part, typed by its declaration's routes (`NoInfer`: the declaration alone
 * says what they are, so a screen, a place or a page naming another fails the type check). The
 * same is checked when it loads, for whatever the types cannot see.
 */
export function defineClientModule<R extends RouteTable>(
  part: ClientModule<NoInfer<R>> & { module: ModuleDeclaration<R> },
): ClientModule<R> {
  const names = new Set(Object.keys(part.module.routes));
  const missing = [...names].filter((n) => !(part.screens as Record<string, Screen | undefined>)[n]);
  const extra = Object.keys(part.screens).filter((n) => !names.has(n));
  const named = [
    ...part.nav.map((p) => p.screen),
    ...Object.values(part.documentPages ?? {}),
    ...(part.frameless ?? []),
    ...(part.withoutSession ?? []),
  ];
  const unknown = named.filter((n) => !names.has(n));
  if (unknown.length)
    throw new Error(`${part.module.key}: places, pages or screens named after routes it does not have (${unknown.join(', ')})`);
  if (missing.length || extra.length)
    throw new Error(`${part.module.key}: routes without a screen (${missing.join(', ')}) or screens without a route (${extra.join(', ')})`);
  return part;
}

/** The full path of a module's route, by its name. */
export function routePath(part: ClientModule, name: string): string {
  return modulePath(part.module.key, part.module.routes[name]!);
}

/** The name of the first place of a module the person may open: where links to the module go. */
export function moduleEntry(part: ClientModule, allows: (permission: string) => boolean): string {
  return (
    part.nav.find((place) => !place.needs || allows(place.needs))?.screen ?? part.nav[0]?.screen ?? Object.keys(part.module.routes)[0]!
  );
}

/** The route (by name) a path names inside a module (any case, an alias, a trailing slash), or null. */
export function screenOfPath(part: ClientModule, rest: string): { route: string; alias: boolean } | null {
  const key = rest.replace(/\/+$/, '').toLowerCase();
  const alias = Object.entries(part.module.aliases ?? {}).find(([from]) => from.toLowerCase() === key)?.[1];
  const target = (alias ?? key).toLowerCase();
  const route = Object.entries(part.module.routes).find(([, path]) => path.toLowerCase() === target)?.[0];
  return route ? { route, alias: alias !== undefined } : null;
}
