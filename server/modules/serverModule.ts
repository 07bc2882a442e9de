/**
 * A module's server part (`modules/<Key>/server/index.ts` exports one as default): the rules of
 * its entities as lifecycle hooks (by entity name), the events it publishes of its documents and
 * those of other modules it follows (decision 033), the routes of its own (reports), and its SQL
 * migrations. The platform collects them at start.
 */
import type { FastifyInstance } from 'fastify';
import type { ModuleDeclaration } from '../../src/contract/module.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/Db.ts';
import { accessHooks } from '../access/accessHooks.ts';
import { registerBooksChecks, type BooksCheck } from '../books/audit.ts';
import { registerDocumentEvents, type DocumentEvent, type DocumentFollower } from '../entities/documentEvents.ts';
import { registerEntityHooks, type EntityHooks } from '../entities/lifecycle.ts';
import { registerAfterWrite } from '../entities/afterWrite.ts';
import { notifyWrite, registerNotifications, type NotificationDeclaration } from '../notifications/notifications.ts';
import { kindOf, registerKinds } from '../notifications/kinds.ts';
import { registerReminders, type ReminderDeclaration } from '../notifications/reminders.ts';

/** Registers routes in one of a module's scopes; paths are relative to its prefix (`pathInScope`). */
export type ModuleRoutes = (scope: FastifyInstance) => void;

/**
 * A module's own routes, by who may call them: each kind is a scope under `/api/<Key>` whose
 * guards the platform applies to every route in it (server/modules/moduleRoutes.ts, decision 034),
 * so a route cannot forget them, and one that takes no session says so by the scope it is in.
 */
export interface ModuleRouteScopes {
  /** A signed-in member of the panel `X-Panel-Code` names, which has the module on: `request.session` and `request.panel` are set. */
  panel?: ModuleRoutes;
  /** A device (a kiosk tablet) by its credential, `Authorization: Device …`, of a panel with the module on: `request.device` is set. Its row's liveness is the module's to check. */
  device?: ModuleRoutes;
  /** A session or a device credential, and nothing of any panel (the server's clock). */
  sessionOrDevice?: ModuleRoutes;
}

/**
 * A job the server runs on a schedule (decision 044: the tax system's sending): every process
 * starts it (server/main.ts); the job takes its own advisory lock so one runs per cluster.
 */
export interface ModuleJob {
  name: string;
  everyMs: number;
  run(deps: { db: Db; config: Config }, now: Date): Promise<unknown>;
}

export interface ServerModule {
  module: ModuleDeclaration;
  /** Entity name → its hooks. */
  hooks?: Readonly<Record<string, EntityHooks>>;
  /** The events of its own documents that other modules may follow (handles exported by its server/exports.ts). */
  publishes?: readonly DocumentEvent[];
  /** Other modules' published events this one posts from: only of modules its declaration names in `listensTo`. */
  followers?: readonly DocumentFollower[];
  /** Endpoints beyond the generic REST and sync (reports, devices), under /api/<Key>/; each checks its own permission. */
  routes?: ModuleRouteScopes;
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
  /** Scheduled jobs of its own (sending to an outside system), started by server/main.ts. */
  jobs?: readonly ModuleJob[];
}

export function defineServerModule(part: ServerModule): ServerModule {
  const key = part.module.key;
  for (const name of Object.keys(part.hooks ?? {})) {
    if (!part.module.entities.some((e) => e.name === name)) throw new Error(`${key} has hooks for ${name}, which it does not declare`);
  }
  for (const event of part.publishes ?? []) {
    if (event.document.module !== key) throw new Error(`${key} publishes ${event.document.key}, a document of another module`);
  }
  for (const follower of part.followers ?? []) {
    const source = follower.event.document.module;
    if (follower.module !== key) throw new Error(`${key} declares a follower of ${follower.module}`);
    if (!part.module.listensTo?.includes(source))
      throw new Error(`${key} follows ${follower.event.document.key} without naming ${source} in listensTo`);
  }
  return part;
}

let parts: readonly ServerModule[] = [];

/**
 * Registers the modules' server parts and wires what they declare into the places that run it:
 * hooks into the mutation path (beside the platform's own access rules, which win), published
 * events and their followers into document events, checks into the books audit. Those places sit below the modules and never
 * import them.
 */
export function registerServerModules(list: readonly ServerModule[]): void {
  parts = list;
  const hooks = new Map<string, EntityHooks>();
  for (const part of list)
    for (const [name, entityHooks] of Object.entries(part.hooks ?? {})) hooks.set(`${part.module.key}/${name}`, entityHooks);
  for (const [key, entityHooks] of Object.entries(accessHooks)) hooks.set(key, entityHooks);
  registerEntityHooks(hooks);
  registerDocumentEvents(
    list.flatMap((part) => part.publishes ?? []),
    list.flatMap((part) => part.followers ?? []),
  );
  registerNotifications(new Map(list.map((part) => [part.module.key, part.notifications ?? []])));
  registerReminders(list.flatMap((part) => (part.reminders ?? []).map((reminder) => ({ module: part.module.key, reminder }))));
  registerKinds(
    list.flatMap((part) => [
      ...(part.notifications ?? []).map((n) => kindOf(`${part.module.key}/${n.event}`, `${part.module.key}/${n.entity}`, n.preference)),
      ...(part.reminders ?? []).map((r) => kindOf(`${part.module.key}/${r.event}`, `${part.module.key}/${r.entity}`, r.preference)),
    ]),
  );
  registerAfterWrite([notifyWrite]);
  registerBooksChecks(list.flatMap((part) => (part.books ?? []).map((check) => ({ name: `${part.module.key}.${check.name}`, check }))));
}

/** Every module's scheduled jobs. */
export function moduleJobs(): readonly ModuleJob[] {
  return parts.flatMap((part) => part.jobs ?? []);
}

export function serverModules(): readonly ServerModule[] {
  return parts;
}
