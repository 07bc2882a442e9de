/**
 * A document made by another's step (decision 043): an invoice's submit makes and submits the
 * receipt of what was paid on it, and its cancel cancels that receipt, in the same transaction.
 * The made document goes through the one mutation path — its values checked, its own hooks,
 * its number from its series, its published events, its audit row and change-log stamp (so
 * devices pull it) — as if its maker's writer had written it, with the made entity's create,
 * submit, cancel and read granted for that step only: allowed to submit the invoice is allowed
 * to make its receipt. Its hooks see `ctx.madeBy`, which is how a made document refuses a cancel
 * of its own (only its maker's cancel may). A refusal of the made document's step refuses the
 * maker's step with the same code and detail.
 */
import { permission, type Entity, type Row } from '../../src/contract/entity.ts';
import { applyMutation, type MutationOutcome } from './applyMutation.ts';
import { findRow } from './entityStore.ts';
import { setServerFields } from './serverFields.ts';
import { RuleRejection, type WriteContext } from './writeContext.ts';

/** The document whose step makes (or cancels) another. */
export interface DocumentMaker {
  /** `<Module>/<Entity>` of the maker. */
  entity: string;
  id: string;
}

function onBehalf(ctx: WriteContext, maker: DocumentMaker, entity: Entity): WriteContext {
  const granted = (['read', 'create', 'submit', 'cancel'] as const).map((action) => permission(entity, action));
  // The made document's audit rows are written in the step's savepoint, so a refusal after it leaves none behind.
  const { journal: _journal, ...rest } = ctx;
  return { ...rest, madeBy: maker, access: { ...ctx.access, permissions: new Set([...ctx.access.permissions, ...granted]) } };
}

function applied(outcome: MutationOutcome): Row {
  if (outcome.status === 'rejected') {
    throw new RuleRejection(outcome.code, undefined, outcome.detail === undefined ? {} : { detail: outcome.detail });
  }
  return outcome.row!;
}

/**
 * Creates the document `id` with `values`, writes the read-only fields `kept` (a reference to its
 * maker) and submits it; answers the submitted row. Give it an id derived from the maker's, so
 * that it is the same on every server and in every test.
 */
export async function submitMadeDocument(
  ctx: WriteContext,
  maker: DocumentMaker,
  entity: Entity,
  id: string,
  values: Record<string, unknown>,
  kept: Record<string, unknown> = {},
): Promise<Row> {
  const made = onBehalf(ctx, maker, entity);
  const created = applied(await applyMutation(made, { entity, op: 'create', id, values }));
  await setServerFields(made, entity, id, kept);
  return applied(await applyMutation(made, { entity, op: 'submit', id, baseVersion: created.version }));
}

/** Cancels the submitted document `id` that `maker` made; answers the cancelled row. */
export async function cancelMadeDocument(ctx: WriteContext, maker: DocumentMaker, entity: Entity, id: string): Promise<Row> {
  const made = onBehalf(ctx, maker, entity);
  const current = await findRow(ctx.tx, entity, ctx.access.id, id);
  if (!current) throw new Error(`${entity.key} ${id}, made by ${maker.entity} ${maker.id}, is not there`);
  return applied(await applyMutation(made, { entity, op: 'cancel', id, baseVersion: current.version }));
}
