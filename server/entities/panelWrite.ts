import type { FastifyRequest } from 'fastify';
import { lockPanelWrites } from '../sync/changeLog.ts';
import type { WriteContext } from './writeContext.ts';

/** Runs `work` in one transaction holding the request panel's write lock. */
export function inPanelWrite<T>(request: FastifyRequest, work: (ctx: WriteContext) => Promise<T>): Promise<T> {
  const { db, clock } = request.server.deps;
  return db.transaction(async (tx) => {
    await lockPanelWrites(tx, request.panel.id);
    return work({ tx, access: request.panel, userId: request.session.userId, now: new Date(clock.now()), lang: request.lang });
  });
}
