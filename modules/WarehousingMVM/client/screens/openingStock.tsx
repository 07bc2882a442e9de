/**
 * Opening stock (warehousing.md, Inventory/AddProductToWarehouse): put a product in a bin with
 * what is there now and what it cost — a goods-in receipt of one line, submitted at once, so the
 * ledger and the moving-average cost start from it like from any other receipt. It is marked
 * `opening`: nobody sold it to the business, so accounting credits opening balance equity.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState, type FormEvent } from 'react';
import { Link, useSearch } from 'wouter';
import { permission } from '@/contract/entity.ts';
import { normalizeQuantity } from '@/contract/quantity.ts';
import { fitsMoney, toRials, wireRials } from '@/contract/money.ts';
import { describeError } from '@/i18n/describeError.ts';
import {
  Alert,
  Button,
  Card,
  DateField,
  MoneyField,
  newId,
  NoAccess,
  PageHeader,
  ReferenceCombobox,
  TextField,
  useCanAccess,
  useDocumentTitle,
  useList,
  useOne,
  usePanelData,
} from '@/moduleKit.ts';
import type { Row } from '@/contract/entity.ts';
import { Location, Product, Warehouse } from '../../entities/masterData.ts';
import { OPENING_STOCK_GRANT, Receipt } from '../../entities/stock.ts';
import { batchProblems } from '../../rules/batchRule.ts';
import { QuantityField } from '../parts/QuantityField.tsx';
import { ScanField } from '../parts/ScanField.tsx';
import { wh, withQuery } from '../paths.ts';
import { tehranToday } from '../stockView.ts';

export function AddProductToWarehouse() {
  const { t, i18n } = useLingui();
  const can = useCanAccess();
  const panel = usePanelData();
  const query = new URLSearchParams(useSearch());
  const [warehouseId, setWarehouseId] = useState<string | null>(query.get('warehouseId'));
  const [locationId, setLocationId] = useState<string | null>(null);
  const [productId, setProductId] = useState<string | null>(query.get('productId'));
  const [quantity, setQuantity] = useState('');
  const [price, setPrice] = useState('');
  const [batch, setBatch] = useState('');
  const [expiry, setExpiry] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<Row | null>(null);
  const { data: product } = useOne(Product, productId);
  const { data: locations } = useList(Location, { filters: { warehouseId: warehouseId ?? undefined } });
  const only = useMemo(() => new Set(warehouseId ? (locations?.items ?? []).map((l) => l.id) : []), [locations, warehouseId]);
  useDocumentTitle(t`Opening stock`);
  if (!can(permission(Receipt, 'create')) || !can(permission(Receipt, OPENING_STOCK_GRANT))) return <NoAccess />;
  const tracked = product?.tracksBatches === true;

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!panel) return;
    const q = normalizeQuantity(quantity);
    const unitPrice = price ? toRials(price) : 0n;
    const problems: Record<string, string> = {};
    if (!warehouseId) problems.warehouse = t`Choose the warehouse.`;
    if (!productId) problems.product = t`Choose or scan the product.`;
    if (!q || q.startsWith('-') || q === '0.000') problems.quantity = t`Write how many are there.`;
    if (unitPrice === null || unitPrice < 0n || !fitsMoney(unitPrice)) problems.price = t`Write the unit cost.`;
    const untracked = batchProblems(product, { batch, expiry }, true);
    if (untracked.batch) problems.batch = t`This product is tracked by batch: write its batch.`;
    if (untracked.expiry) problems.expiry = t`This product’s batches expire: write the expiry date.`;
    setErrors(problems);
    if (Object.keys(problems).length) return;
    try {
      const values = {
        direction: 'in',
        opening: true,
        date: tehranToday(),
        warehouseId,
        reference: t`Opening stock`,
        lines: [
          { id: newId(), productId, quantity: q, unitPrice: wireRials(unitPrice ?? 0n), locationId, batch: batch.trim() || null, expiry },
        ],
      };
      const submitted = can(permission(Receipt, 'submit'))
        ? await panel.data.saveAndSubmit(Receipt, null, values)
        : await panel.data.create(Receipt, values);
      setDone(submitted);
      setQuantity('');
      setBatch('');
      setExpiry(null);
      setFailure(null);
    } catch (error) {
      setFailure(describeError(i18n, error));
    }
  }

  return (
    <>
      <PageHeader
        title={<Trans>Opening stock</Trans>}
        description={<Trans>Put a product in a warehouse (and a bin) with what is there now and its unit cost.</Trans>}
      />
      <Card>
        <form onSubmit={(e) => void save(e)} noValidate className="grid gap-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <ScanField
              label={t`Scan a product or a location`}
              warehouseId={warehouseId}
              onFound={(found) =>
                found.kind === 'product'
                  ? setProductId(found.row.id)
                  : (setWarehouseId(String(found.row.warehouseId)), setLocationId(found.row.id))
              }
            />
          </div>
          <ReferenceCombobox
            label={t`Product`}
            to={Product.key}
            value={productId}
            onChange={setProductId}
            required
            error={errors.product}
          />
          <ReferenceCombobox
            label={t`Warehouse`}
            to={Warehouse.key}
            value={warehouseId}
            onChange={(v) => (setWarehouseId(v), setLocationId(null))}
            required
            error={errors.warehouse}
          />
          <ReferenceCombobox
            label={t`Location`}
            to={Location.key}
            value={locationId}
            onChange={setLocationId}
            only={only}
            hint={warehouseId ? undefined : t`Choose the warehouse first.`}
          />
          <QuantityField
            label={t`Quantity`}
            productId={productId}
            value={quantity}
            onChange={setQuantity}
            required
            error={errors.quantity}
          />
          <MoneyField label={t`Unit cost`} value={price} onChange={setPrice} error={errors.price} />
          {tracked && (
            <>
              <TextField ltr label={t`Batch`} value={batch} onChange={(e) => setBatch(e.target.value)} required error={errors.batch} />
              <DateField label={t`Expiry`} value={expiry} onChange={setExpiry} required={product?.expires === true} error={errors.expiry} />
            </>
          )}
          {failure && (
            <Alert tone="error" className="sm:col-span-2">
              {failure}
            </Alert>
          )}
          {done && (
            <Alert tone="success" className="sm:col-span-2">
              <Trans>
                Recorded as a goods-in receipt.{' '}
                <Link href={withQuery(wh.receiptDetails, { id: done.id })} className="underline">
                  Open it
                </Link>
              </Trans>
            </Alert>
          )}
          <div className="sm:col-span-2">
            <Button type="submit">
              <Trans>Put in stock</Trans>
            </Button>
          </div>
        </form>
      </Card>
    </>
  );
}
