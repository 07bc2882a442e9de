/**
 * Sales: the list (a sale opens in place with `?id=`), and the form that writes a draft with its
 * lines on this device, its net, VAT and total shown live. A sale is invoiced (submitted) once won;
 * when the server refuses an invoice for a sale not yet won, the sale says so in words.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation, useSearch } from 'wouter';
import { asDocument, permission, type Line } from '@/contract/entity.ts';
import {
  buttonClasses,
  DocumentEditor,
  DocumentPage,
  type DocumentValues,
  EntityList,
  type FormValues,
  NoAccess,
  PageHeader,
  StageBar,
  useCanAccess,
  useDocumentTitle,
  usePriceFill,
  useReferenceTitles,
} from '@/moduleKit.ts';
import { lostAsks, Sale } from '../../entities/sale.ts';
import { movable } from '../../rules/board.ts';
import { tehranToday } from '../../rules/jalaliMonth.ts';
import { SaleTotalsBar } from '../parts/SaleTotalsBar.tsx';
import { nm, withQuery } from '../paths.ts';
import { useVatPercent } from '../useVatPercent.ts';

export const saleDocument = asDocument(Sale);

function NewSaleButton() {
  const can = useCanAccess();
  if (!can(permission(Sale, 'create'))) return null;
  return (
    <Link href={nm.addSale} className={buttonClasses('primary')}>
      <Trans>New sale</Trans>
    </Link>
  );
}

export function SaleList() {
  const { t } = useLingui();
  const can = useCanAccess();
  const [, navigate] = useLocation();
  const id = new URLSearchParams(useSearch()).get('id');
  useDocumentTitle(t`Sales`);
  if (id) return <SaleDetails id={id} />;
  return (
    <>
      <PageHeader
        title={<Trans>Sales</Trans>}
        description={<Trans>Every sale with its stage and total. A won sale is invoiced by submitting it.</Trans>}
        actions={
          <div className="flex flex-wrap gap-2">
            <Link href={nm.board} className={buttonClasses('secondary')}>
              <Trans>Sales board</Trans>
            </Link>
            <NewSaleButton />
          </div>
        }
      />
      {can(permission(Sale, 'read')) ? (
        <EntityList entity={Sale} onOpen={(row) => navigate(withQuery(nm.sales, { id: row.id }))} empty={<NewSaleButton />} />
      ) : (
        <NoAccess />
      )}
    </>
  );
}

/**
 * The form's primary button by the stage chosen: a won sale is saved and invoiced at once; a sale
 * in any other stage cannot be invoiced yet, so it is saved.
 */
function usePrimary(): (header: FormValues) => { label: string; submits: boolean } {
  const { t } = useLingui();
  return (header) => (header.stage === 'won' ? { label: t`Save and invoice`, submits: true } : { label: t`Save`, submits: false });
}

/** A new sale (`?customerId=`, `?stage=`), or the draft in `?id=`. */
export function AddNewSale() {
  const { t, i18n } = useLingui();
  const query = new URLSearchParams(useSearch());
  const id = query.get('id');
  const vatPercent = useVatPercent();
  const primary = usePrimary();
  const fillLine = usePriceFill(saleDocument.document, { item: 'moduleId', price: 'unitPrice', from: 'price' });
  return (
    <DocumentEditor
      entity={saleDocument}
      id={id}
      title={id ? t`Edit the sale` : t`New sale`}
      description={i18n._(Sale.label)}
      detailsPath={nm.sales}
      listPath={nm.sales}
      defaults={{ date: tehranToday(), stage: query.get('stage') ?? 'lead', customerId: query.get('customerId') }}
      fillLine={fillLine}
      primary={primary}
      summary={(values: DocumentValues) => <SaleTotalsBar lines={values.lines} vatPercent={vatPercent} />}
    />
  );
}

function SaleDetails({ id }: { id: string }) {
  const vatPercent = useVatPercent();
  const customers = useReferenceTitles('NagemManagement/Customer');
  return (
    <DocumentPage
      entity={saleDocument}
      id={id}
      title={(row) => {
        const customer = row ? customers?.get(String(row.customerId)) : undefined;
        return customer ? <Trans>Sale to {customer}</Trans> : <Trans>Sale</Trans>;
      }}
      editPath={nm.addSale}
      listPath={nm.sales}
      listLabel={<Trans>All sales</Trans>}
      lead={(row) => (
        <div className="mb-4 flex flex-col gap-3">
          <StageBar entity={Sale} row={row} field="stage" asks={lostAsks} movable={movable(row)} />
          {row.stage === 'won' && row.status !== 'cancelled' && (
            <p className="flex flex-wrap gap-2">
              <Link href={withQuery(nm.setupModules, { saleId: row.id })} className={buttonClasses('secondary', 'sm')}>
                <Trans>Setup checklist</Trans>
              </Link>
            </p>
          )}
        </div>
      )}
      submittable={(row) => row.stage === 'won'}
      summary={(shown) => <SaleTotalsBar lines={(shown.lines as Line[] | undefined) ?? []} vatPercent={vatPercent} />}
    />
  );
}
