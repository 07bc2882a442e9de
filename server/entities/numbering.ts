/**
 * Document numbers (documents.md): `<prefix>-<Jalali year>-<sequence>`, e.g. RC-1404-00042, per
 * panel, document and the fiscal year of the document's date, given at submit in the submit's transaction (the panel's write lock is
 * held), never reused. The prefix is the panel's NumberSeries row for the document, or the
 * document's declared one.
 */
import { NumberSeries } from '../../src/contract/entities/panelManagement.ts';
import type { DocumentSpec, Entity, Row } from '../../src/contract/entity.ts';
import { jalaliYear } from '../../src/contract/jalali.ts';
import type { WriteContext } from './writeContext.ts';

/**
 * The fiscal (Jalali) year a document belongs to: that of its own `date` when it has one (a
 * voucher dated 1404-12-10 submitted in 1405 is JV-1404-…), else that of the day it is submitted.
 */
export function fiscalYearOf(ctx: WriteContext, entity: Entity, doc: Row): number {
  const date = entity.fields.date?.kind === 'date' ? doc.date : null;
  // Noon UTC is the same day in Tehran, whichever side of midnight its offset falls.
  return typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date) ? jalaliYear(new Date(`${date}T12:00:00Z`)) : jalaliYear(ctx.now);
}

export async function nextDocumentNumber(ctx: WriteContext, entity: Entity & { document: DocumentSpec }, doc: Row): Promise<string> {
  const year = fiscalYearOf(ctx, entity, doc);
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
