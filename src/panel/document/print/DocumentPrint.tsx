/**
 * A document on paper (decision 028): the panel's letterhead; the title its kind declares
 * («حوالهٔ انبار», not the entity's name); its number, once; its date (Jalali in Persian); the
 * header fields (parties, warehouse, note); the lines; the amount in figures and in words with
 * the unit named; and boxes to sign. Print-only markup of its own, put straight under `<body>` so
 * the print stylesheet can print it alone, on the paper the person picked (PrintButton).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { createPortal } from 'react-dom';
import { shownFields, type DocumentSpec, type Entity, type Line } from '../../../contract/entity.ts';
import { formatDate } from '../../../i18n/format.ts';
import type { LocalRow } from '../../../storage/localRecords.ts';
import { Ltr } from '../../../ui/Ltr.tsx';
import { FieldValue } from '../../entity/FieldValue.tsx';
import { useReferenceMaps } from '../../entity/useReferenceMaps.ts';
import type { DocumentState } from '../documentState.ts';
import { usePanelMoneyUnit } from '../../useMoney.ts';
import { PrintLetterhead } from './PrintLetterhead.tsx';
import { PrintLines } from './PrintLines.tsx';
import { printMoney } from './printMoney.ts';
import { PrintSignatures } from './PrintSignatures.tsx';

type DocumentEntity = Entity & { document: DocumentSpec };

export function DocumentPrint({ entity, row, state }: { entity: DocumentEntity; row: LocalRow; state: DocumentState }) {
  const { i18n } = useLingui();
  const money = printMoney(i18n, usePanelMoneyUnit());
  const titles = useReferenceMaps(entity.fields);
  const lineTitles = useReferenceMaps(entity.document.lines);
  const spec = entity.document.print;
  const title = i18n._(typeof spec.title === 'function' ? spec.title(row) : spec.title);
  const dateField = shownFields(entity).find(([name, field]) => field.kind === 'date' && typeof row[name] === 'string');
  const date = dateField ? formatDate(String(row[dateField[0]])) : null;
  // On paper a field with nothing in it is left out, rather than printed as a dash.
  const fields = shownFields(entity).filter(
    ([name]) => name !== dateField?.[0] && row[name] !== null && row[name] !== undefined && row[name] !== '',
  );
  const amount = spec.amount?.(row) ?? null;
  const number = typeof row.number === 'string' ? row.number : null;
  const today = formatDate(new Date());
  return createPortal(
    <div data-print-document className="hidden bg-white text-slate-900 print:block">
      <PrintLetterhead>
        <p className="text-xl font-bold">{title}</p>
        <p className="text-sm">
          {number ? (
            <Trans>
              No. <Ltr>{number}</Ltr>
            </Trans>
          ) : (
            <Trans>Draft: not yet numbered</Trans>
          )}
        </p>
        {date && (
          <p className="text-sm">
            <Trans>Date: {date}</Trans>
          </p>
        )}
        {state === 'cancelled' && (
          <p className="text-sm font-bold">
            <Trans>Cancelled</Trans>
          </p>
        )}
      </PrintLetterhead>
      <dl className="my-3 grid grid-cols-2 gap-x-6 gap-y-1.5 text-[0.85rem]">
        {fields.map(([name, field]) => (
          <div key={name} className="flex min-w-0 gap-1.5">
            <dt className="shrink-0 font-semibold">{i18n._(field.label)}:</dt>
            <dd className="min-w-0">
              {field.kind === 'money' ? (
                money.text(row[name])
              ) : (
                <FieldValue field={field} name={name} value={row[name]} titles={titles.get(name)} />
              )}
            </dd>
          </div>
        ))}
      </dl>
      <PrintLines spec={entity.document} lines={(row.lines as Line[] | undefined) ?? []} titles={lineTitles} money={money} />
      {amount !== null && (
        <div className="mt-3 rounded border border-slate-400 px-3 py-2 text-[0.85rem]">
          <p>
            <span className="font-semibold">
              <Trans>Amount:</Trans>
            </span>{' '}
            {money.text(amount)}
          </p>
          <p>
            <span className="font-semibold">
              <Trans>In words:</Trans>
            </span>{' '}
            {money.words(amount)}
          </p>
        </div>
      )}
      <PrintSignatures />
      <p className="mt-4 text-[0.7rem] text-slate-600">
        <Trans>Printed on {today}</Trans>
      </p>
    </div>,
    document.body,
  );
}
