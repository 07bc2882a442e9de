/**
 * A printed document's lines: a plain table of its own (not the screen's), one column per line
 * field that any line fills, money in the print unit named in its header, and under the columns
 * the document kind declares (`print.totals`) their exact sums.
 */
import { useLingui } from '@lingui/react/macro';
import type { DocumentSpec, Line } from '../../../contract/entity.ts';
import type { Field } from '../../../contract/fields.ts';
import { toRials } from '../../../contract/money.ts';
import { formatNumber } from '../../../i18n/format.ts';
import { FieldValue } from '../../entity/FieldValue.tsx';
import type { PrintMoney } from './printMoney.ts';

const cell = 'border border-slate-400 px-2 py-1 align-top';
const figureKinds: ReadonlySet<Field['kind']> = new Set(['integer', 'decimal', 'money']);

function filled(value: unknown): boolean {
  return value !== null && value !== undefined && value !== '' && !(Array.isArray(value) && !value.length);
}

export function PrintLines({
  spec,
  lines,
  titles,
  money,
}: {
  spec: DocumentSpec;
  lines: readonly Line[];
  titles: ReadonlyMap<string, ReadonlyMap<string, string>>;
  money: PrintMoney;
}) {
  const { t, i18n } = useLingui();
  const columns = Object.entries(spec.lines).filter(([name]) => lines.some((line) => filled(line[name])));
  const totals = new Set(spec.print.totals ?? []);
  const firstTotal = columns.findIndex(([name]) => totals.has(name));
  const sum = (name: string) => lines.reduce((total, line) => total + (toRials(line[name]) ?? 0n), 0n);
  const heading = (field: Field) => {
    const label = i18n._(field.label);
    const unit = money.unit;
    return field.kind === 'money' ? t`${label} (${unit})` : label;
  };
  return (
    <table className="w-full border-collapse text-start text-[0.8rem]">
      <thead className="bg-slate-100">
        <tr>
          <th scope="col" className={`${cell} w-8 text-center`}>
            {t`No.`}
          </th>
          {columns.map(([name, field]) => (
            <th key={name} scope="col" className={`${cell} text-start font-semibold`}>
              {heading(field)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {lines.map((line, i) => (
          <tr key={line.id} className="break-inside-avoid">
            <td className={`${cell} text-center`}>{formatNumber(i + 1)}</td>
            {columns.map(([name, field]) => (
              <td key={name} className={`${cell} ${figureKinds.has(field.kind) ? 'whitespace-nowrap text-end' : ''}`}>
                {field.kind === 'money' ? (
                  <bdi dir="ltr">{money.number(line[name])}</bdi>
                ) : (
                  <FieldValue field={field} name={name} value={line[name]} titles={titles.get(name)} />
                )}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
      {firstTotal >= 0 && (
        <tfoot className="font-bold">
          <tr>
            <th scope="row" className={`${cell} text-start`} colSpan={1 + firstTotal}>
              {t`Total`}
            </th>
            {columns.slice(firstTotal).map(([name]) => (
              <td key={name} className={`${cell} whitespace-nowrap text-end`}>
                {totals.has(name) && <bdi dir="ltr">{money.number(sum(name))}</bdi>}
              </td>
            ))}
          </tr>
        </tfoot>
      )}
    </table>
  );
}
