/**
 * Consignments (warehousing.md, consignment/*): goods a consignor still owns while they are in
 * our bins. ConsignmentReceive takes them in; AddNewConsignmnet records a sale or a return to the
 * consignor; ConsignmentList lists them with each consignor's balance; ConsignmentDetails shows
 * one document (`?id=`) and the consignor's settlement (or `?partyId=` alone).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { asDocument, permission, type Row } from '@/contract/entity.ts';
import { formatNumber, formatQuantity } from '@/i18n/format.ts';
import {
  buttonClasses,
  DataTable,
  DocumentEditor,
  DocumentPage,
  documentState,
  EntityList,
  type LocalRow,
  NewDocumentLink,
  PageHeader,
  PlusIcon,
  ScreenFrame,
  SectionCard,
  useCanAccess,
  useDocumentTitle,
  useMoney,
  useOne,
  usePanelData,
  useReferenceTitles,
  useTableRows,
} from '@/moduleKit.ts';
import { Consignment } from '../../entities/inbound.ts';
import { Party, Product } from '../../entities/masterData.ts';
import { LocationField } from '../parts/LocationField.tsx';
import { LineQuantityField } from '../parts/QuantityField.tsx';
import { ScanLinesBar } from '../parts/ScanLinesBar.tsx';
import { wh, withQuery } from '../paths.ts';
import { settlementOf } from '../settlement.ts';
import { tehranToday } from '../stockView.ts';

const counts = (row: Row) => {
  const state = documentState(row as LocalRow);
  return state === 'submitted' || state === 'submitting';
};

function Actions() {
  return (
    <>
      <NewDocumentLink entity={Consignment} href={wh.consignmentReceive}>
        <PlusIcon />
        <Trans>Receive on consignment</Trans>
      </NewDocumentLink>
      <Link href={withQuery(wh.addConsignment, { kind: 'sale' })} className={buttonClasses('secondary')}>
        <Trans>Sale or return</Trans>
      </Link>
    </>
  );
}

export function ConsignmentList() {
  const { t } = useLingui();
  const can = useCanAccess();
  const [, navigate] = useLocation();
  return (
    <ScreenFrame
      title={t`Consignments`}
      description={<Trans>Goods held for their owners: kept apart from our own stock until sold or returned.</Trans>}
      actions={can(permission(Consignment, 'create')) && <Actions />}
      needs={permission(Consignment, 'read')}
    >
      <>
        <Consignors />
        <SectionCard title={<Trans>Documents</Trans>} className="mt-6">
          <EntityList entity={Consignment} onOpen={(row) => navigate(withQuery(wh.consignmentDetails, { id: row.id }))} />
        </SectionCard>
      </>
    </ScreenFrame>
  );
}

/** Each consignor with goods here: on hand and owed, linking to their settlement. */
function Consignors() {
  const { t } = useLingui();
  const money = useMoney();
  const panel = usePanelData();
  const [docs] = useTableRows(panel?.db, [Consignment]);
  const parties = useReferenceTitles(Party.key);
  const rows = useMemo(() => {
    const ids = [...new Set((docs ?? []).filter((d) => !d.deleted && counts(d)).map((d) => String(d.partyId)))];
    return ids.map((id) => ({ id, ...settlementOf(docs ?? [], id, counts) }));
  }, [docs]);
  if (!rows.length) return null;
  return (
    <SectionCard title={<Trans>Consignors</Trans>}>
      <ul className="divide-y divide-slate-100">
        {rows.map((r) => {
          const owed = money.text(r.owed);
          const products = formatNumber(r.rows.length);
          return (
            <li key={r.id}>
              <Link
                href={withQuery(wh.consignmentDetails, { partyId: r.id })}
                className="flex items-center justify-between gap-3 py-2 hover:bg-slate-50"
              >
                <span className="font-medium">{parties?.get(r.id) ?? '…'}</span>
                <span className="text-sm text-slate-700">{t`${products} products · owed ${owed}`}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </SectionCard>
  );
}

const lineWidgets = { locationId: LocationField, quantity: LineQuantityField };

function ConsignmentEditor({ kind }: { kind: 'receive' | 'sale' | 'return' }) {
  const { t } = useLingui();
  const query = new URLSearchParams(useSearch());
  const id = query.get('id');
  const title = id
    ? t`Edit the consignment`
    : kind === 'receive'
      ? t`Receive on consignment`
      : kind === 'sale'
        ? t`Consignment sold`
        : t`Consignment returned`;
  return (
    <DocumentEditor
      entity={Consignment}
      id={id}
      title={title}
      description={<Trans>The consignor still owns these goods: they are kept apart from our own stock.</Trans>}
      detailsPath={wh.consignmentDetails}
      listPath={wh.consignmentList}
      defaults={{ kind, date: tehranToday(), partyId: query.get('partyId'), warehouseId: query.get('warehouseId') }}
      lineWidgets={lineWidgets}
      linesToolbar={(values, setLines) => <ScanLinesBar spec={asDocument(Consignment).document} values={values} setLines={setLines} />}
    />
  );
}

export function ConsignmentReceive() {
  return <ConsignmentEditor kind="receive" />;
}

export function AddNewConsignmnet() {
  const kind = new URLSearchParams(useSearch()).get('kind');
  return <ConsignmentEditor kind={kind === 'return' ? 'return' : kind === 'receive' ? 'receive' : 'sale'} />;
}

export function ConsignmentDetails() {
  const query = new URLSearchParams(useSearch());
  const id = query.get('id');
  const { data: doc } = useOne(Consignment, id);
  const partyId = query.get('partyId') ?? (typeof doc?.partyId === 'string' ? doc.partyId : null);
  const settlement = partyId ? <SettlementCard partyId={partyId} /> : null;
  if (!id) {
    return (
      <>
        <PageHeader title={<Trans>Consignor’s settlement</Trans>} actions={<Actions />} />
        {settlement}
      </>
    );
  }
  const editPath = doc?.kind === 'receive' ? wh.consignmentReceive : wh.addConsignment;
  return (
    <DocumentPage
      entity={Consignment}
      id={id}
      title={<Trans>Consignment</Trans>}
      editPath={editPath}
      listPath={wh.consignmentList}
      listLabel={<Trans>All consignments</Trans>}
    >
      {() => settlement}
    </DocumentPage>
  );
}

function SettlementCard({ partyId }: { partyId: string }) {
  const { t } = useLingui();
  const money = useMoney();
  const unit = money.unit;
  const panel = usePanelData();
  const [docs] = useTableRows(panel?.db, [Consignment]);
  const products = useReferenceTitles(Product.key);
  const parties = useReferenceTitles(Party.key);
  const settlement = useMemo(
    () =>
      settlementOf(
        (docs ?? []).filter((d) => !d.deleted),
        partyId,
        counts,
      ),
    [docs, partyId],
  );
  const owed = money.text(settlement.owed);
  const name = parties?.get(partyId) ?? '…';
  useDocumentTitle(t`Settlement with ${name}`);
  return (
    <SectionCard title={<Trans>Settlement with {name}</Trans>} className="mt-6">
      <p className="mb-3 text-base font-semibold text-slate-900" role="status">
        <Trans>Owed to the consignor: {owed}</Trans>
      </p>
      {settlement.rows.length === 0 ? (
        <p className="py-4 text-center text-sm text-slate-600">
          <Trans>Nothing received from this consignor yet.</Trans>
        </p>
      ) : (
        <DataTable
          label={t`Settlement`}
          rows={settlement.rows}
          rowKey={(r) => r.productId}
          columns={[
            { id: 'product', header: t`Product`, title: true, cell: (r) => products?.get(r.productId) ?? '…' },
            { id: 'received', header: t`Received`, kind: 'figure', cell: (r) => formatQuantity(r.received) },
            { id: 'sold', header: t`Sold`, kind: 'figure', cell: (r) => formatQuantity(r.sold) },
            { id: 'returned', header: t`Returned`, kind: 'figure', cell: (r) => formatQuantity(r.returned) },
            { id: 'onHand', header: t`On hand`, kind: 'figure', key: true, cell: (r) => formatQuantity(r.onHand) },
            {
              id: 'owed',
              header: t`Owed (${unit})`,
              kind: 'figure',
              key: true,
              className: 'font-semibold',
              cell: (r) => money.number(r.owed),
            },
          ]}
        />
      )}
    </SectionCard>
  );
}
