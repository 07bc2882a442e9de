/**
 * DataTable columns from an entity's fields (its list, a document's lines): each field's kind
 * decides the column's kind, and the declaration's key fields — or, when it names none, every
 * number and amount — are the key figures (decision 026).
 */
import { useLingui } from '@lingui/react';
import type { Field, FieldKind } from '../../contract/fields.ts';
import type { ColumnKind, DataColumn } from '../../ui/DataTable.tsx';
import { useFieldDisplay } from './fieldDisplay.ts';
import { fieldText, isLtrKind } from './fieldText.ts';

const figures: ReadonlySet<FieldKind> = new Set(['integer', 'decimal', 'money']);
const dates: ReadonlySet<FieldKind> = new Set(['date', 'dateTime']);

function columnKind(kind: FieldKind): ColumnKind {
  if (figures.has(kind)) return 'figure';
  if (dates.has(kind)) return 'date';
  return isLtrKind(kind) ? 'code' : 'text';
}

export interface FieldColumnsOptions<R> {
  fields: Readonly<Record<string, Field>>;
  names: readonly string[];
  /** Declared key fields; unset means every number and amount. */
  keys?: readonly string[];
  labelOf: (field: Field) => string;
  titles: ReadonlyMap<string, ReadonlyMap<string, string>>;
  /** The column that names the row, if any. */
  title?: string;
  /** The value the title column shows when the row's own is empty. */
  fallbackTitle?: (row: R) => string;
}

export function fieldColumns<R extends Record<string, unknown>>({
  fields,
  names,
  keys,
  labelOf,
  titles,
  title,
  fallbackTitle,
}: FieldColumnsOptions<R>): DataColumn<R>[] {
  return names.map((name) => {
    const field = fields[name]!;
    const isTitle = name === title;
    return {
      id: name,
      header: labelOf(field),
      kind: isTitle ? 'text' : columnKind(field.kind),
      title: isTitle,
      key: !isTitle && (keys ? keys.includes(name) : figures.has(field.kind)),
      sortable: true,
      cell: (row: R) => (
        <FieldText field={field} name={name} value={row[name] ?? (isTitle ? fallbackTitle?.(row) : undefined)} titles={titles.get(name)} />
      ),
    };
  });
}

/** A field's value as plain text, so the cell's own direction (dir="auto") is the text's. */
function FieldText({ field, name, value, titles }: { field: Field; name: string; value: unknown; titles?: ReadonlyMap<string, string> }) {
  const { i18n } = useLingui();
  const shown = useFieldDisplay()[name];
  const text = shown && value !== null && value !== undefined ? shown(value) : fieldText(i18n, field, value, titles);
  return text ? <>{text}</> : <span className="text-slate-400">—</span>;
}
