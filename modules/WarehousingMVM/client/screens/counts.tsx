/**
 * Stock counts (warehousing.md, Inventory/inventory): start a count of a warehouse or one
 * location, then on as many phones as there are people, offline or not, scan (one per scan) or
 * type counts; every entry is a row of its own, so the phones' counts add up without loss or
 * double counting (rules/countMerge.ts). The sheet shows counted against on hand per place;
 * submitting posts the differences as adjustments.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { asDocument, permission } from '@/contract/entity.ts';
import { normalizeQuantity } from '@/contract/quantity.ts';
import { describeError } from '@/i18n/describeError.ts';
import { formatNumber } from '@/i18n/format.ts';
import {
  Alert,
  Button,
  Card,
  DataTable,
  documentState,
  DocumentView,
  EntityList,
  Loading,
  type LocalRow,
  newId,
  NoAccess,
  PageHeader,
  RecordNotFound,
  ReferenceCombobox,
  SectionCard,
  showToast,
  TextField,
  useCanAccess,
  useDocumentTitle,
  useList,
  usePageRecord,
  usePanelData,
  useReferenceTitles,
  useSession,
} from '@/moduleKit.ts';
import { CountEntry, StockCount } from '../../entities/counts.ts';
import { Location, Product, Warehouse } from '../../entities/masterData.ts';
import { StockBalance, StockMove } from '../../entities/stock.ts';
import { countRows, deviceTag, submittedCountRows, type CountRow } from '../countSheet.ts';
import { useCountColumns } from '../parts/countColumns.tsx';
import { ScanField } from '../parts/ScanField.tsx';
import { QuantityField } from '../parts/QuantityField.tsx';
import { wh, withQuery } from '../paths.ts';
import { tehranToday } from '../stockView.ts';

export function StockCounts() {
  const { t } = useLingui();
  const id = new URLSearchParams(useSearch()).get('id');
  const can = useCanAccess();
  const [, navigate] = useLocation();
  useDocumentTitle(t`Stock counts`);
  if (id) return <CountPage id={id} />;
  return (
    <>
      <PageHeader
        title={<Trans>Stock counts</Trans>}
        description={
          <Trans>Count a warehouse or one location with as many phones as you like, even offline: everyone’s counts add up.</Trans>
        }
      />
      {can(permission(StockCount, 'create')) && <NewCount onCreated={(row) => navigate(withQuery(wh.stockCount, { id: row.id }))} />}
      <SectionCard title={<Trans>Counts</Trans>} className="mt-6">
        {can(permission(StockCount, 'read')) ? (
          <EntityList entity={StockCount} onOpen={(row) => navigate(withQuery(wh.stockCount, { id: row.id }))} />
        ) : (
          <NoAccess />
        )}
      </SectionCard>
    </>
  );
}

function NewCount({ onCreated }: { onCreated: (row: { id: string }) => void }) {
  const { t, i18n } = useLingui();
  const panel = usePanelData();
  const [warehouseId, setWarehouseId] = useState<string | null>(null);
  const [locationId, setLocationId] = useState<string | null>(null);
  const [zeroUncounted, setZeroUncounted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { data: locations } = useList(Location, { filters: { warehouseId: warehouseId ?? undefined } });
  const only = useMemo(() => new Set(warehouseId ? (locations?.items ?? []).map((l) => l.id) : []), [locations, warehouseId]);

  async function start(event: FormEvent) {
    event.preventDefault();
    if (!panel) return;
    if (!warehouseId) return setFailure(t`Choose the warehouse to count.`);
    try {
      const row = await panel.data.create(StockCount, {
        date: tehranToday(),
        warehouseId,
        locationId,
        zeroUncounted,
        lines: [{ id: newId(), locationId, counter: null }],
      });
      onCreated(row);
    } catch (error) {
      setFailure(describeError(i18n, error));
    }
  }

  return (
    <Card>
      <form onSubmit={(e) => void start(e)} className="grid gap-4 sm:grid-cols-2">
        <ReferenceCombobox
          label={t`Warehouse`}
          to={Warehouse.key}
          value={warehouseId}
          onChange={(v) => (setWarehouseId(v), setLocationId(null))}
          required
        />
        <ReferenceCombobox
          label={t`Only this location`}
          to={Location.key}
          value={locationId}
          onChange={setLocationId}
          only={only}
          hint={t`Leave empty to count the whole warehouse.`}
        />
        <label className="flex items-center gap-2 text-sm text-slate-800 sm:col-span-2">
          <input type="checkbox" checked={zeroUncounted} onChange={(e) => setZeroUncounted(e.target.checked)} className="size-5 rounded" />
          <Trans>What was not counted is not there (set to zero on submit)</Trans>
        </label>
        {failure && (
          <Alert tone="error" className="sm:col-span-2">
            {failure}
          </Alert>
        )}
        <div className="sm:col-span-2">
          <Button type="submit">
            <Trans>Start a count</Trans>
          </Button>
        </div>
      </form>
    </Card>
  );
}

function CountPage({ id }: { id: string }) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const record = usePageRecord(StockCount, id);
  if (record.status === 'notFound')
    return <RecordNotFound entity={StockCount} reason={record.reason} back={{ href: wh.stockCount, label: t`All counts` }} />;
  if (record.status === 'loading') return <Loading />;
  const count = record.row;
  const state = documentState(count);
  return (
    <>
      <PageHeader title={<Trans>Stock count</Trans>} />
      {state === 'draft' && <CountInput count={count} />}
      <CountSheetTable count={count} />
      <Card className="mt-6">
        <DocumentView entity={asDocument(StockCount)} row={count} onDone={() => navigate(wh.stockCount, { replace: true })} />
      </Card>
    </>
  );
}

/** Scanning and typing counts on this phone: each scan one entry of 1, each typed count one entry of what was typed. */
function CountInput({ count }: { count: LocalRow }) {
  const { t, i18n } = useLingui();
  const panel = usePanelData();
  const { username } = useSession();
  const can = useCanAccess();
  const fixed = typeof count.locationId === 'string' ? count.locationId : null;
  const [location, setLocation] = useState<string | null>(fixed);
  const [batch, setBatch] = useState('');
  const [productId, setProductId] = useState<string | null>(null);
  const [quantity, setQuantity] = useState('');
  const [last, setLast] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const locations = useReferenceTitles(Location.key);
  const { data: warehouseLocations } = useList(Location, { filters: { warehouseId: String(count.warehouseId) } });
  const only = useMemo(() => new Set((warehouseLocations?.items ?? []).map((l) => l.id)), [warehouseLocations]);
  const device = `${username ?? ''} · ${deviceTag()}`;
  if (!can(permission(CountEntry, 'create'))) return null;

  async function add(product: { id: string; name: string }, amount: string) {
    if (!panel) return;
    try {
      await panel.data.create(CountEntry, {
        countId: count.id,
        productId: product.id,
        locationId: location,
        batch: batch.trim() || null,
        quantity: amount,
        device,
      });
      setFailure(null);
      setLast(product.name);
    } catch (error) {
      setFailure(describeError(i18n, error));
    }
  }

  const typed = (event: FormEvent) => {
    event.preventDefault();
    const amount = normalizeQuantity(quantity);
    if (!productId || !amount) return setFailure(t`Choose the product and write how many you counted.`);
    void add({ id: productId, name: '' }, amount).then(() => (setQuantity(''), setProductId(null)));
  };
  const here = location ? locations?.get(location) : null;

  return (
    <Card className="flex flex-col gap-4">
      <ScanField
        label={t`Scan a product or a location`}
        hint={t`Each product scan counts one. A location’s label says where you are counting.`}
        warehouseId={String(count.warehouseId)}
        onFound={(found) => {
          if (found.kind === 'location') {
            if (!fixed) setLocation(found.row.id);
            return;
          }
          void add({ id: found.row.id, name: String(found.row.name) }, '1');
        }}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        {fixed ? (
          <p className="text-sm text-slate-700">
            <Trans>
              Counting location <bdi dir="ltr">{here ?? ''}</bdi>
            </Trans>
          </p>
        ) : (
          <ReferenceCombobox label={t`Counting at location`} to={Location.key} value={location} onChange={setLocation} only={only} />
        )}
        <TextField ltr label={t`Batch (for products tracked by batch)`} value={batch} onChange={(e) => setBatch(e.target.value)} />
      </div>
      <p role="status" className="text-sm text-slate-700">
        {last !== null && (last ? t`Counted one more: ${last}` : t`Count added.`)} {t`Signed as ${device}`}
      </p>
      {failure && <Alert tone="error">{failure}</Alert>}
      <form onSubmit={typed} className="grid items-end gap-3 sm:grid-cols-[2fr_1fr_auto]">
        <ReferenceCombobox label={t`Product counted by number`} to={Product.key} value={productId} onChange={setProductId} />
        <QuantityField label={t`How many`} productId={productId} value={quantity} onChange={setQuantity} />
        <Button type="submit" variant="secondary">
          <Trans>Add the count</Trans>
        </Button>
      </form>
    </Card>
  );
}

/** Everyone’s entries on this device, summed per place, against the stock on hand. */
function CountSheetTable({ count }: { count: LocalRow }) {
  const { t, i18n } = useLingui();
  const panel = usePanelData();
  const draft = documentState(count) === 'draft';
  const entries = useLiveQuery(
    async () => (panel ? panel.db.rows(CountEntry).where('countId').equals(count.id).toArray() : []),
    [panel, count.id],
  );
  const balances = useLiveQuery(
    async () => (panel ? panel.db.rows(StockBalance).where('warehouseId').equals(String(count.warehouseId)).toArray() : []),
    [panel, count.warehouseId],
  );
  // Once submitted, the differences are what the count posted, not today's stock against it.
  const submitted = count.status === 'submitted';
  const moves = useLiveQuery(
    async () => (panel && submitted ? panel.db.rows(StockMove).where('sourceId').equals(count.id).toArray() : []),
    [panel, submitted, count.id],
  );
  const rows = useMemo(() => {
    if (!entries || !balances || !moves) return undefined;
    return submitted
      ? submittedCountRows(entries, moves)
      : countRows(entries, balances, {
          locationId: (count.locationId as string | null) ?? null,
          zeroUncounted: count.zeroUncounted === true,
        });
  }, [entries, balances, moves, submitted, count.locationId, count.zeroUncounted]);
  const columns = useCountColumns({ draft, submitted, takeBack: (row) => void takeBack(row) });
  const devices = useMemo(() => new Set((entries ?? []).map((e) => String(e.device ?? ''))).size, [entries]);
  if (!rows) return <Loading />;

  async function takeBack(row: CountRow) {
    if (!panel) return;
    try {
      await panel.data.create(CountEntry, {
        countId: count.id,
        productId: row.productId,
        locationId: row.locationId,
        batch: row.batch,
        quantity: '-1',
        device: `${deviceTag()}`,
      });
    } catch (error) {
      showToast(describeError(i18n, error), { type: 'error' });
    }
  }

  const entryCount = formatNumber(entries?.length ?? 0);
  const deviceCount = formatNumber(devices);
  return (
    <SectionCard title={<Trans>Counted so far</Trans>} className="mt-6">
      <p className="mb-3 text-sm text-slate-700" role="status">
        <Trans>
          {entryCount} entries from {deviceCount} phones on this device. Other phones’ counts appear as they sync.
        </Trans>
      </p>
      {rows.length === 0 ? (
        <p className="py-4 text-center text-sm text-slate-600">
          <Trans>Nothing counted yet.</Trans>
        </p>
      ) : (
        <DataTable label={t`Counted so far`} columns={columns} rows={rows} rowKey={(r) => r.key} />
      )}
    </SectionCard>
  );
}
