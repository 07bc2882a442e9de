/**
 * REST for every declared entity under `/api/<Module>/<Entity>` (src/contract/entity.ts says
 * what each call takes). Reads check the read permission and the row scope here; writes go through the one
 * mutation path, which checks the rest. Ids that are not this panel's rows, whatever they are,
 * get one answer: 404 with 9101.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Code } from '../../src/contract/codes.ts';
import { entities } from '../../src/contract/modules.ts';
import { entityPath, isDocument, permission, rowForReader, type Entity } from '../../src/contract/entity.ts';
import { isUuid } from '../../src/contract/fields.ts';
import type { MutationOp } from '../../src/contract/sync.ts';
import { requireSession } from '../auth/session.ts';
import { applyMutation, type MutationOutcome } from '../entities/applyMutation.ts';
import { findRow } from '../entities/entityStore.ts';
import { listRows } from '../entities/listQuery.ts';
import { rowForCaller } from '../entities/rowScope.ts';
import { sendOutcome } from '../entities/mutationReply.ts';
import { inPanelWrite } from '../entities/panelWrite.ts';
import { ok } from '../envelope.ts';
import { AppError } from '../errors.ts';
import { mutationFailureCode } from '../failureAnswer.ts';
import { ensurePermission, requirePanel } from '../panels/panelAccess.ts';
import {
  createBody,
  idParams,
  listQuery,
  listSchema,
  rowSchema,
  updateBody,
  versionBody,
  versionQuery,
} from '../apiSchema/entitySchemas.ts';
import { envelope, orNull, type RouteDoc } from '../apiSchema/schemaKit.ts';
import { apiPath } from './apiPath.ts';

const notFound = () => new AppError(Code.NotFound, 404);

function body(request: FastifyRequest): Record<string, unknown> {
  const value = request.body;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new AppError(Code.BadRequest, 400);
  return { ...(value as Record<string, unknown>) };
}

function rowId(request: FastifyRequest): string {
  const { id } = request.params as { id: string };
  if (!isUuid(id)) throw notFound();
  return id.toLowerCase();
}

/** Over REST the version travels as `version`, so a problem with it is reported under that name. */
function restFields(outcome: MutationOutcome): MutationOutcome {
  if (outcome.status !== 'rejected' || !outcome.fields || !('baseVersion' in outcome.fields)) return outcome;
  const { baseVersion, ...fields } = outcome.fields;
  return { ...outcome, fields: { ...fields, version: baseVersion } };
}

/** `version` from a query string or a form body comes as text. */
function versionOf(raw: unknown): unknown {
  return typeof raw === 'string' && /^\d{1,9}$/.test(raw) ? Number(raw) : raw;
}

function entityRoutes(app: FastifyInstance, entity: Entity): void {
  const path = apiPath({ path: entityPath(entity) });
  const preHandler = [requireSession, requirePanel];
  const doc = (summary: string): RouteDoc => ({ summary: `${summary}: ${entity.key}`, tags: [entity.module] });
  const written = envelope(orNull(rowSchema(entity)));
  const write = async (
    request: FastifyRequest,
    op: MutationOp,
    id: string,
    values: Record<string, unknown> | undefined,
    baseVersion?: unknown,
  ) => restFields(await inPanelWrite(request, (ctx) => applyMutation(ctx, { entity, op, id, values, baseVersion })));

  app.get(
    path,
    { preHandler, schema: { ...doc('List'), querystring: listQuery(entity), response: { 200: envelope(listSchema(entity)) } } },
    async (request) => {
      ensurePermission(request.panel, permission(entity, 'read'));
      const { permissions, memberId } = request.panel;
      const data = await listRows(
        request.server.deps.db,
        entity,
        request.panel.id,
        request.query as Record<string, unknown>,
        permissions,
        memberId,
        request.panel.userId,
      );
      // Every listed row is in the caller's scope; rowForCaller also blanks what they may not read of it.
      return ok(
        request,
        { ...data, items: data.items.map((row) => rowForCaller(entity, request.panel, row) ?? rowForReader(entity, row, permissions)) },
        Code.Retrieved,
      );
    },
  );

  app.get(
    `${path}/:id`,
    { preHandler, schema: { ...doc('Read one'), params: idParams, response: { 200: envelope(rowSchema(entity)) } } },
    async (request) => {
      ensurePermission(request.panel, permission(entity, 'read'));
      const row = await findRow(request.server.deps.db, entity, request.panel.id, rowId(request));
      // A row outside the caller's scope is answered exactly as one that is not there.
      const seen = row && !row.deleted ? rowForCaller(entity, request.panel, row) : null;
      if (!seen) throw notFound();
      return ok(request, seen, Code.Retrieved);
    },
  );

  app.post(
    path,
    {
      preHandler,
      config: { failureCode: mutationFailureCode('create') },
      schema: { ...doc('Create'), body: createBody(entity), response: { 200: written, 201: written } },
    },
    async (request, reply) => {
      const { id, ...values } = body(request);
      const outcome = await write(request, 'create', id === undefined ? randomUUID() : String(id), values);
      return sendOutcome(request, reply, outcome);
    },
  );

  app.put(
    `${path}/:id`,
    { preHandler, schema: { ...doc('Update'), params: idParams, body: updateBody(entity), response: { 200: written } } },
    async (request, reply) => {
      const id = rowId(request);
      const { version, ...values } = body(request);
      delete values.id;
      return sendOutcome(request, reply, await write(request, 'update', id, values, versionOf(version)));
    },
  );

  app.delete(
    `${path}/:id`,
    { preHandler, schema: { ...doc('Delete'), params: idParams, querystring: versionQuery, response: { 200: written } } },
    async (request, reply) => {
      const id = rowId(request);
      const { version } = request.query as { version?: unknown };
      return sendOutcome(request, reply, await write(request, 'delete', id, undefined, versionOf(version)));
    },
  );

  if (!isDocument(entity)) return;
  for (const step of ['submit', 'cancel'] as const) {
    const schema = { ...doc(step === 'submit' ? 'Submit' : 'Cancel'), params: idParams, body: versionBody, response: { 200: written } };
    app.post(`${path}/:id/${step}`, { preHandler, schema, config: { failureCode: mutationFailureCode(step) } }, async (request, reply) => {
      const id = rowId(request);
      return sendOutcome(request, reply, await write(request, step, id, undefined, versionOf(body(request).version)));
    });
  }
}

export async function registerEntityRoutes(app: FastifyInstance): Promise<void> {
  for (const entity of entities()) entityRoutes(app, entity);
}
