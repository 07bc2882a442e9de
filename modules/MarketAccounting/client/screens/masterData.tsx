/**
 * Accounting's master lists: cash boxes, bank accounts (the Sheba checked as typed), parties (each
 * with the way to its statement), the journal, and the panel's accounting settings.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation } from 'wouter';
import { permission } from '@/contract/entity.ts';
import { Alert, buttonClasses, Card, EntityForm, EntityScreen, Loading, NoAccess, ScreenFrame, useCanAccess, useOne } from '@/moduleKit.ts';
import { BankAccount, CashBox, Party, Settings, SETTINGS_ID } from '../../entities/books.ts';
import { JournalLine } from '../../entities/ledger.ts';
import { ShebaField } from '../parts/ShebaField.tsx';
import { acc, withQuery } from '../paths.ts';
import { useBooks } from '../useBooks.ts';

export function CashBoxes() {
  const { t } = useLingui();
  return (
    <EntityScreen
      entity={CashBox}
      defaults={{ active: true }}
      description={t`Each cash box keeps its own balance; receipts and payments in cash name the box.`}
    />
  );
}

const shebaWidgets = { sheba: ShebaField };

export function BankAccounts() {
  const { t } = useLingui();
  return (
    <EntityScreen
      entity={BankAccount}
      defaults={{ active: true }}
      widgets={shebaWidgets}
      description={t`The shop’s accounts: transfers, card payments and cleared cheques go through them.`}
    />
  );
}

export function PartyList() {
  const { t } = useLingui();
  return (
    <EntityScreen
      entity={Party}
      description={t`Customers, suppliers and anyone else with a running account. Customers and suppliers of the other modules appear here by themselves.`}
      rowActions={(row) => (
        <Link href={withQuery(acc.statement, { partyId: row.id })} className={buttonClasses('secondary', 'sm')}>
          <Trans>Statement</Trans>
        </Link>
      )}
    />
  );
}

/** Every journal line the books hold, each with the number of the document it came from: vouchers typed, and those posted by receipts, payments, cheques and the other modules. */
export function JournalList() {
  const { t } = useLingui();
  return <EntityScreen entity={JournalLine} description={t`Every line posted to the books, with the document it came from.`} />;
}

export function AccountingSettings() {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const can = useCanAccess();
  const { data: row, loading } = useOne(Settings, SETTINGS_ID);
  useBooks();
  let body;
  if (!can(permission(Settings, 'update'))) body = <NoAccess />;
  else if (loading) body = <Loading />;
  else if (!row) body = <Alert tone="info">{t`The standard chart of accounts is on its way.`}</Alert>;
  else
    body = (
      <EntityForm
        key={row.id}
        entity={Settings}
        row={row}
        onSaved={() => navigate(acc.dashboard)}
        onCancel={() => navigate(acc.dashboard)}
      />
    );
  return (
    <ScreenFrame
      title={t`Accounting settings`}
      description={<Trans>How amounts are shown, and the day up to which the books are closed.</Trans>}
    >
      <Card className="max-w-2xl">{body}</Card>
    </ScreenFrame>
  );
}
