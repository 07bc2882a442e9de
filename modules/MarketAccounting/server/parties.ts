/**
 * Parties of followed documents (docs/decisions/016-accounting-parties-and-posting.md): a
 * supplier of warehousing or a customer of sales gets a mirror Party here, found or made with an
 * id derived from the source's reference, named as the source names it. Accounting reads the
 * source's row by its declared entity and field names, never by importing the other module.
 */
import { entityByKey } from '../../../src/contract/modules.ts';
import { appendLedger, findRow, stableId, type WriteContext } from '../../../server/moduleApi.ts';
import { Party } from '../entities/books.ts';

export const mirrorPartyId = (sourceEntity: string, sourceId: string) => stableId('MarketAccounting/Party', sourceEntity, sourceId);

/** The mirror party of the row `sourceId` of `sourceEntity` (made on first use), or null without one. */
export async function mirrorParty(ctx: WriteContext, sourceEntity: string, sourceId: unknown): Promise<string | null> {
  if (typeof sourceId !== 'string' || !sourceId) return null;
  const id = mirrorPartyId(sourceEntity, sourceId);
  if (await findRow(ctx.tx, Party, ctx.access.id, id)) return id;
  const entity = entityByKey(sourceEntity);
  const source = entity ? await findRow(ctx.tx, entity, ctx.access.id, sourceId) : null;
  const name = typeof source?.name === 'string' && source.name ? source.name : sourceId.slice(0, 8);
  await appendLedger(ctx, Party, [{ id, values: { name, mobile: null, nationalId: null, note: null, source: `${sourceEntity}:${sourceId}` } }]);
  return id;
}
