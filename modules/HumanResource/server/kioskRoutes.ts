/**
 * The kiosk as a device (decision 021). Enrol: a manager (the owner, or whoever may change
 * Devices) makes a tablet one of the panel's active kiosk Devices and gets its device credential;
 * enrolling again, deactivating or deleting the Device, or leaving kiosk mode revokes it. With the
 * credential alone the tablet may read the names and codes of active people and post punches:
 * each carries the PIN typed or the badge scanned, checked here against hashes that never leave
 * the server, with a limit per personnel code; a punch whose proof fails (or comes while its code
 * is over the limit) is kept, flagged `unverified` for a manager's review.
 */
import { isUuid } from '../../../src/contract/fields.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Code } from '../../../src/contract/codes.ts';
import { permission, type Row } from '../../../src/contract/entity.ts';
import { toAsciiDigits } from '../../../src/contract/normalize.ts';
import {
  AppError,
  applyMutation,
  clearThrottle,
  columnName,
  findRow,
  inDeviceWrite,
  inPanelWrite,
  ok,
  pathInScope,
  arrayOf,
  envelope,
  object,
  reserveThrottle,
  selectRows,
  setServerFields,
  signDeviceCredential,
  text as textSchema,
  throttleKey,
  type JsonSchema,
  type Limit,
} from '../../../server/moduleApi.ts';
import { Device, Personnel, Place } from '../entities/masterData.ts';
import { Punch } from '../entities/punch.ts';
import {
  KIOSK_PROOF_TRIES,
  KIOSK_PROOF_WINDOW_MS,
  kioskEndpoints,
  type KioskPunchAnswer,
  type KioskRoster,
} from '../rules/kioskEndpoint.ts';
import { parseBadge, verifyBadge, verifyPin } from '../rules/kioskSecret.ts';
import { withKioskProof } from './kioskPunchContext.ts';

const proofLimit: Limit = {
  prefix: 'kiosk-proof',
  maxFailures: KIOSK_PROOF_TRIES,
  windowMs: KIOSK_PROOF_WINDOW_MS,
  slowAfter: Number.POSITIVE_INFINITY,
};
/** All a kiosk's writes may ever do (inside the server: a punch is written for anyone, at its device), within the rights of the manager who enrolled it. */
const kioskPermissions = [
  permission(Punch, 'create'),
  permission(Punch, 'read'),
  permission(Punch, 'readAll'),
  permission(Personnel, 'read'),
  permission(Personnel, 'readAll'),
  permission(Device, 'read'),
  permission(Place, 'read'),
];
const refused = () => new AppError(Code.WrongCredentials, 401);

function body(request: FastifyRequest): Record<string, unknown> {
  const b = request.body;
  return typeof b === 'object' && b !== null && !Array.isArray(b) ? (b as Record<string, unknown>) : {};
}

function text(value: unknown, max: number): string | null {
  return typeof value === 'string' && value.trim() && value.length <= max ? value.trim() : null;
}

/** The kiosk Device a request's credential (checked by the device scope) names, while that Device still holds exactly that credential; else 401. */
async function kioskOf(request: FastifyRequest): Promise<{ device: Row; panelId: string }> {
  const credential = request.device;
  const device = await findRow(request.server.deps.db, Device, credential.panelId, credential.deviceId);
  const live = device && !device.deleted && device.kind === 'kiosk' && device.active === true && typeof device.enrolledAt === 'string';
  if (!live || new Date(device.enrolledAt as string).getTime() !== credential.issuedAt) throw refused();
  return { device, panelId: credential.panelId };
}

async function enrol(request: FastifyRequest) {
  const deviceId = text(body(request).deviceId, 36);
  if (!deviceId || !isUuid(deviceId)) throw new AppError(Code.BadRequest, 400);
  const { config } = request.server.deps;
  return inPanelWrite(
    request,
    async (ctx) => {
      const device = await findRow(ctx.tx, Device, ctx.access.id, deviceId.toLowerCase());
      if (!device || device.deleted || device.kind !== 'kiosk') throw new AppError(Code.IdNotRegistered, 404);
      if (device.active !== true) throw new AppError(Code.NotPossibleNow, 409);
      await setServerFields(ctx, Device, device.id, { enrolledAt: ctx.now.toISOString(), enrolledBy: ctx.userId });
      const credential = signDeviceCredential(config.jwtSecret, {
        panelId: ctx.access.id,
        deviceId: device.id,
        issuedAt: ctx.now.getTime(),
      });
      return ok(request, { credential, deviceId: device.id }, Code.Done);
    },
    [permission(Device, 'update')],
  );
}

/** Kiosk mode ends when a manager says so: the credential the tablet holds is revoked. */
async function leave(request: FastifyRequest) {
  const deviceId = text(body(request).deviceId, 36);
  if (!deviceId || !isUuid(deviceId)) throw new AppError(Code.BadRequest, 400);
  return inPanelWrite(
    request,
    async (ctx) => {
      const device = await findRow(ctx.tx, Device, ctx.access.id, deviceId.toLowerCase());
      if (!device || device.kind !== 'kiosk') throw new AppError(Code.IdNotRegistered, 404);
      await setServerFields(ctx, Device, device.id, { enrolledAt: null, enrolledBy: null });
      return ok(request, null, Code.Done);
    },
    [permission(Device, 'update')],
  );
}

async function roster(request: FastifyRequest) {
  const { device, panelId } = await kioskOf(request);
  const { db } = request.server.deps;
  const place = typeof device.placeId === 'string' ? await findRow(db, Place, panelId, device.placeId) : null;
  const people = await selectRows(db, Personnel, panelId, () => `${columnName('active')} IS DISTINCT FROM false`);
  const answer: KioskRoster = {
    device: { id: device.id, name: String(device.name), place: place ? String(place.name) : '', active: true },
    people: people.map((p) => ({ code: String(p.code), name: String(p.name) })).sort((a, b) => a.code.localeCompare(b.code)),
  };
  return ok(request, answer, Code.Retrieved);
}

/** Whether the proof names `person`: their PIN, or a badge of theirs that is still the one printed last. */
async function proves(person: Row, pin: string | null, badge: string | null): Promise<boolean> {
  if (badge) {
    const scan = parseBadge(badge);
    return !!scan && scan.code.toLowerCase() === String(person.code).toLowerCase() && verifyBadge(scan, person.badgeHash);
  }
  return !!pin && verifyPin(pin, person.pinHash);
}

async function punch(request: FastifyRequest) {
  const { device, panelId } = await kioskOf(request);
  const b = body(request);
  const id = text(b.id, 36);
  const code = text(typeof b.code === 'string' ? toAsciiDigits(b.code) : b.code, 20);
  const at = text(b.at, 40);
  const direction = b.direction === 'in' || b.direction === 'out' ? b.direction : null;
  if (!id || !isUuid(id) || !code || !at || !direction) throw new AppError(Code.BadRequest, 400);
  const { db, clock } = request.server.deps;
  const [person] = await selectRows(db, Personnel, panelId, (params) => {
    params.push(code.toLowerCase());
    return `lower(${columnName('code')}) = $${params.length}`;
  });
  if (!person) throw new AppError(Code.IdNotRegistered, 404);
  // The slot is taken before the proof is checked, so guesses sent together cannot outrun the limit.
  const key = throttleKey(proofLimit, `${panelId}:${String(person.code)}`);
  const reservation = await reserveThrottle(db, [key], clock.now());
  const verified = reservation.blockedForMs === 0 && (await proves(person, text(b.pin, 16), text(b.badge, 200)));
  if (verified) await clearThrottle(db, [key]);
  const enroller = String(
    (
      await db.query<{ by: string | null }>(
        `SELECT ${columnName('enrolledBy')} AS by FROM ${Device.table} WHERE panel_id = $1 AND id = $2`,
        [panelId, device.id],
      )
    )[0]?.by ?? '',
  );
  if (!isUuid(enroller)) throw refused();
  const outcome = await inDeviceWrite(
    request,
    { panelId, userId: enroller, actorName: String(device.name), permissions: kioskPermissions },
    (ctx) =>
      applyMutation(withKioskProof(ctx, { device, verified }), {
        entity: Punch,
        op: 'create',
        id,
        values: { personnelId: person.id, direction, at, deviceAt: text(b.deviceAt, 40), source: 'kiosk', deviceId: device.id },
      }),
  );
  if (outcome.status === 'rejected') throw new AppError(outcome.code, outcome.code === Code.AlreadyExists ? 409 : 400);
  const answer: KioskPunchAnswer = {
    id,
    name: String(person.name),
    direction,
    at,
    verified,
    status: String(outcome.row?.status ?? (verified ? 'accepted' : 'flagged')),
  };
  return ok(request, answer, Code.Created);
}

const uuid = textSchema({ format: 'uuid' });
const body200 = (data: JsonSchema) => ({ 200: envelope(data) });
const schemas = {
  enrol: {
    summary: 'Enrol this tablet as a kiosk Device (a manager): answers its device credential',
    body: object({ deviceId: uuid }, { required: ['deviceId'] }),
    response: body200(object({ credential: textSchema(), deviceId: uuid }, { required: ['credential', 'deviceId'] })),
  },
  leave: {
    summary: 'End kiosk mode on a tablet (a manager): revokes the kiosk Device’s credential',
    body: object({ deviceId: uuid }, { required: ['deviceId'] }),
    response: body200({ type: 'null' }),
  },
  roster: {
    summary: 'The names and personnel codes a kiosk shows (`Authorization: Device <credential>` only)',
    response: body200(
      object(
        {
          device: object(
            { id: uuid, name: textSchema(), place: textSchema(), active: { type: 'boolean' } },
            { required: ['id', 'name', 'place', 'active'] },
          ),
          people: arrayOf(object({ code: textSchema(), name: textSchema() }, { required: ['code', 'name'] })),
        },
        { required: ['device', 'people'] },
      ),
    ),
  },
  punch: {
    summary: 'A kiosk punch with its proof (PIN or badge), checked on arrival (`Authorization: Device <credential>` only)',
    body: object(
      {
        id: uuid,
        code: textSchema(),
        direction: { type: 'string', enum: ['in', 'out'] },
        at: textSchema({ format: 'date-time' }),
        deviceAt: textSchema({ format: 'date-time' }),
        pin: textSchema(),
        badge: textSchema(),
      },
      { required: ['id', 'code', 'direction', 'at'] },
    ),
    response: body200(
      object(
        { id: uuid, name: textSchema(), direction: textSchema(), at: textSchema(), verified: { type: 'boolean' }, status: textSchema() },
        { required: ['id', 'name', 'direction', 'at', 'verified', 'status'] },
      ),
    ),
  },
};

/** A manager's calls, in the module's panel scope. */
export function kioskRoutes(scope: FastifyInstance): void {
  scope.post(pathInScope(scope, kioskEndpoints.enrol.path), { schema: schemas.enrol }, enrol);
  scope.post(pathInScope(scope, kioskEndpoints.leave.path), { schema: schemas.leave }, leave);
}

/** The tablet's calls, in the module's device scope: its credential instead of a session. */
export function kioskDeviceRoutes(scope: FastifyInstance): void {
  scope.get(pathInScope(scope, kioskEndpoints.roster.path), { schema: schemas.roster }, roster);
  scope.post(pathInScope(scope, kioskEndpoints.punch.path), { schema: schemas.punch }, punch);
}
