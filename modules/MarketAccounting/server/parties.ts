/**
 * Parties of followed documents (docs/decisions/016-accounting-parties-and-posting.md): a
 * supplier of warehousing or a customer of sales gets a mirror Party here, found or made with an
 * id derived from the source's reference, named as the source names it. The source says who the
 * party is in the event it publishes (decision 033); accounting reads none of its rows.
 */
import { appendLedger, findRow, stableId, type WriteContext } from '../../../server/moduleApi.ts';
import { Party } from '../entities/books.ts';

/** A party as a published event names it: the entity it is a row of, its id and its name. */
export interface SourceParty {
  entity: string;
  id: string;
  name: string | null;
}

export const mirrorPartyId = (sourceEntity: string, sourceId: string) => stableId('MarketAccounting/Party', sourceEntity, sourceId);

/** The mirror party of `party` (made on first use), or null without one. */
export async function mirrorParty(ctx: WriteContext, party: SourceParty | null): Promise<string | null> {
  if (!party?.id) return null;
  const id = mirrorPartyId(party.entity, party.id);
  if (await findRow(ctx.tx, Party, ctx.access.id, id)) return id;
  const name = party.name || party.id.slice(0, 8);
  await appendLedger(ctx, Party, [
    { id, values: { name, mobile: null, nationalId: null, note: null, source: `${party.entity}:${party.id}` } },
  ]);
  return id;
}
