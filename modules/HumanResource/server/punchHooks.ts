/**
 * Punches are append-only. On arrival the server, with its own clock, decides the place, the
 * distance and the flags (punchCheck.ts) and whose punch it is; a phone may only punch for the
 * person linked to its own member; a kiosk punch comes only from a kiosk's device credential
 * (kioskRoutes.ts: never from a person), is at that kiosk's place, marks it seen, and is flagged
 * `unverified` when the PIN or badge it carried did not prove who punched (decision 021).
 * Afterwards a manager may only accept or void one, with a note; the write lands in the activity
 * log like every write. Nothing is ever deleted.
 */
import { Code } from '../../../src/contract/codes.ts';
import { permission, type Row } from '../../../src/contract/entity.ts';
import { findRow, RuleRejection, setServerFields, type EntityHooks, type WriteContext } from '../../../server/moduleApi.ts';
import { Device, Personnel, Place, Rule } from '../entities/masterData.ts';
import { Punch, REVIEW_GRANT } from '../entities/punch.ts';
import { arrivalVerdict } from '../rules/punchCheck.ts';
import { parseDegrees } from '../rules/geofence.ts';
import { kioskProofOf } from './kioskPunchContext.ts';

async function placesOf(ctx: WriteContext, personnel: Row): Promise<Record<string, unknown>[]> {
  const ids = Array.isArray(personnel.placeIds)
    ? personnel.placeIds.filter((id): id is string => typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id))
    : [];
  if (!ids.length) return [];
  const rows = await ctx.tx.query<Record<string, unknown>>(
    `SELECT id, name, latitude, longitude, radius FROM ${Place.table} WHERE panel_id = $1 AND id = ANY($2::uuid[]) AND NOT deleted`,
    [ctx.access.id, ids],
  );
  return rows.map((r) => ({ ...r, id: String(r.id) }));
}

/** The latest punch held for the person; one stamped ahead of the server's clock sets no order (it is flagged itself). */
async function latestHeld(ctx: WriteContext, personnelId: string): Promise<string | null> {
  const [row] = await ctx.tx.query<{ at: Date | string | null }>(
    `SELECT max(at) AS at FROM ${Punch.table} WHERE panel_id = $1 AND personnel_id = $2 AND NOT deleted AND status <> 'void' AND at <= $3`,
    [ctx.access.id, personnelId, ctx.now.toISOString()],
  );
  return row?.at ? new Date(row.at).toISOString() : null;
}

/**
 * The device a punch names: none for a phone or a manual punch; for a kiosk one (and a reader when
 * it names one), this panel's live device of that kind, not blocked.
 */
async function deviceOf(ctx: WriteContext, values: Record<string, unknown>): Promise<Row | null> {
  const source = values.source;
  const id = values.deviceId;
  if (source !== 'kiosk' && source !== 'reader') {
    if (id) throw new RuleRejection(Code.BadRequest, { deviceId: 'option' });
    return null;
  }
  if (typeof id !== 'string') {
    if (source === 'kiosk') throw new RuleRejection(Code.BadRequest, { deviceId: 'required' });
    return null;
  }
  const device = await findRow(ctx.tx, Device, ctx.access.id, id);
  if (!device || device.deleted) throw new RuleRejection(Code.IdNotRegistered, { deviceId: 'reference' });
  if (device.kind !== source) throw new RuleRejection(Code.InvalidOperation, { deviceId: 'option' });
  if (device.active !== true) throw new RuleRejection(Code.NotPossibleNow, { deviceId: 'reference' });
  return device;
}

export const punchHooks: EntityHooks = {
  async beforeCreate(ctx, _id, values) {
    const personnel = typeof values.personnelId === 'string' ? await findRow(ctx.tx, Personnel, ctx.access.id, values.personnelId) : null;
    if (!personnel || personnel.deleted) throw new RuleRejection(Code.IdNotRegistered, { personnelId: 'reference' });
    const manager = ctx.access.isOwner || ctx.access.permissions.has(permission(Punch, REVIEW_GRANT));
    if (values.source === 'manual' || values.source === 'reader') {
      if (!manager) throw new RuleRejection(Code.InvalidOperation, { source: 'option' });
      if (values.source === 'manual' && !values.note) throw new RuleRejection(Code.BadRequest, { note: 'required' });
    } else if (values.source === 'kiosk') {
      const proof = kioskProofOf(ctx);
      if (!proof || proof.device.id !== values.deviceId) throw new RuleRejection(Code.InvalidOperation, { source: 'option' });
    } else if (values.source === 'phone' && !manager && (!ctx.access.memberId || personnel.memberId !== ctx.access.memberId)) {
      throw new RuleRejection(Code.InvalidOperation, { personnelId: 'reference' });
    }
    if (personnel.active === false) throw new RuleRejection(Code.NotPossibleNow, { personnelId: 'reference' });
    const device = await deviceOf(ctx, values);
    // A place on Earth or none: a latitude of 200, NaN or Infinity is refused, as for a workplace's centre.
    const wrong = (['latitude', 'longitude'] as const).filter(
      (name) => values[name] !== null && values[name] !== undefined && parseDegrees(values[name], name === 'latitude' ? 90 : 180) === null,
    );
    if (wrong.length) throw new RuleRejection(Code.BadRequest, Object.fromEntries(wrong.map((name) => [name, 'range' as const])));
    const rule = typeof personnel.ruleId === 'string' ? await findRow(ctx.tx, Rule, ctx.access.id, personnel.ruleId) : null;
    const verdict = arrivalVerdict({
      punch: values,
      personnel,
      rule,
      places: await placesOf(ctx, personnel),
      device,
      now: ctx.now,
      latestHeld: await latestHeld(ctx, personnel.id),
    });
    // Seen even if a later generic rule refuses the punch: the device did reach the server.
    if (device) await setServerFields(ctx, Device, device.id, { lastSeenAt: ctx.now.toISOString() });
    const flags = values.source === 'kiosk' && !kioskProofOf(ctx)?.verified ? [...verdict.flags, 'unverified'] : verdict.flags;
    return {
      ...values,
      memberId: personnel.memberId ?? null,
      placeId: verdict.placeId,
      distance: verdict.distance,
      flags,
      status: flags.length ? 'flagged' : 'accepted',
      receivedAt: ctx.now.toISOString(),
    };
  },

  async beforeUpdate(_ctx, current, changes) {
    const keys = Object.keys(changes);
    const review = keys.every((k) => k === 'status' || k === 'note');
    const note = typeof changes.note === 'string' ? changes.note.trim() : '';
    if (!review || (changes.status !== 'accepted' && changes.status !== 'void') || current.status === 'void') {
      throw new RuleRejection(Code.NotPossibleNow);
    }
    if (!note) throw new RuleRejection(Code.BadRequest, { note: 'required' });
    return { status: changes.status, note };
  },

  async beforeDelete() {
    throw new RuleRejection(Code.NotPossibleNow);
  },
};
