/**
 * The panel endpoints of src/contract/panels.ts: register a panel (its creator owns it), the
 * caller's panels, the current panel with the caller's access, its details and modules, the
 * first-run setup and the activity summary. Every settings change is audited.
 */
import { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Code } from '../../src/contract/codes.ts';
import { allPermissions } from '../../src/contract/modules.ts';
import { Activity, Role } from '../../src/contract/entities/panelManagement.ts';
import { permission, rowForReader } from '../../src/contract/entity.ts';
import {
  ACTIVITY_RECENT_DEFAULT,
  ACTIVITY_RECENT_MAX,
  PANEL_SETTINGS_PERMISSION,
  panelEndpoints,
  type PanelDetails,
} from '../../src/contract/panels.ts';
import { requireSession } from '../auth/session.ts';
import { recordActivity } from '../entities/activityLog.ts';
import { inPanelWrite } from '../entities/panelWrite.ts';
import { failure, ok } from '../envelope.ts';
import { AppError } from '../errors.ts';
import { createDefaultRoles } from '../access/defaultRoles.ts';
import { activitySummary } from '../entities/activitySummary.ts';
import { restoreBackup, writeBackup } from '../panels/panelBackup.ts';
import { ensurePermission, inEnabledModules, requirePanel, type PanelAccess } from '../panels/panelAccess.ts';
import { PanelInputError, parseDetails, parseModuleIcons, parseModules } from '../panels/panelInput.ts';
import { currentPanel, insertPanel, newPanelCode, panelsOf, updateDetails, updateModules } from '../panels/panelStore.ts';
import { findPersonById } from '../panels/people.ts';
import { lockPanelWrites } from '../db/changeLog.ts';
import { panelSchemas } from '../apiSchema/panelSchemas.ts';
import { apiPath } from './apiPath.ts';

function bodyOf(request: FastifyRequest): Record<string, unknown> {
  const value = request.body;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new AppError(Code.BadRequest, 400);
  return value as Record<string, unknown>;
}

/** Field problems answer 400 with `data: { fields }`. */
async function withInput(reply: FastifyReply, request: FastifyRequest, work: () => Promise<unknown>): Promise<unknown> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof PanelInputError)) throw error;
    return reply.status(400).send({ ...failure(request, error.code), data: { fields: error.fields } });
  }
}

async function register(request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
  const input = bodyOf(request);
  const details = parseDetails(input, true) as PanelDetails;
  const modules = parseModules(input.modules, true);
  const { db, clock } = request.server.deps;
  const userId = request.session.userId;
  const now = new Date(clock.now());
  const access = await db.transaction(async (tx) => {
    const code = await newPanelCode(tx);
    const id = await insertPanel(tx, { code, details, modules, ownerUserId: userId, now });
    const person = await findPersonById(tx, userId);
    const owner: PanelAccess = {
      id,
      code,
      isOwner: true,
      permissions: new Set(inEnabledModules(allPermissions(), modules)),
      granted: new Set(allPermissions()),
      roleName: null,
      memberId: null,
      roleId: null,
      actorName: person?.displayName ?? request.session.username,
      modules,
    };
    await lockPanelWrites(tx, id);
    await recordActivity({ tx, access: owner, userId, now }, { action: 'panel', entity: 'Panel', rowTitle: details.name, rowId: id });
    return owner;
  });
  return reply.status(201).send(ok(request, await currentPanel(db, access), Code.Created));
}

export async function registerPanelRoutes(app: FastifyInstance): Promise<void> {
  const inPanel = [requireSession, requirePanel];
  const schemas = panelSchemas();

  // A backup file is read as the stream it is (restoreBackup unpacks it); the body limit does not
  // apply to it, the restore's own limit on the unpacked size does.
  app.addContentTypeParser(['application/gzip', 'application/octet-stream'], (_request, payload, done) => done(null, payload));

  app.get(apiPath(panelEndpoints.backup), { preHandler: inPanel, schema: schemas.backup }, async (request, reply) => {
    if (!request.panel.isOwner) throw new AppError(Code.InvalidOperation, 403);
    const { db, clock } = request.server.deps;
    const now = new Date(clock.now());
    const gzip = createGzip({ level: 6 });
    // Errors after the first byte cannot change the status: the file is then cut short, and its
    // missing last line (count and checksum) makes any restore refuse it.
    writeBackup(db, request.panel.id, now, gzip).catch((error: unknown) => {
      request.log.error({ err: error }, 'panel backup failed');
      gzip.destroy(error as Error);
    });
    const day = now.toISOString().slice(0, 10);
    return reply
      .header('content-type', 'application/gzip')
      .header('content-disposition', `attachment; filename="pishkhan-${request.panel.code}-${day}.pishkhan.gz"`)
      .header('cache-control', 'no-store')
      .send(gzip);
  });

  app.post(
    apiPath(panelEndpoints.restore),
    { preHandler: requireSession, schema: schemas.restore, config: { failureCode: Code.CreateFailed } },
    async (request, reply) => {
      const upload = request.body;
      if (!(upload instanceof Readable)) throw new AppError(Code.BadRequest, 400);
      const { db, clock, config } = request.server.deps;
      const restored = await restoreBackup(db, upload, request.session.userId, new Date(clock.now()), config.restoreLimitBytes);
      return reply.status(201).send(ok(request, { code: restored.code, name: restored.name }, Code.Created));
    },
  );

  app.post(
    apiPath(panelEndpoints.register),
    { preHandler: requireSession, schema: schemas.register, config: { failureCode: Code.CreateFailed } },
    (request, reply) => withInput(reply, request, () => register(request, reply)),
  );

  app.get(apiPath(panelEndpoints.list), { preHandler: requireSession, schema: schemas.list }, async (request) =>
    ok(request, await panelsOf(request.server.deps.db, request.session.userId), Code.Retrieved),
  );

  app.get(apiPath(panelEndpoints.current), { preHandler: inPanel, schema: schemas.current }, async (request) =>
    ok(request, await currentPanel(request.server.deps.db, request.panel), Code.Retrieved),
  );

  app.put(apiPath(panelEndpoints.updateDetails), { preHandler: inPanel, schema: schemas.updateDetails }, (request, reply) =>
    withInput(reply, request, async () => {
      const details = parseDetails(bodyOf(request), false);
      const access = await inPanelWrite(
        request,
        async (ctx) => {
          await updateDetails(ctx.tx, ctx.access.id, details, ctx.now);
          await recordActivity(ctx, { action: 'panel', entity: 'Panel/Details', rowTitle: details.name ?? '', rowId: ctx.access.id });
          return ctx.access;
        },
        [PANEL_SETTINGS_PERMISSION],
      );
      return ok(request, await currentPanel(request.server.deps.db, access), Code.Updated);
    }),
  );

  app.put(apiPath(panelEndpoints.updateModules), { preHandler: inPanel, schema: schemas.updateModules }, (request, reply) =>
    withInput(reply, request, async () => {
      const input = bodyOf(request);
      const modules = parseModules(input.modules, false);
      const icons = parseModuleIcons(input.moduleIcons);
      const access = await inPanelWrite(
        request,
        async (ctx) => {
          await updateModules(ctx.tx, ctx.access.id, modules, icons, ctx.now);
          await recordActivity(ctx, { action: 'panel', entity: 'Panel/Modules', rowTitle: modules.join(', '), rowId: ctx.access.id });
          // The answer carries the access after the change: what the role grants, cut to the modules now on.
          return { ...ctx.access, modules, permissions: new Set(inEnabledModules([...ctx.access.granted], modules)) };
        },
        [PANEL_SETTINGS_PERMISSION],
      );
      return ok(request, await currentPanel(request.server.deps.db, access), Code.Updated);
    }),
  );

  app.post(apiPath(panelEndpoints.initialElements), { preHandler: inPanel, schema: schemas.initialElements }, async (request) => {
    const roles = await inPanelWrite(
      request,
      async (ctx) => {
        const [panel] = await ctx.tx.query<{ initialized: boolean }>('SELECT initialized FROM panels WHERE id = $1', [ctx.access.id]);
        return (await createDefaultRoles(ctx, panel?.initialized === true)).map((role) => rowForReader(Role, role, ctx.access.permissions));
      },
      [PANEL_SETTINGS_PERMISSION, permission(Role, 'create')],
    );
    return ok(request, { roles }, Code.Done);
  });

  app.get(apiPath(panelEndpoints.activitySummary), { preHandler: inPanel, schema: schemas.activitySummary }, async (request) => {
    ensurePermission(request.panel, permission(Activity, 'read'));
    const raw = (request.query as { recent?: unknown }).recent;
    const recent = raw === undefined || raw === '' ? ACTIVITY_RECENT_DEFAULT : Number(raw);
    if (!Number.isInteger(recent) || recent < 0 || recent > ACTIVITY_RECENT_MAX) throw new AppError(Code.BadRequest, 400);
    const { db, clock } = request.server.deps;
    return ok(request, await activitySummary(db, request.panel, clock.now(), recent), Code.Retrieved);
  });
}
