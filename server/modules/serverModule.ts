/**
 * A module's server part (`modules/<Key>/server/index.ts` exports one as default): the rules of
 * its entities as lifecycle hooks (by entity name), the documents of other modules it follows,
 * the routes of its own (reports), and its SQL migrations. The platform collects them at start.
 */
import type { FastifyInstance } from 'fastify';
import type { ModuleDeclaration } from '../../src/contract/module.ts';
import type { BooksCheck } from '../books/audit.ts';
import type { DocumentFollower } from '../entities/documentEvents.ts';
import type { EntityHooks } from '../entities/lifecycle.ts';
import type { NotificationDeclaration } from '../notifications/notifications.ts';
import type { ReminderDeclaration } from '../notifications/reminders.ts';

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
  /** The notifications its writes raise (decision 038): who gets them and their words. */
  notifications?: readonly NotificationDeclaration[];
  /** What the reminders' schedule looks for in its rows (a cheque due tomorrow), decision 038. */
  reminders?: readonly ReminderDeclaration[];
}

export function defineServerModule(part: ServerModule): ServerModule {
  for (const name of Object.keys(part.hooks ?? {})) {
    if (!part.module.entities.some((e) => e.name === name)) throw new Error(`${part.module.key} has hooks for ${name}, which it does not declare`);
  }
  return part;
}

let parts: readonly ServerModule[] = [];

export function registerServerModules(list: readonly ServerModule[]): void {
  parts = list;
}

export function serverModules(): readonly ServerModule[] {
  return parts;
}
