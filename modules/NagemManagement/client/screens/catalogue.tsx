/** The catalogue of modules sold: the list (each opening its details) and the form to add one. */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { buttonClasses, EntityFormPage, EntityScreen } from '@/moduleKit.ts';
import { Module } from '../../entities/catalogue.ts';
import { nm, withQuery } from '../paths.ts';

export function ModuleList() {
  const { t } = useLingui();
  return (
    <EntityScreen
      entity={Module}
      defaults={{ active: true, billing: 'yearly' }}
      description={t`What is sold: each module with its price and how it is billed.`}
      rowActions={(row) => (
        <Link href={withQuery(nm.module, { id: row.id })} className={buttonClasses('secondary', 'sm')}>
          <Trans>Sales and revenue</Trans>
        </Link>
      )}
    />
  );
}

export function AddNewModule() {
  return (
    <EntityFormPage
      entity={Module}
      defaults={{ active: true, billing: 'yearly' }}
      after={(row) => withQuery(nm.module, { id: row.id })}
      back={nm.modules}
    />
  );
}
