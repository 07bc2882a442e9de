/**
 * Accounting's master lists: cash boxes, bank accounts (the Sheba checked as typed), parties (each
 * with the way to its statement), and the panel's accounting settings.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, Redirect, useSearch } from 'wouter';
import { EntityFormPage } from '../../../../src/panel/entity/EntityFormPage.tsx';
import { EntityScreen } from '../../../../src/panel/entity/EntityScreen.tsx';
import { buttonClasses } from '../../../../src/ui/Button.tsx';
import { BankAccount, CashBox, Party, Settings, SETTINGS_ID } from '../../entities/books.ts';
import { ShebaField } from '../parts/ShebaField.tsx';
import { acc, withQuery } from '../paths.ts';
import { useBooks } from '../useBooks.ts';

export function CashBoxes() {
  const { t } = useLingui();
  return <EntityScreen entity={CashBox} defaults={{ active: true }} description={t`Each cash box keeps its own balance; receipts and payments in cash name the box.`} />;
}

const shebaWidgets = { sheba: ShebaField };

export function BankAccounts() {
  const { t } = useLingui();
  return <EntityScreen entity={BankAccount} defaults={{ active: true }} widgets={shebaWidgets} description={t`The shop’s accounts: transfers, card payments and cleared cheques go through them.`} />;
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

export function AccountingSettings() {
  const { t } = useLingui();
  const id = new URLSearchParams(useSearch()).get('id');
  useBooks();
  if (id !== SETTINGS_ID) return <Redirect to={withQuery(acc.settings, { id: SETTINGS_ID })} replace />;
  return (
    <EntityFormPage
      entity={Settings}
      after={() => acc.dashboard}
      back={acc.dashboard}
      description={t`How amounts are shown, and the day up to which the books are closed.`}
    />
  );
}
