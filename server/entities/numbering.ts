/**
 * Document numbers (documents.md): `<prefix>-<Jalali year>-<sequence>`, e.g. RC-1404-00042, per
 * panel and document, given at submit in the submit's transaction (the panel's write lock is
 * held), never reused. The prefix is the panel's NumberSeries row for the document, or the
 * document's declared one.
 */
import { NumberSeries } from '../../src/contract/entities/panelManagement.ts';
import type { DocumentSpec, Entity } from '../../src/contract/entity.ts';
import { jalaliYear } from '../../src/contract/jalali.ts';
import type { WriteContext } from './writeContext.ts';

export async function nextDocumentNumber(ctx: WriteContext, entity: Entity & { document: DocumentSpec }): Promise<string> {
  const year = jalaliYear(ctx.now);
  const [series] = await ctx.tx.query<{ last_number: number; prefix: string | null }>(
    `WITH next AS (
       INSERT INTO document_series (panel_id, entity, year, last_number) VALUES ($1, $2, $3, 1)
       ON CONFLICT (panel_id, entity, year) DO UPDATE SET last_number = document_series.last_number + 1
       RETURNING last_number
     )
     SELECT next.last_number, (SELECT prefix FROM ${NumberSeries.table} WHERE panel_id = $1 AND document = $2 AND NOT deleted) AS prefix FROM next`,
    [ctx.access.id, entity.key, year],
  );
  const prefix = series?.prefix || entity.document.series;
  return `${prefix}-${year}-${String(series!.last_number).padStart(5, '0')}`;
}
