/**
 * Labels (warehousing.md, ProductBarcodeMaker): choose products (scanned, typed or picked; or
 * `?ids=`, `?count=`, `?symbology=`, `?stock=` from elsewhere) or a warehouse's locations and how many labels of each, the symbology,
 * the label stock and what each label shows, then print from the browser.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, useState } from 'react';
import { useSearch } from 'wouter';
import { permission } from '@/contract/entity.ts';
import { formatNumber } from '@/i18n/format.ts';
import {
  Button,
  Card,
  type LocalRow,
  NoAccess,
  NumberField,
  PageHeader,
  ReferenceCombobox,
  SectionCard,
  SelectField,
  TrashIcon,
  useCanAccess,
  useDocumentTitle,
  usePanelData,
} from '@/moduleKit.ts';
import { toRials, type Rials } from '@/contract/money.ts';
import { Location, Product, Warehouse } from '../../entities/masterData.ts';
import { expandLabels, type LabelContent, type LabelStock, type Symbology } from '../labels.ts';
import { LabelSheet, type LabelOptions } from '../parts/LabelSheet.tsx';
import { ScanField } from '../parts/ScanField.tsx';

type Kind = 'product' | 'location';

function productLabel(p: LocalRow): LabelContent {
  const barcodes = Array.isArray(p.barcodes) ? (p.barcodes as string[]) : [];
  return {
    key: p.id,
    code: barcodes[0] ?? String(p.code),
    name: String(p.name ?? ''),
    caption: String(p.code ?? ''),
    price: toRials(p.salePrice) === null ? null : (p.salePrice as Rials),
  };
}

function locationLabel(l: LocalRow): LabelContent {
  return { key: l.id, code: String(l.code), name: String(l.name ?? ''), caption: String(l.code), price: null };
}

export function ProductBarcodeMaker() {
  const { t } = useLingui();
  const can = useCanAccess();
  const panel = usePanelData();
  const query = new URLSearchParams(useSearch());
  const [kind, setKind] = useState<Kind>(query.get('kind') === 'location' ? 'location' : 'product');
  const [chosen, setChosen] = useState<{ id: string; count: number }[]>(() =>
    (query.get('ids') ?? '')
      .split(',')
      .filter(Boolean)
      .map((id) => ({ id, count: Number(query.get('count') ?? 1) || 1 })),
  );
  const [warehouseId, setWarehouseId] = useState<string | null>(null);
  const [options, setOptions] = useState<LabelOptions>(() => ({
    symbology: (['ean13', 'code128', 'qrcode'] as const).find((s) => s === query.get('symbology')) ?? 'code128',
    stock: query.get('stock') === 'roll40x25' ? 'roll40x25' : 'a4x24',
    showName: true,
    showCode: true,
    showPrice: true,
  }));
  useDocumentTitle(t`Labels`);
  const entity = kind === 'product' ? Product : Location;
  const ids = chosen.map((c) => c.id).join(',');
  const rows = useLiveQuery(async () => (panel && ids ? panel.db.rows(entity).bulkGet(ids.split(',')) : []), [panel, entity, ids]);
  const labels = useMemo(() => {
    const byId = new Map((rows ?? []).filter((r): r is LocalRow => Boolean(r)).map((r) => [r.id, r]));
    return expandLabels(
      chosen.flatMap((c) =>
        byId.has(c.id) ? [{ content: (kind === 'product' ? productLabel : locationLabel)(byId.get(c.id)!), count: c.count }] : [],
      ),
    );
  }, [rows, chosen, kind]);
  const names = useMemo(
    () => new Map((rows ?? []).filter((r): r is LocalRow => Boolean(r)).map((r) => [r.id, String(kind === 'product' ? r.name : r.code)])),
    [rows, kind],
  );

  if (!can(permission(Product, 'read'))) return <NoAccess />;
  const add = (id: string | null) =>
    id &&
    setChosen((all) =>
      all.some((c) => c.id === id) ? all.map((c) => (c.id === id ? { ...c, count: c.count + 1 } : c)) : [...all, { id, count: 1 }],
    );
  const switchKind = (next: Kind) => {
    setKind(next);
    setChosen([]);
    if (next === 'location' && options.symbology === 'ean13') setOptions({ ...options, symbology: 'code128' });
  };
  async function allLocations() {
    if (!panel || !warehouseId) return;
    const all = await panel.db.rows(Location).where('code').above('').toArray();
    setChosen(all.filter((l) => !l.deleted && l.warehouseId === warehouseId).map((l) => ({ id: l.id, count: 1 })));
  }
  const total = formatNumber(labels.length);

  return (
    <>
      <PageHeader
        title={<Trans>Labels</Trans>}
        description={<Trans>Barcode labels for products and locations, printed from this browser.</Trans>}
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,24rem)_1fr] print:block">
        <Card className="flex flex-col gap-4 print:hidden">
          <SelectField
            label={t`Labels for`}
            value={kind}
            onChange={(e) => switchKind(e.target.value as Kind)}
            options={[
              { value: 'product', label: t`Products` },
              { value: 'location', label: t`Locations` },
            ]}
          />
          <ScanField
            label={kind === 'product' ? t`Scan or type a product’s code` : t`Scan or type a location’s code`}
            want={kind}
            onFound={(found) => add(found.row.id)}
          />
          {kind === 'product' ? (
            <ReferenceCombobox label={t`Add a product`} to={Product.key} value={null} onChange={add} />
          ) : (
            <div className="flex items-end gap-2">
              <div className="min-w-0 flex-1">
                <ReferenceCombobox label={t`Warehouse`} to={Warehouse.key} value={warehouseId} onChange={setWarehouseId} />
              </div>
              <Button variant="secondary" onClick={() => void allLocations()} disabled={!warehouseId}>
                <Trans>All its locations</Trans>
              </Button>
            </div>
          )}
          {chosen.length > 0 && (
            <ul className="flex flex-col divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200">
              {chosen.map((c, i) => (
                <li key={c.id} className="flex items-center gap-2 px-3 py-2">
                  <span className="min-w-0 flex-1 truncate text-sm">{names.get(c.id) ?? '…'}</span>
                  <div className="w-20">
                    <NumberField
                      label={t`Labels`}
                      value={String(c.count)}
                      onChange={(plain) => setChosen((all) => all.map((x, j) => (j === i ? { ...x, count: Number(plain) || 0 } : x)))}
                    />
                  </div>
                  <Button
                    size="sm"
                    variant="ghost"
                    icon={<TrashIcon className="size-4" />}
                    aria-label={t`Remove ${names.get(c.id) ?? ''}`}
                    onClick={() => setChosen((all) => all.filter((_, j) => j !== i))}
                  />
                </li>
              ))}
            </ul>
          )}
          <SelectField
            label={t`Barcode`}
            value={options.symbology}
            onChange={(e) => setOptions({ ...options, symbology: e.target.value as Symbology })}
            options={[
              ...(kind === 'product' ? [{ value: 'ean13', label: t`EAN-13 (products with an EAN barcode)` }] : []),
              { value: 'code128', label: t`Code 128` },
              { value: 'qrcode', label: t`QR code` },
            ]}
          />
          <SelectField
            label={t`Label size`}
            value={options.stock}
            onChange={(e) => setOptions({ ...options, stock: e.target.value as LabelStock })}
            options={[
              { value: 'roll40x25', label: t`Roll, 40 × 25 mm` },
              { value: 'a4x24', label: t`A4 sheet, 3 × 8` },
            ]}
          />
          <fieldset className="flex flex-col gap-2 text-sm text-slate-800">
            <legend className="mb-1 font-medium">{t`On each label`}</legend>
            {(
              [
                ['showName', t`Name`],
                ['showCode', t`Code`],
                ...(kind === 'product' ? ([['showPrice', t`Price in toman`]] as const) : []),
              ] as const
            ).map(([name, label]) => (
              <label key={name} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  className="size-5 rounded"
                  checked={options[name]}
                  onChange={(e) => setOptions({ ...options, [name]: e.target.checked })}
                />
                {label}
              </label>
            ))}
          </fieldset>
          <Button onClick={() => window.print()} disabled={!labels.length}>
            <Trans>Print {total} labels</Trans>
          </Button>
        </Card>
        <SectionCard title={<Trans>Preview</Trans>} className="min-w-0 print:p-0 print:ring-0">
          {labels.length ? (
            <div className="overflow-auto" role="region" tabIndex={0} aria-label={t`Preview`}>
              <LabelSheet labels={labels} options={options} />
            </div>
          ) : (
            <p className="py-6 text-center text-sm text-slate-600">
              <Trans>Choose what to print labels for.</Trans>
            </p>
          )}
        </SectionCard>
      </div>
    </>
  );
}
