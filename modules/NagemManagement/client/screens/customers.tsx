/** Customers: the list (each opening its timeline) and the form to add one. */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { buttonClasses, EntityFormPage, EntityScreen } from '@/moduleKit.ts';
import { Customer } from '../../entities/customers.ts';
import { nm, withQuery } from '../paths.ts';

const defaults = { kind: 'company', source: 'agent' };

export function CustomersList() {
  const { t } = useLingui();
  return (
    <EntityScreen
      entity={Customer}
      defaults={defaults}
      description={t`Each customer belongs to the agent responsible for them; agents see only their own.`}
      rowActions={(row) => (
        <Link href={withQuery(nm.customer, { id: row.id })} className={buttonClasses('secondary', 'sm')}>
          <Trans>Timeline and balance</Trans>
        </Link>
      )}
    />
  );
}

export function AddNewCustomer() {
  return (
    <EntityFormPage entity={Customer} defaults={defaults} after={(row) => withQuery(nm.customer, { id: row.id })} back={nm.customers} />
  );
}
