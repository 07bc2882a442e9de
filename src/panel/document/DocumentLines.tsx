/**
 * A document's lines as people read them, in the one DataTable: numbered, the first field naming
 * the line, the document's key figures (its amounts and quantities) always in view on a phone, and
 * the rest (location, batch, expiry) under them on the line's card.
 */
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import type { DocumentSpec, Entity, Line } from '../../contract/entity.ts';
import { formatNumber } from '../../i18n/format.ts';
import { DataTable, type DataColumn } from '../../ui/DataTable.tsx';
import { fieldColumns } from '../entity/fieldColumns.tsx';
import { useReferenceMaps } from '../entity/useReferenceMaps.ts';

const lineKey = (line: Line) => line.id;

export function DocumentLines({ entity, lines }: { entity: Entity & { document: DocumentSpec }; lines: readonly Line[] }) {
  const { t, i18n } = useLingui();
  const spec = entity.document;
  const titles = useReferenceMaps(spec.lines);
  const columns = useMemo(() => {
    const names = Object.keys(spec.lines);
    const order = new Map(lines.map((line, i) => [line.id, i + 1]));
    const number: DataColumn<Line> = {
      id: '#',
      header: '#',
      kind: 'figure',
      wideOnly: true,
      cell: (line) => formatNumber(order.get(line.id) ?? 0),
      className: 'w-10 text-slate-600',
    };
    return [
      number,
      ...fieldColumns<Line>({
        fields: spec.lines,
        names,
        keys: spec.keyLineFields,
        labelOf: (field) => i18n._(field.label),
        titles,
        title: names[0],
      }),
    ];
  }, [spec, lines, titles, i18n]);
  return <DataTable label={t`Lines`} columns={columns} rows={lines} rowKey={lineKey} />;
}
