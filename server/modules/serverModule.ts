/**
 * A module's server part (`modules/<Key>/server/index.ts` exports one as default): the rules of
 * its entities as lifecycle hooks (by entity name), the documents of other modules it follows,
 * the routes of its own (reports), and its SQL migrations. The platform collects them at start.
 */
import type { FastifyInstance } from 'fastify';
import type { ModuleDeclaration } from '../../src/contract/module.ts';
import { accessHooks } from '../access/accessHooks.ts';
import { registerBooksChecks, type BooksCheck } from '../books/audit.ts';
import { registerFollowers, type DocumentFollower } from '../entities/documentEvents.ts';
import { registerEntityHooks, type EntityHooks } from '../entities/lifecycle.ts';

export interface ServerModule {
  module: ModuleDeclaration;
  /** Entity name → its hooks. */
  hooks?: Readonly<Record<string, EntityHooks>>;
  /** Other modules' documents this one posts from (its handler runs while it is enabled). */
  followers?: readonly DocumentFollower[];
  /** Endpoints beyond the generic REST and sync, under /api (reports); each checks its own permission. */
  routes?: (app: FastifyInstance) => Promise<void> | void;
  /**
   * The checks of the books-and-stock audit (server/books/audit.ts): how this module's ledgers,
   * balances and postings are recomputed from its documents. Run by `npm run audit:books`.
   */
  books?: readonly BooksCheck[];
  /** A folder of `.sql` files, applied once each after the entity tables are synchronised. */
  migrations?: string;
}

export function defineServerModule(part: ServerModule): ServerModule {
  for (const name of Object.keys(part.hooks ?? {})) {
    if (!part.module.entities.some((e) => e.name === name)) throw new Error(`${part.module.key} has hooks for ${name}, which it does not declare`);
  }
  return part;
}

let parts: readonly ServerModule[] = [];

/**
 * Registers the modules' server parts and wires what they declare into the places that run it:
 * hooks into the mutation path (beside the platform's own access rules, which win), followers
 * into document events, checks into the books audit. Those places sit below the modules and never
 * import them.
 */
export function registerServerModules(list: readonly ServerModule[]): void {
  parts = list;
  const hooks = new Map<string, EntityHooks>();
  for (const part of list) for (const [name, entityHooks] of Object.entries(part.hooks ?? {})) hooks.set(`${part.module.key}/${name}`, entityHooks);
  for (const [key, entityHooks] of Object.entries(accessHooks)) hooks.set(key, entityHooks);
  registerEntityHooks(hooks);
  registerFollowers(list.flatMap((part) => part.followers ?? []));
  registerBooksChecks(list.flatMap((part) => (part.books ?? []).map((check) => ({ name: `${part.module.key}.${check.name}`, check }))));
}

export function serverModules(): readonly ServerModule[] {
  return parts;
}
