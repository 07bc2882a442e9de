/**
 * A page that adds a row (or, with `?id=`, edits one) with the entity's form: the spec's
 * AddNew… and …Row routes. Values can come in the address (`?parentId=…` preselects a parent);
 * saving goes where the screen says.
 */
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { permission, type Entity, type Row } from '../../contract/entity.ts';
import { useCanAccess } from '../../storage/access.ts';
import { Card, PageHeader } from '../../ui/Card.tsx';
import { Loading } from '../../ui/Loading.tsx';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import { RecordNotFound } from '../RecordNotFound.tsx';
import { usePageRecord } from '../usePageRecord.ts';
import { NoAccess } from '../WithPanel.tsx';
import { EntityForm, type EntityFormProps } from './EntityForm.tsx';
import { rowTitle } from './referenceTitles.ts';
import { inSentence } from '../../i18n/format.ts';

export interface EntityFormPageProps {
  entity: Entity;
  /** Where to go once saved (the saved row's page, the list…). */
  after: (row: Row) => string;
  /** Where Cancel goes. */
  back: string;
  description?: ReactNode;
  widgets?: EntityFormProps['widgets'];
  /** Values a new row starts with, besides those in the address. */
  defaults?: EntityFormProps['defaults'];
}

export function EntityFormPage({ entity, after, back, description, widgets, defaults }: EntityFormPageProps) {
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const query = new URLSearchParams(useSearch());
  const id = query.get('id');
  const can = useCanAccess();
  const record = usePageRecord(entity, id);
  const row = record.row;
  const label = i18n._(entity.label);
  const singular = inSentence(label);
  const title = id ? (row ? rowTitle(entity, row) || label : label) : t`New ${singular}`;
  useDocumentTitle(record.status === 'notFound' ? null : title);
  const fromAddress = Object.fromEntries([...query].filter(([name]) => name !== 'id' && Object.hasOwn(entity.fields, name)));
  if (!can(permission(entity, id ? 'update' : 'create'))) {
    return (
      <>
        <PageHeader title={title} />
        <NoAccess />
      </>
    );
  }
  if (id && record.status === 'notFound')
    return <RecordNotFound entity={entity} reason={record.reason} back={{ href: back, label: t`Back` }} />;
  return (
    <>
      <PageHeader title={title} description={description} />
      <Card className="max-w-2xl">
        {id && record.status === 'loading' ? (
          <Loading />
        ) : (
          <EntityForm
            key={row?.id ?? 'new'}
            entity={entity}
            row={row ?? null}
            widgets={widgets}
            defaults={{ ...defaults, ...fromAddress }}
            onSaved={(saved) => navigate(after(saved))}
            onCancel={() => navigate(back)}
          />
        )}
      </Card>
    </>
  );
}
