/**
 * Every route the built app has: the platform's (spec section 2 without the modules) and every
 * route of every discovered module, with the correctly spelled aliases of both.
 */
import '../../server/modules/discover.ts';
import { moduleAliases, moduleRoutes, modules } from '../../src/contract/modules.ts';
import { aliases, platformRoutes } from '../../src/contract/routes.ts';

export const allRoutes: readonly string[] = [...platformRoutes, ...moduleRoutes()];
export const allAliases: Readonly<Record<string, string>> = { ...aliases, ...moduleAliases() };
/** Every module a panel can enable. */
export const allModuleKeys: string[] = modules().map((m) => m.key);
