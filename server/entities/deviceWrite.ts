/**
 * Writes made by a device rather than a person (a kiosk tablet's punches): in one transaction
 * holding the panel's write lock, as the person who enrolled the device, but with no more than
 * the few permissions the device's module names (and no more than that person holds now: one
 * who has left the panel, or lost a right, takes it from their devices too). The audit log names
 * the device.
 */
import type { FastifyRequest } from 'fastify';
import { accessById, panelUnavailable } from '../panels/panelAccess.ts';
import { lockPanelWrites } from '../db/changeLog.ts';
import type { WriteContext } from './writeContext.ts';

export interface DeviceActor {
  panelId: string;
  /** Whom the device acts for: the person who enrolled it. */
  userId: string;
  /** What the audit log calls the writer. */
  actorName: string;
  /** The most the device may do. */
  permissions: readonly string[];
}

export function inDeviceWrite<T>(request: FastifyRequest, actor: DeviceActor, work: (ctx: WriteContext) => Promise<T>): Promise<T> {
  const { db, clock } = request.server.deps;
  return db.transaction(async (tx) => {
    await lockPanelWrites(tx, actor.panelId);
    const person = await accessById(tx, actor.panelId, actor.userId);
    if (!person) throw panelUnavailable();
    const permissions = new Set(actor.permissions.filter((p) => person.permissions.has(p)));
    const access = {
      ...person,
      isOwner: false,
      permissions,
      granted: permissions,
      roleName: null,
      memberId: null,
      roleId: null,
      actorName: actor.actorName,
    };
    return work({ tx, access, userId: actor.userId, now: new Date(clock.now()), lang: request.lang });
  });
}
