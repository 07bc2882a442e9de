/**
 * Receipts and issues (warehousing.md): the list (number, state, date, warehouse, party), the
 * form that writes a draft on this device with its lines (typed or scanned, each with its place
 * and batch) and submits it, and the document's page (a refusal's words are parts/Shortfalls.tsx).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocation, useSearch } from 'wouter';
import { asDocument, permission, type Line } from '@/contract/entity.ts';
import { toRials } from '@/contract/money.ts';
import { addQuantities, lineAmount, normalizeQuantity, ZERO } from '@/contract/quantity.ts';
import { formatNumber, formatQuantity } from '@/i18n/format.ts';
import {
  DocumentEditor,
  DocumentPage,
  type DocumentValues,
  EntityList,
  ImportLink,
  type LineValues,
  type LocalRow,
  ScreenFrame,
  useMoney,
  usePriceFill,
} from '@/moduleKit.ts';
import { OpeningStockImport } from '../../entities/openingStockImport.ts';
import { Receipt } from '../../entities/stock.ts';
import { LocationField } from '../parts/LocationField.tsx';
import { LineQuantityField } from '../parts/QuantityField.tsx';
import { NewReceiptButtons } from '../parts/NewReceiptButtons.tsx';
import { ScanLinesBar } from '../parts/ScanLinesBar.tsx';
import { tehranToday } from '../stockView.ts';
import { wh, withQuery } from '../paths.ts';

const receiptDocument = asDocument(Receipt);

export function ReceiptList() {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  return (
    <ScreenFrame
      title={t`Receipts and issues`}
      description={<Trans>Goods that came in or went out. A draft changes no stock; submitting it does, once the server accepts it.</Trans>}
      actions={
        <>
          <NewReceiptButtons />
          <ImportLink documentImport={OpeningStockImport} />
        </>
      }
      needs={permission(Receipt, 'read')}
    >
      <EntityList entity={Receipt} onOpen={(row) => navigate(withQuery(wh.receiptDetails, { id: row.id }))} empty={<NewReceiptButtons />} />
    </ScreenFrame>
  );
}

interface Totals {
  lines: number;
  quantity: string;
  /** Exact rials. */
  value: bigint;
}

/** Lines, units and value (for goods in: quantity × unit price) of a document's lines. */
function receiptTotals(lines: readonly (Line | LineValues)[]): Totals {
  let quantity = ZERO;
  let value = 0n;
  let count = 0;
  for (const line of lines) {
    const q = normalizeQuantity(line.quantity);
    if (!q || !line.productId) continue;
    count++;
    quantity = addQuantities(quantity, q);
    const price = toRials(line.unitPrice);
    if (price !== null && price > 0n) value += lineAmount(q, price);
  }
  return { lines: count, quantity, value };
}

function TotalsBar({ totals, direction }: { totals: Totals; direction: unknown }) {
  const lines = formatNumber(totals.lines);
  const units = formatQuantity(totals.quantity);
  const money = useMoney();
  return (
    <dl className="grid grid-cols-3 gap-3 rounded-xl bg-slate-50 p-4 text-sm ring-1 ring-slate-200">
      <div>
        <dt className="text-xs text-slate-600">
          <Trans>Lines</Trans>
        </dt>
        <dd className="font-semibold text-slate-900">{lines}</dd>
      </div>
      <div>
        <dt className="text-xs text-slate-600">
          <Trans>Units</Trans>
        </dt>
        <dd className="font-semibold text-slate-900">
          <bdi dir="ltr">{units}</bdi>
        </dd>
      </div>
      {direction === 'in' && (
        <div>
          <dt className="text-xs text-slate-600">
            <Trans>Value</Trans>
          </dt>
          <dd className="font-semibold text-slate-900">{money.text(totals.value)}</dd>
        </div>
      )}
    </dl>
  );
}

function LineAmount({ line, direction }: { line: LineValues; direction: unknown }) {
  const q = normalizeQuantity(line.quantity);
  const price = toRials(line.unitPrice);
  if (direction !== 'in' || !q || price === null || price <= 0n) return null;
  return <LineValue amount={lineAmount(q, price)} />;
}

function LineValue({ amount: rials }: { amount: bigint }) {
  const amount = useMoney().text(rials);
  return (
    <p className="mt-2 text-end text-sm text-slate-700">
      <Trans>Line value: {amount}</Trans>
    </p>
  );
}

const lineWidgets = { locationId: LocationField, quantity: LineQuantityField };

/** A new receipt (`?direction=in|out`, `?warehouseId=`), or the draft in `?id=`. */
export function AddReceipt() {
  const { t, i18n } = useLingui();
  const query = new URLSearchParams(useSearch());
  const id = query.get('id');
  const direction = query.get('direction') === 'out' ? 'out' : 'in';
  const fillLine = usePriceFill(receiptDocument.document, {
    item: 'productId',
    price: 'unitPrice',
    from: 'purchasePrice',
    when: (header) => header.direction === 'in',
  });
  return (
    <DocumentEditor
      entity={Receipt}
      id={id}
      title={id ? t`Edit the draft` : direction === 'in' ? t`Goods in` : t`Goods out`}
      description={i18n._(Receipt.label)}
      detailsPath={wh.receiptDetails}
      listPath={wh.receiptList}
      defaults={{ direction, date: tehranToday(), warehouseId: query.get('warehouseId') }}
      lineWidgets={lineWidgets}
      fillLine={fillLine}
      linesToolbar={(values, setLines) => <ScanLinesBar spec={receiptDocument.document} values={values} setLines={setLines} />}
      lineFooter={(line, header) => <LineAmount line={line} direction={header.direction} />}
      summary={(values: DocumentValues) => <TotalsBar totals={receiptTotals(values.lines)} direction={values.header.direction} />}
    />
  );
}

export function ReceiptDetails() {
  return (
    <DocumentPage
      entity={Receipt}
      id={new URLSearchParams(useSearch()).get('id')}
      title={(row) => (row?.direction === 'out' ? <Trans>Goods out</Trans> : <Trans>Goods in</Trans>)}
      editPath={wh.addReceipt}
      listPath={wh.receiptList}
      listLabel={<Trans>All receipts and issues</Trans>}
      summary={(shown: LocalRow) => (
        <TotalsBar totals={receiptTotals((shown.lines as Line[] | undefined) ?? [])} direction={shown.direction} />
      )}
    />
  );
}
