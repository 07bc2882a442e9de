import type { FastifyRequest } from 'fastify';
import { accessById, ensurePermission, panelUnavailable } from '../panels/panelAccess.ts';
import { lockPanelWrites } from '../db/changeLog.ts';
import type { WriteContext } from './writeContext.ts';

/**
 * Runs `work` in one transaction holding the request panel's write lock, with the caller's access
 * read again once the lock is held: what `requirePanel` read before may be stale by then (a write
 * queued ahead may have changed the caller's role or removed them). Answers 404 (9101) when the
 * caller is no longer in the panel, 403 (9400) when they lack one of `required`.
 */
export function inPanelWrite<T>(
  request: FastifyRequest,
  work: (ctx: WriteContext) => Promise<T>,
  required: readonly string[] = [],
): Promise<T> {
  const { db, clock } = request.server.deps;
  const { userId } = request.session;
  return db.transaction(async (tx) => {
    await lockPanelWrites(tx, request.panel.id);
    const access = await accessById(tx, request.panel.id, userId);
    if (!access) throw panelUnavailable();
    for (const permission of required) ensurePermission(access, permission);
    return work({ tx, access, userId, now: new Date(clock.now()), lang: request.lang });
  });
}
