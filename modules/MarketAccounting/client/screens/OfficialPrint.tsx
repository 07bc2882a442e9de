/**
 * The official print of a sales invoice or return (parts/OfficialInvoice.tsx), with the paper
 * chosen here: A4 landscape, as the tax organisation's form is laid out, or the same layout
 * smaller on A5 landscape. The sheet is shown as it will print, and printed alone on the
 * platform's named page for that paper (`@page a4-landscape` / `a5-landscape`, src/index.css).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { Link, useLocation, useSearch } from 'wouter';
import { permission } from '@/contract/entity.ts';
import {
  Alert,
  Button,
  buttonClasses,
  Loading,
  printMoney,
  ScreenFrame,
  SelectField,
  useCurrentPanel,
  useOne,
  usePanelMoneyUnit,
} from '@/moduleKit.ts';
import { Party, Settings, SETTINGS_ID } from '../../entities/books.ts';
import { Invoice } from '../../entities/invoices.ts';
import { OfficialInvoice, type InvoiceParty, type OfficialPaper } from '../parts/OfficialInvoice.tsx';
import { acc, withQuery } from '../paths.ts';

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const first = (...values: unknown[]) => values.map(text).find((v) => v !== '') ?? '';

export function OfficialPrint() {
  const { t, i18n } = useLingui();
  const query = new URLSearchParams(useSearch());
  const id = query.get('id');
  const [, navigate] = useLocation();
  const [paper, setPaper] = useState<OfficialPaper>(query.get('paper') === 'A5' ? 'A5' : 'A4');
  const money = printMoney(i18n, usePanelMoneyUnit());
  const current = useCurrentPanel();
  const panel = current.status === 'ready' ? current.panel : null;
  const invoice = useOne(Invoice, id);
  const settings = useOne(Settings, SETTINGS_ID);
  const row = invoice.data;
  const party = useOne(Party, typeof row?.partyId === 'string' ? row.partyId : null);
  const back = id ? withQuery(acc.invoiceDetails, { id }) : acc.invoices;
  let body;
  if (invoice.loading || settings.loading) body = <Loading />;
  else if (!row || (row.kind !== 'sale' && row.kind !== 'saleReturn'))
    body = <Alert tone="warning">{t`Only a sales invoice or a sales return has the official print.`}</Alert>;
  else {
    const s = settings.data;
    const seller: InvoiceParty = {
      name: first(s?.sellerName, panel?.companyName, panel?.name),
      economicCode: first(s?.economicCode, panel?.economicCode),
      nationalId: first(s?.nationalId, panel?.nationalId),
      postalCode: first(s?.postalCode, panel?.postalCode),
      address: first(s?.address, panel?.address),
      phone: first(s?.phone, panel?.phone),
    };
    const p = party.data;
    const buyer: InvoiceParty = {
      name: row.partyId ? text(p?.name) : t`Walk-in customer`,
      economicCode: text(p?.economicCode),
      nationalId: text(p?.nationalId),
      postalCode: text(p?.postalCode),
      address: text(p?.address),
      phone: text(p?.mobile),
    };
    const sheet = <OfficialInvoice row={row} seller={seller} buyer={buyer} money={money} paper={paper} />;
    body = (
      <>
        <div className="flex flex-wrap items-end gap-3 print:hidden">
          <SelectField
            label={t`Paper`}
            value={paper}
            className="w-64"
            onChange={(e) => {
              const next = e.target.value === 'A5' ? 'A5' : 'A4';
              setPaper(next);
              navigate(withQuery(acc.invoicePrint, { id: row.id, paper: next }), { replace: true });
            }}
            options={[
              { value: 'A4', label: t`A4 landscape (297 × 210 mm)` },
              { value: 'A5', label: t`A5 landscape (210 × 148 mm)` },
            ]}
          />
          <Button onClick={() => window.print()}>
            <Trans>Print</Trans>
          </Button>
        </div>
        <div
          className="overflow-x-auto rounded-xl bg-white p-4 ring-1 ring-slate-200 print:hidden"
          role="region"
          tabIndex={0}
          aria-label={t`Preview`}
        >
          <div style={{ width: paper === 'A4' ? '281mm' : '198mm' }}>{sheet}</div>
        </div>
        {createPortal(
          <div data-print-document className="hidden print:block" style={{ page: paper === 'A4' ? 'a4-landscape' : 'a5-landscape' }}>
            {sheet}
          </div>,
          document.body,
        )}
      </>
    );
  }
  return (
    <ScreenFrame
      title={t`Official invoice print`}
      needs={permission(Invoice, 'read')}
      actions={
        <Link href={back} className={buttonClasses('ghost')}>
          <Trans>Back to the invoice</Trans>
        </Link>
      }
    >
      <div className="flex flex-col gap-4">{body}</div>
    </ScreenFrame>
  );
}
