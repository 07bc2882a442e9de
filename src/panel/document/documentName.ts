/**
 * How a person names a record in a sentence: a document by its number once it has one, else by
 * its title, else by its kind and its date (Jalali with Persian digits in fa, never the wire's
 * "2026-11-26"); any other record by its title.
 */
import { useLingui } from '@lingui/react/macro';
import type { Entity, Row } from '../../contract/entity.ts';
import { formatDate } from '../../i18n/format.ts';
import { rowTitle } from '../entity/referenceTitles.ts';

/** Names a record in a sentence: "Receipt RC-1405-00012", "Receipt of 5 Azar 1405", "Role “Sales”". */
export function useDocumentName(): (entity: Entity, row: Record<string, unknown>) => string {
  const { t, i18n } = useLingui();
  return (entity, row) => {
    const kind = i18n._(entity.label);
    const number = row.number;
    if (typeof number === 'string' && number) return t`${kind} ${number}`;
    const title = row[entity.titleField];
    if (typeof title === 'string' && title && entity.fields[entity.titleField]?.kind !== 'date') return t`${kind} “${title}”`;
    const dateField = Object.entries(entity.fields).find(([, field]) => field.kind === 'date')?.[0];
    const date = dateField && typeof row[dateField] === 'string' ? formatDate(row[dateField] as string) : '';
    if (date) return t`${kind} of ${date}`;
    const other = rowTitle(entity, row as Row);
    return other ? t`${kind} “${other}”` : kind;
  };
}
