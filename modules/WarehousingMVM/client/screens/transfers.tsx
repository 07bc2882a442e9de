/**
 * Transfers (warehousing.md, Warehouse/AddTrensfer): the form of a new transfer (or the draft in
 * `?edit=`), lines typed or scanned from the source's bins, and the transfers made so far; a
 * transfer's page (`?id=`) with, between warehouses, its arrival: what came of what was sent,
 * into which bins, and the differences once received.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { asDocument, permission, type Line } from '@/contract/entity.ts';
import { compareQuantities, normalizeQuantity, subtractQuantity, trimQuantity, ZERO } from '@/contract/quantity.ts';
import { describeError } from '@/i18n/describeError.ts';
import { formatQuantity } from '@/i18n/format.ts';
import {
  Alert,
  Button,
  type DataColumn,
  DataTable,
  DocumentEditor,
  DocumentPage,
  documentState,
  EntityList,
  type LocalRow,
  newId,
  NoAccess,
  ReferenceCombobox,
  SectionCard,
  TextField,
  useCanAccess,
  useList,
  usePanelData,
  useReferenceTitles,
} from '@/moduleKit.ts';
import { Location } from '../../entities/masterData.ts';
import { Transfer, TransferArrival } from '../../entities/movements.ts';
import { locationFieldOf } from '../parts/LocationField.tsx';
import { LineQuantityField, QuantityField } from '../parts/QuantityField.tsx';
import { ScanLinesBar } from '../parts/ScanLinesBar.tsx';
import { wh, withQuery } from '../paths.ts';
import { tehranToday } from '../stockView.ts';
import { transferDifferences } from '../transferView.ts';

const lineWidgets = {
  fromLocationId: locationFieldOf('fromWarehouseId'),
  toLocationId: locationFieldOf('toWarehouseId'),
  quantity: LineQuantityField,
};

export function AddTrensfer() {
  const { t } = useLingui();
  const query = new URLSearchParams(useSearch());
  const id = query.get('id');
  const [, navigate] = useLocation();
  const can = useCanAccess();
  if (id) {
    return (
      <DocumentPage
        entity={Transfer}
        id={id}
        title={<Trans>Transfer</Trans>}
        editPath={wh.transfer}
        listPath={wh.transfer}
        listLabel={<Trans>New transfer</Trans>}
      >
        {(row) => <Arrival transfer={row} />}
      </DocumentPage>
    );
  }
  const edit = query.get('edit');
  return (
    <>
      <DocumentEditor
        entity={Transfer}
        id={edit}
        title={edit ? t`Edit the transfer` : t`New transfer`}
        description={
          <Trans>
            Within one warehouse the goods move when it is submitted; to another warehouse they are in transit until received there.
          </Trans>
        }
        detailsPath={wh.transfer}
        listPath={wh.transfer}
        defaults={{ date: tehranToday(), fromWarehouseId: query.get('from'), toWarehouseId: query.get('to') }}
        lineWidgets={lineWidgets}
        linesToolbar={(values, setLines) => (
          <ScanLinesBar
            spec={asDocument(Transfer).document}
            values={values}
            setLines={setLines}
            warehouseField="fromWarehouseId"
            locationField="fromLocationId"
          />
        )}
      />
      {!edit && (
        <SectionCard title={<Trans>Transfers</Trans>} className="mt-6">
          {can(permission(Transfer, 'read')) ? (
            <EntityList entity={Transfer} onOpen={(row) => navigate(withQuery(wh.transfer, { id: row.id }))} />
          ) : (
            <NoAccess />
          )}
        </SectionCard>
      )}
    </>
  );
}

interface ArrivalLine {
  id: string;
  productId: string;
  batch: string | null;
  expiry: string | null;
  sent: string;
  received: string;
  locationId: string | null;
}

/** A transfer between warehouses: its arrival, or the form to record it once it was dispatched. */
function Arrival({ transfer }: { transfer: LocalRow }) {
  const { data } = useList(TransferArrival, { filters: { transferId: transfer.id } });
  const state = documentState(transfer);
  if (transfer.fromWarehouseId === transfer.toWarehouseId) return null;
  const arrival = data?.items.find((a) => a.status !== 'cancelled' && !a.deleted);
  if (arrival) return <Differences transfer={transfer} arrival={arrival} />;
  if (state !== 'submitted' && state !== 'submitting') return null;
  return <ArrivalForm transfer={transfer} />;
}

function ArrivalForm({ transfer }: { transfer: LocalRow }) {
  const { t, i18n } = useLingui();
  const panel = usePanelData();
  const can = useCanAccess();
  const products = useReferenceTitles('WarehousingMVM/Product');
  const { data: locations } = useList(Location, { filters: { warehouseId: String(transfer.toWarehouseId) } });
  const only = useMemo(() => new Set((locations?.items ?? []).map((l) => l.id)), [locations]);
  const [lines, setLines] = useState<ArrivalLine[]>(() =>
    ((transfer.lines as Line[] | undefined) ?? []).map((l) => ({
      id: newId(),
      productId: String(l.productId),
      batch: (l.batch as string | null) ?? null,
      expiry: (l.expiry as string | null) ?? null,
      sent: String(l.quantity),
      received: trimQuantity(String(l.quantity)),
      locationId: (l.toLocationId as string | null) ?? null,
    })),
  );
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (!can(permission(TransferArrival, 'create'))) return null;
  const set = (i: number, change: Partial<ArrivalLine>) => setLines((all) => all.map((l, j) => (j === i ? { ...l, ...change } : l)));
  const bad = lines.some((l) => normalizeQuantity(l.received) === null);

  async function receive() {
    if (!panel || bad) return;
    setBusy(true);
    setFailure(null);
    try {
      const values = {
        transferId: transfer.id,
        date: tehranToday(),
        note: note || null,
        lines: lines.map((l) => ({
          id: l.id,
          productId: l.productId,
          quantity: l.received,
          locationId: l.locationId,
          batch: l.batch,
          expiry: l.expiry,
        })),
      };
      if (can(permission(TransferArrival, 'submit'))) await panel.data.saveAndSubmit(TransferArrival, null, values);
      else await panel.data.create(TransferArrival, values);
    } catch (error) {
      setFailure(describeError(i18n, error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <SectionCard title={<Trans>Receive at the destination</Trans>} className="mt-6">
      <p className="mb-3 text-sm text-slate-700">
        <Trans>Write what actually arrived on each line and the bin it went into; differences from what was sent are recorded.</Trans>
      </p>
      <ol className="flex flex-col gap-3">
        {lines.map((line, i) => {
          const sent = formatQuantity(line.sent);
          return (
            <li
              key={line.id}
              className="grid gap-3 rounded-xl p-3 ring-1 ring-slate-200 sm:grid-cols-3"
              aria-label={products?.get(line.productId) ?? ''}
            >
              <div className="text-sm">
                <p className="font-semibold text-slate-900">{products?.get(line.productId) ?? '…'}</p>
                <p className="text-slate-600">
                  <Trans>
                    Sent: <bdi dir="ltr">{sent}</bdi>
                  </Trans>
                </p>
              </div>
              <QuantityField
                label={t`Received`}
                productId={line.productId}
                value={line.received}
                onChange={(received) => set(i, { received })}
              />
              <ReferenceCombobox
                label={t`Put in location`}
                to={Location.key}
                value={line.locationId}
                onChange={(v) => set(i, { locationId: v })}
                only={only}
              />
            </li>
          );
        })}
      </ol>
      <TextField className="mt-3" label={t`Note on differences`} value={note} onChange={(e) => setNote(e.target.value)} />
      {failure && <Alert tone="error">{failure}</Alert>}
      <div className="mt-4 flex justify-end">
        <Button loading={busy} disabled={busy || bad} onClick={() => void receive()}>
          <Trans>Record the arrival</Trans>
        </Button>
      </div>
    </SectionCard>
  );
}

/** What was sent and what arrived, per product and batch. */
function Differences({ transfer, arrival }: { transfer: LocalRow; arrival: LocalRow }) {
  const { t } = useLingui();
  const products = useReferenceTitles('WarehousingMVM/Product');
  const rows = useMemo(
    () => transferDifferences((transfer.lines as Line[] | undefined) ?? [], (arrival.lines as Line[] | undefined) ?? []),
    [transfer, arrival],
  );
  const state = documentState(arrival);
  type Row = (typeof rows)[number];
  const differenceOf = (r: Row) => subtractQuantity(r.received, r.sent);
  const columns: DataColumn<Row>[] = [
    { id: 'product', header: t`Product`, title: true, cell: (r) => products?.get(r.productId) ?? '…' },
    { id: 'batch', header: t`Batch`, kind: 'code', cell: (r) => r.batch },
    { id: 'sent', header: t`Sent`, kind: 'figure', cell: (r) => formatQuantity(r.sent) },
    { id: 'received', header: t`Received`, kind: 'figure', key: true, cell: (r) => formatQuantity(r.received) },
    {
      id: 'difference',
      header: t`Difference`,
      kind: 'control',
      key: true,
      className: 'text-end font-semibold whitespace-nowrap',
      cellClassName: (r) => {
        const sign = compareQuantities(differenceOf(r), ZERO);
        return sign < 0 ? 'text-red-700' : sign > 0 ? 'text-amber-800' : 'text-slate-600';
      },
      cell: (r) => {
        const difference = differenceOf(r);
        const sign = compareQuantities(difference, ZERO);
        return (
          <>
            <bdi dir="ltr">{sign > 0 ? `+${formatQuantity(difference)}` : formatQuantity(difference)}</bdi>
            <span className="ms-1 font-normal">{sign < 0 ? t`short` : sign > 0 ? t`over` : ''}</span>
          </>
        );
      },
    },
  ];
  return (
    <SectionCard title={<Trans>Arrival</Trans>} className="mt-6">
      <p className="mb-3 text-sm text-slate-700" role="status">
        {state === 'submitted' ? (
          <Trans>Received at the destination.</Trans>
        ) : state === 'draft' ? (
          <Trans>The arrival is a draft: submit it to take the goods out of transit.</Trans>
        ) : (
          <Trans>Received; waiting for the server to confirm.</Trans>
        )}
      </p>
      <DataTable label={t`Arrival`} columns={columns} rows={rows} rowKey={(r) => `${r.productId}|${r.batch}`} />
    </SectionCard>
  );
}
