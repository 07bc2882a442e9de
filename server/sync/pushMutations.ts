/**
 * Push (POST /api/Sync/Push): a batch of one client's mutations, applied in order in one
 * transaction that holds the panel's write lock. A mutation numbered at or below the client's
 * last processed number is a replay: it gets its first answer again (with the row as it is now)
 * and is never applied twice. Each new answer, applied or rejected, is stored with the writes, so
 * a rejection never blocks the mutations behind it.
 */
import type { FastifyRequest } from 'fastify';
import { Code } from '../../src/contract/codes.ts';
import { entityByKey } from '../../src/contract/modules.ts';
import { permission, type Entity, type Row } from '../../src/contract/entity.ts';
import { isUuid } from '../../src/contract/fields.ts';
import { PUSH_BATCH_MAX, type Mutation, type MutationResult, type PushRequest, type PushResponse } from '../../src/contract/sync.ts';
import { ActivityJournal } from '../entities/activityLog.ts';
import { applyCreates, applyMutation, createsTogether, type MutationOutcome } from '../entities/applyMutation.ts';
import { findRow, findRows } from '../entities/entityStore.ts';
import { hooksFor } from '../entities/lifecycle.ts';
import { inPanelWrite } from '../entities/panelWrite.ts';
import { rowForCaller } from '../entities/rowScope.ts';
import type { WriteContext } from '../entities/writeContext.ts';
import { AppError } from '../errors.ts';
import { databaseTrouble, mutationFailureCode } from '../failureAnswer.ts';
import { messageFor } from '../i18n/messages.ts';
import { accessById, type PanelAccess } from '../panels/panelAccess.ts';
import { claimClient, recordResults, storedResults, type StoredResult } from './syncClients.ts';

const CLIENT_ID = /^[A-Za-z0-9_-]{8,100}$/;
const ops = new Set(['create', 'update', 'delete', 'submit', 'cancel']);
const badRequest = () => new AppError(Code.BadRequest, 400);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The batch's shape; a malformed batch is refused whole (400), a malformed mutation alone is rejected. */
export function parsePush(body: unknown): PushRequest {
  if (!isObject(body) || typeof body.clientId !== 'string' || !CLIENT_ID.test(body.clientId)) throw badRequest();
  const { mutations } = body;
  if (!Array.isArray(mutations) || mutations.length > PUSH_BATCH_MAX) throw badRequest();
  let previous = 0;
  for (const m of mutations) {
    if (!isObject(m) || !Number.isSafeInteger(m.mutationId) || (m.mutationId as number) <= previous) throw badRequest();
    previous = m.mutationId as number;
  }
  return { clientId: body.clientId, mutations: mutations as Mutation[] };
}

function noAccess(access: PanelAccess): PanelAccess {
  return { ...access, permissions: new Set(), roleName: null };
}

function wellFormed(m: Mutation): Entity | null {
  const entity = typeof m.entity === 'string' ? entityByKey(m.entity) : undefined;
  if (!entity || !ops.has(m.op) || typeof m.id !== 'string') return null;
  if (m.values !== undefined && !isObject(m.values)) return null;
  if (m.dependsOn !== undefined && !(Number.isSafeInteger(m.dependsOn) && m.dependsOn > 0 && m.dependsOn < m.mutationId)) return null;
  return entity;
}

/**
 * A mutation whose base counted on an earlier one of the same client that was rejected is held:
 * rejected too (9303), naming the first rejected mutation of the chain, with the row as it is.
 */
async function held(ctx: WriteContext, entity: Entity, m: Mutation, prior: StoredResult): Promise<MutationOutcome> {
  const readable = ctx.access.permissions.has(permission(entity, 'read'));
  const found = readable && isUuid(m.id) ? await findRow(ctx.tx, entity, ctx.access.id, m.id.toLowerCase()) : null;
  const row = found ? rowForCaller(entity, ctx.access, found) : null;
  return { status: 'rejected', code: Code.ConcurrencyFailure, heldBy: prior.heldBy ?? prior.mutationId, row };
}

async function applyOne(
  ctx: WriteContext,
  m: Mutation,
  earlier: (mutationId: number) => StoredResult | undefined,
): Promise<MutationOutcome> {
  const entity = wellFormed(m);
  if (!entity) return { status: 'rejected', code: Code.BadRequest, row: null };
  const prior = m.dependsOn === undefined ? undefined : earlier(m.dependsOn);
  if (prior?.status === 'rejected') return held(ctx, entity, m, prior);
  return applyMutation(ctx, { entity, op: m.op, id: m.id, baseVersion: m.baseVersion, values: m.values });
}

/**
 * The creates from `at` on that applyCreates may write together: two or more in a row, of one
 * entity that createsTogether, none depending on another mutation. Empty when there is no such run.
 */
function createRun(mutations: readonly Mutation[], at: number): Mutation[] {
  const entity = wellFormed(mutations[at]!);
  if (!entity || !createsTogether(entity)) return [];
  let end = at;
  while (end < mutations.length) {
    const m = mutations[end]!;
    if (m.op !== 'create' || m.dependsOn !== undefined || wellFormed(m) !== entity) break;
    end++;
  }
  return end - at > 1 ? mutations.slice(at, end) : [];
}

/** The rows replayed answers name, as they are at the end of the batch: one query per entity. */
async function currentRows(ctx: WriteContext, named: readonly StoredResult[]): Promise<Map<string, Row>> {
  const idsByEntity = new Map<string, string[]>();
  for (const r of named) {
    if (!isUuid(r.id)) continue;
    const ids = idsByEntity.get(r.entity) ?? [];
    ids.push(r.id);
    idsByEntity.set(r.entity, ids);
  }
  const rows = new Map<string, Row>();
  for (const [key, ids] of idsByEntity) {
    const entity = entityByKey(key);
    if (!entity || !ctx.access.permissions.has(permission(entity, 'read'))) continue;
    for (const row of await findRows(ctx.tx, entity, ctx.access.id, ids)) {
      const seen = rowForCaller(entity, ctx.access, row);
      if (seen) rows.set(`${key}:${row.id}`, seen);
    }
  }
  return rows;
}

function answer(ctx: WriteContext, r: StoredResult): MutationResult {
  return {
    mutationId: r.mutationId,
    status: r.status,
    code: r.code,
    message: messageFor(r.code, ctx.lang),
    ...(r.fields ? { fields: r.fields } : {}),
    ...(r.heldBy ? { heldBy: r.heldBy } : {}),
    ...(r.detail !== undefined ? { detail: r.detail } : {}),
  };
}

/** Applies the mutations in the caller's transaction, which holds the panel's write lock. */
async function applyBatch(ctx: WriteContext, clientId: string, mutations: readonly Mutation[]): Promise<PushResponse> {
  const last = await claimClient(ctx.tx, clientId, ctx.access.id, ctx.userId, ctx.now);
  if (last === null) throw new AppError(Code.InvalidOperation, 403);
  const replayed = mutations.filter((m) => m.mutationId <= last).map((m) => m.mutationId);
  const dependedOn = mutations.flatMap((m) => (Number.isSafeInteger(m.dependsOn) && m.dependsOn! <= last ? [m.dependsOn!] : []));
  const known = await storedResults(ctx.tx, clientId, [...new Set([...replayed, ...dependedOn])]);
  const stored = new Map([...known].filter(([id]) => replayed.includes(id)));
  const results: MutationResult[] = [];
  const fresh: StoredResult[] = [];
  const freshById = new Map<number, StoredResult>();
  const earlier = (mutationId: number) => freshById.get(mutationId) ?? known.get(mutationId);
  const journal = new ActivityJournal();
  let access = ctx.access;
  for (let at = 0; at < mutations.length;) {
    const m = mutations[at]!;
    if (m.mutationId <= last) {
      const first = stored.get(m.mutationId);
      // Numbered at or below the last processed one but never seen: sent out of order.
      results.push(first ? answer(ctx, first) : { ...answer(ctx, outOfOrder(m)), row: null });
      at++;
      continue;
    }
    const run = createRun(mutations, at);
    const outcomes = run.length
      ? await applyCreates({ ...ctx, access, journal }, wellFormed(m)!, run)
      : [await applyOne({ ...ctx, access, journal }, m, earlier)];
    const applied = run.length ? run : [m];
    at += applied.length;
    applied.forEach((one, i) => {
      const outcome = outcomes[i]!;
      const result = storedResult(one, outcome);
      fresh.push(result);
      freshById.set(result.mutationId, result);
      results.push({ ...answer(ctx, result), row: outcome.row });
    });
    // A run's entity never changes access (createsTogether).
    const [outcome] = outcomes;
    const entity = run.length ? undefined : wellFormed(m);
    if (outcome?.status === 'applied' && entity && hooksFor(entity.key).affectsAccess?.(access, m.id.toLowerCase())) {
      access = (await accessById(ctx.tx, ctx.access.id, ctx.userId)) ?? noAccess(access);
    }
  }
  await journal.flush(ctx);
  const rows = await currentRows({ ...ctx, access }, [...stored.values()]);
  for (const r of results) {
    const first = stored.get(r.mutationId);
    if (first && r.row === undefined) r.row = rows.get(`${first.entity}:${first.id}`) ?? null;
  }
  await recordResults(ctx.tx, clientId, fresh, ctx.now);
  return { lastMutationId: fresh.length ? fresh[fresh.length - 1]!.mutationId : last, results };
}

function storedResult(m: Mutation, outcome: MutationOutcome): StoredResult {
  const entity = typeof m.entity === 'string' ? entityByKey(m.entity) : undefined;
  return {
    mutationId: m.mutationId,
    status: outcome.status,
    code: outcome.code,
    ...(outcome.status === 'rejected' && outcome.fields ? { fields: outcome.fields } : {}),
    ...(outcome.status === 'rejected' && outcome.heldBy ? { heldBy: outcome.heldBy } : {}),
    ...(outcome.status === 'rejected' && outcome.detail !== undefined ? { detail: outcome.detail } : {}),
    entity: entity?.key ?? '',
    id: typeof m.id === 'string' ? m.id.toLowerCase() : '',
  };
}

function outOfOrder(m: Mutation): StoredResult {
  return { mutationId: m.mutationId, status: 'rejected', code: Code.InvalidOperation, entity: '', id: '' };
}

/**
 * A mutation the database refused in a way no rule foresaw: recorded as rejected with its
 * operation's failure code (9100 creating, 9103 updating, 9104 deleting), so it blocks nothing.
 */
async function recordFailure(ctx: WriteContext, clientId: string, m: Mutation): Promise<PushResponse> {
  const last = await claimClient(ctx.tx, clientId, ctx.access.id, ctx.userId, ctx.now);
  if (last === null) throw new AppError(Code.InvalidOperation, 403);
  if (m.mutationId <= last) return applyBatch(ctx, clientId, [m]);
  const result = storedResult(m, { status: 'rejected', code: mutationFailureCode(m.op), row: null });
  await recordResults(ctx.tx, clientId, [result], ctx.now);
  return { lastMutationId: m.mutationId, results: [{ ...answer(ctx, result), row: null }] };
}

/** The slow path after a batch failed: each mutation in a transaction of its own. */
async function pushOneByOne(request: FastifyRequest, push: PushRequest): Promise<PushResponse> {
  const results: MutationResult[] = [];
  let lastMutationId = 0;
  for (const m of push.mutations) {
    let one: PushResponse;
    try {
      one = await inPanelWrite(request, (ctx) => applyBatch(ctx, push.clientId, [m]));
    } catch (error) {
      // The database's own trouble (down, full, a rolled-back transaction) is no fault of the
      // mutation: the whole push fails (503) and the client sends it again later.
      if (error instanceof AppError || databaseTrouble(error)) throw error;
      request.log.error({ err: error, mutationId: m.mutationId }, 'a pushed mutation failed; recorded as rejected');
      one = await inPanelWrite(request, (ctx) => recordFailure(ctx, push.clientId, m));
    }
    results.push(...one.results);
    lastMutationId = one.lastMutationId;
  }
  return { lastMutationId, results };
}

/**
 * The whole batch in one transaction (one commit, one lock). Should the database refuse
 * something no rule foresaw, nothing of the batch is kept and it is applied again one mutation
 * at a time, the failing one recorded as rejected: a bad mutation never blocks the queue.
 */
export async function pushMutations(request: FastifyRequest, push: PushRequest): Promise<PushResponse> {
  try {
    return await inPanelWrite(request, (ctx) => applyBatch(ctx, push.clientId, push.mutations));
  } catch (error) {
    if (error instanceof AppError || !push.mutations.length) throw error;
    return pushOneByOne(request, push);
  }
}
