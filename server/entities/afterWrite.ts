/**
 * What runs after every write of the one mutation path, in its transaction, once the row is
 * written: the notifications the row's module declares (server/notifications, decision 038).
 * Wired when the modules are registered (server/modules/serverModule.ts), so the entities never
 * import what sits above them.
 */
import type { Entity, Row } from '../../src/contract/entity.ts';
import type { WriteContext } from './writeContext.ts';

export type AfterWrite = (ctx: WriteContext, entity: Entity, before: Row | null, after: Row) => Promise<void>;

let registered: readonly AfterWrite[] = [];

export function registerAfterWrite(list: readonly AfterWrite[]): void {
  registered = list;
}

export async function afterWrite(ctx: WriteContext, entity: Entity, before: Row | null, after: Row): Promise<void> {
  for (const run of registered) await run(ctx, entity, before, after);
}
