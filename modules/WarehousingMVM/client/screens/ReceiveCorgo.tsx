/**
 * A cargo on arrival (warehousing.md, ReceiveCorgo): each scan counts one more of its product;
 * arrived and damaged can be set by hand too; each line shows short, over or as expected. Saving
 * keeps the check on the cargo (a draft); receiving writes the goods receipt of what was accepted,
 * submits it and closes the cargo. Without `?id=` it lists the cargos to check.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { asDocument, permission, type Line } from '@/contract/entity.ts';
import { compareQuantities, normalizeQuantity, subtractQuantity, ZERO } from '@/contract/quantity.ts';
import { describeError } from '@/i18n/describeError.ts';
import { formatNumber, formatQuantity } from '@/i18n/format.ts';
import {
  Alert,
  Button,
  buttonClasses,
  Card,
  cx,
  documentState,
  DocumentView,
  EntityList,
  Loading,
  type LocalRow,
  newId,
  NoAccess,
  NumberField,
  PageHeader,
  RecordNotFound,
  SectionCard,
  showToast,
  useCanAccess,
  useDocumentTitle,
  usePageRecord,
  usePanelData,
  useReferenceTitles,
} from '@/moduleKit.ts';
import { Cargo } from '../../entities/inbound.ts';
import { Location, Product } from '../../entities/masterData.ts';
import { Receipt } from '../../entities/stock.ts';
import { cargoLines, checkLinesOf, lineStatus, receiptLines, scanArrival, type CheckLine } from '../cargoCheck.ts';
import { ScanField } from '../parts/ScanField.tsx';
import { wh, withQuery } from '../paths.ts';
import { tehranToday } from '../stockView.ts';

export function ReceiveCorgo() {
  const { t } = useLingui();
  const id = new URLSearchParams(useSearch()).get('id');
  const can = useCanAccess();
  const [, navigate] = useLocation();
  const record = usePageRecord(Cargo, id);
  const cargo = record.row;
  useDocumentTitle(id && record.status === 'notFound' ? null : t`Receive a cargo`);
  let body;
  if (!can(permission(Cargo, 'read'))) body = <NoAccess />;
  else if (!id) body = <EntityList entity={Cargo} onOpen={(row) => navigate(withQuery(wh.receiveCargo, { id: row.id }))} />;
  else if (record.status === 'notFound')
    return <RecordNotFound entity={Cargo} reason={record.reason} back={{ href: wh.cargoList, label: t`All cargos` }} />;
  else if (!cargo) body = <Loading />;
  else if (documentState(cargo) === 'draft' && can(permission(Cargo, 'update'))) body = <CargoCheck key={cargo.id} cargo={cargo} />;
  else body = <CargoDone cargo={cargo} />;
  return (
    <>
      <PageHeader
        title={<Trans>Receive a cargo</Trans>}
        description={<Trans>Scan each item as it comes off the vehicle: every scan counts one.</Trans>}
        actions={
          <Link href={wh.cargoList} className={buttonClasses('ghost')}>
            <Trans>All cargos</Trans>
          </Link>
        }
      />
      {body}
    </>
  );
}

function CargoDone({ cargo }: { cargo: LocalRow }) {
  const [, navigate] = useLocation();
  return (
    <Card className="flex flex-col gap-4">
      <DocumentView
        entity={asDocument(Cargo)}
        row={cargo}
        onEdit={() => navigate(withQuery(wh.addCargo, { id: cargo.id }))}
        onDone={() => navigate(wh.cargoList, { replace: true })}
      />
      {typeof cargo.receiptId === 'string' && (
        <Link href={withQuery(wh.receiptDetails, { id: cargo.receiptId })} className={buttonClasses('secondary')}>
          <Trans>Open its goods receipt</Trans>
        </Link>
      )}
    </Card>
  );
}

function Stepper({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  const { t } = useLingui();
  const step = (by: number) => {
    const next = subtractQuantity(value, String(-by));
    onChange(compareQuantities(next, ZERO) < 0 ? ZERO : next);
  };
  return (
    <div className="flex items-end gap-1">
      <Button size="sm" variant="secondary" onClick={() => step(-1)} aria-label={t`One less: ${label}`}>
        −
      </Button>
      <div className="w-20">
        <NumberField label={label} decimals={3} value={value} onChange={(plain) => onChange(normalizeQuantity(plain) ?? ZERO)} />
      </div>
      <Button size="sm" variant="secondary" onClick={() => step(1)} aria-label={t`One more: ${label}`}>
        +
      </Button>
    </div>
  );
}

function CargoCheck({ cargo }: { cargo: LocalRow }) {
  const { t, i18n } = useLingui();
  const panel = usePanelData();
  const can = useCanAccess();
  const [lines, setLines] = useState<CheckLine[]>(() => checkLinesOf((cargo.lines as Line[] | undefined) ?? []));
  const [location, setLocation] = useState<string | null>(null);
  const [busy, setBusy] = useState<'save' | 'receive' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [last, setLast] = useState<string | null>(null);
  const products = useReferenceTitles(Product.key);
  const locations = useReferenceTitles(Location.key);
  const totals = useMemo(
    () => ({ short: lines.filter((l) => lineStatus(l) === 'short').length, over: lines.filter((l) => lineStatus(l) === 'over').length }),
    [lines],
  );
  const set = (i: number, change: Partial<CheckLine>) => setLines((all) => all.map((l, j) => (j === i ? { ...l, ...change } : l)));

  async function save(receive: boolean) {
    if (!panel) return;
    setBusy(receive ? 'receive' : 'save');
    setFailure(null);
    try {
      let receiptId: string | null = null;
      const accepted = receiptLines(lines, newId);
      if (receive && accepted.length) {
        const receipt = await panel.data.saveAndSubmit(Receipt, null, {
          direction: 'in',
          date: tehranToday(),
          warehouseId: cargo.warehouseId,
          partyId: cargo.partyId ?? null,
          reference: cargo.waybill ?? null,
          lines: accepted,
        });
        receiptId = receipt.id;
      }
      await panel.data.update(Cargo, cargo.id, { lines: cargoLines(lines), ...(receiptId ? { receiptId } : {}) });
      if (receive) await panel.data.submit(Cargo, cargo.id);
      showToast(
        receive ? t`Received: the goods receipt of what was accepted is on its way to the server.` : t`The check is saved on the cargo.`,
        { type: 'success' },
      );
    } catch (error) {
      setFailure(describeError(i18n, error));
    } finally {
      setBusy(null);
    }
  }

  const shortCount = formatNumber(totals.short);
  const overCount = formatNumber(totals.over);
  return (
    <div className="flex flex-col gap-4">
      <Card className="flex flex-col gap-3">
        <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
          {(
            [
              [t`Waybill`, cargo.waybill],
              [t`Vehicle plate`, cargo.plate],
              [t`Driver`, cargo.driverName],
              [t`Driver’s mobile`, cargo.driverMobile],
            ] as const
          ).map(([label, value]) => (
            <div key={label}>
              <dt className="text-xs text-slate-600">{label}</dt>
              <dd className="font-medium">
                <bdi dir="ltr">{typeof value === 'string' ? value : '—'}</bdi>
              </dd>
            </div>
          ))}
        </dl>
        <ScanField
          label={t`Scan what arrived`}
          warehouseId={String(cargo.warehouseId)}
          onFound={(found) => {
            if (found.kind === 'location') return setLocation(found.row.id);
            setLines((all) => scanArrival(all, found.row.id, newId, location));
            setLast(String(found.row.name));
          }}
        />
        <p role="status" className="text-sm text-slate-700">
          {last && t`Counted one more: ${last}`} {location && t`Put away at ${locations?.get(location) ?? ''}`}
        </p>
      </Card>
      <SectionCard title={<Trans>Lines</Trans>}>
        <p className="mb-3 text-sm text-slate-700">
          <Trans>
            Short lines: {shortCount} · over: {overCount}
          </Trans>
        </p>
        <ol className="flex flex-col gap-3">
          {lines.map((line, i) => {
            const status = lineStatus(line);
            const name = products?.get(line.productId) ?? '…';
            const expected = formatQuantity(line.expected);
            return (
              <li
                key={line.id}
                aria-label={name}
                className={cx(
                  'flex flex-wrap items-end gap-3 rounded-xl p-3 ring-1',
                  status === 'ok' ? 'ring-emerald-300' : status === 'short' ? 'ring-red-300' : 'ring-amber-300',
                )}
              >
                <div className="min-w-40 flex-1 text-sm">
                  <p className="font-semibold">{name}</p>
                  <p className="text-slate-600">
                    <Trans>
                      Expected: <bdi dir="ltr">{expected}</bdi>
                    </Trans>{' '}
                    <span
                      className={cx(
                        'ms-2 rounded-full px-2 py-0.5 text-xs font-semibold',
                        status === 'ok'
                          ? 'bg-emerald-100 text-emerald-900'
                          : status === 'short'
                            ? 'bg-red-100 text-red-900'
                            : 'bg-amber-100 text-amber-900',
                      )}
                    >
                      {status === 'ok' ? t`As expected` : status === 'short' ? t`Short` : t`Over`}
                    </span>
                  </p>
                </div>
                <Stepper label={t`Arrived`} value={line.received} onChange={(v) => set(i, { received: v })} />
                <Stepper label={t`Damaged`} value={line.damaged} onChange={(v) => set(i, { damaged: v })} />
              </li>
            );
          })}
        </ol>
      </SectionCard>
      {failure && <Alert tone="error">{failure}</Alert>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" loading={busy === 'save'} disabled={busy !== null} onClick={() => void save(false)}>
          <Trans>Save the check</Trans>
        </Button>
        {can(permission(Cargo, 'submit')) && can(permission(Receipt, 'submit')) && (
          <Button loading={busy === 'receive'} disabled={busy !== null} onClick={() => void save(true)}>
            <Trans>Receive what was accepted</Trans>
          </Button>
        )}
      </div>
    </div>
  );
}
