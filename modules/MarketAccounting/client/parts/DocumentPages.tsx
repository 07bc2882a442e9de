/**
 * The three pages every accounting document has, after warehousing's receipts: the list (number,
 * state and the list fields), the form that writes a draft on this device and submits it, and the
 * document's page with print, whose refusals the module puts in its own words.
 */
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { permission, type DocumentSpec, type Entity } from '../../../../src/contract/entity.ts';
import { DocumentForm, type DocumentFormProps } from '../../../../src/panel/document/DocumentForm.tsx';
import { DocumentView, type DocumentViewProps } from '../../../../src/panel/document/DocumentView.tsx';
import { EntityList } from '../../../../src/panel/entity/EntityList.tsx';
import { NoAccess } from '../../../../src/panel/WithPanel.tsx';
import { useCanAccess } from '../../../../src/storage/access.ts';
import { useOne } from '../../../../src/storage/useData.ts';
import { Alert } from '../../../../src/ui/Alert.tsx';
import { buttonClasses } from '../../../../src/ui/Button.tsx';
import { Card, PageHeader } from '../../../../src/ui/Card.tsx';
import { Loading } from '../../../../src/ui/Loading.tsx';
import { useDocumentTitle } from '../../../../src/ui/useDocumentTitle.ts';
import { withQuery } from '../paths.ts';

type DocumentEntity = Entity & { document: DocumentSpec };

export function DocumentListPage({ entity, title, description, actions, details }: { entity: DocumentEntity; title: string; description: ReactNode; actions: ReactNode; details: string }) {
  const can = useCanAccess();
  const [, navigate] = useLocation();
  useDocumentTitle(title);
  return (
    <>
      <PageHeader title={title} description={description} actions={actions} />
      {can(permission(entity, 'read')) ? <EntityList entity={entity} onOpen={(row) => navigate(withQuery(details, { id: row.id }))} empty={actions} /> : <NoAccess />}
    </>
  );
}

export interface DocumentFormPageProps extends Pick<DocumentFormProps, 'defaults' | 'widgets' | 'lineWidgets' | 'summary'> {
  entity: DocumentEntity;
  title: string;
  list: string;
  details: string;
}

export function DocumentFormPage({ entity, title, list, details, ...form }: DocumentFormPageProps) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const id = new URLSearchParams(useSearch()).get('id');
  const can = useCanAccess();
  const { data: row, loading } = useOne(entity, id);
  const heading = id ? t`Edit the draft` : title;
  useDocumentTitle(heading);
  let body: ReactNode;
  if (!can(permission(entity, id ? 'update' : 'create'))) body = <NoAccess />;
  else if (id && loading) body = <Loading />;
  else if (id && !row) body = <Alert tone="warning">{t`This record does not exist any more.`}</Alert>;
  else if (row && row.status !== 'draft') body = <Alert tone="info">{t`Only a draft can be changed. Cancel the document and amend it to correct it.`}</Alert>;
  else {
    body = (
      <Card>
        <DocumentForm
          key={row?.id ?? 'new'}
          entity={entity}
          row={row ?? null}
          {...form}
          onSaved={(saved) => navigate(withQuery(details, { id: saved.id }), { replace: true })}
          onCancel={() => navigate(row ? withQuery(details, { id: row.id }) : list)}
        />
      </Card>
    );
  }
  return (
    <>
      <PageHeader title={heading} />
      {body}
    </>
  );
}

export interface DocumentDetailsPageProps extends Pick<DocumentViewProps, 'summary' | 'explain'> {
  entity: DocumentEntity;
  list: string;
  listLabel: ReactNode;
  form: string;
}

export function DocumentDetailsPage({ entity, list, listLabel, form, summary, explain }: DocumentDetailsPageProps) {
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const id = new URLSearchParams(useSearch()).get('id');
  const can = useCanAccess();
  const { data: row, loading } = useOne(entity, id);
  const singular = i18n._(entity.label);
  useDocumentTitle(typeof row?.number === 'string' ? row.number : singular);
  let body: ReactNode;
  if (!can(permission(entity, 'read'))) body = <NoAccess />;
  else if (loading) body = <Loading />;
  else if (!row) body = <Alert tone="warning">{t`This record does not exist any more.`}</Alert>;
  else {
    body = (
      <Card>
        <DocumentView
          entity={entity}
          row={row}
          onEdit={() => navigate(withQuery(form, { id: row.id }))}
          onDone={({ amended }) => navigate(amended ? withQuery(form, { id: amended.id }) : list, { replace: true })}
          summary={summary}
          explain={explain}
        />
      </Card>
    );
  }
  return (
    <>
      <PageHeader
        title={singular}
        actions={
          <Link href={list} className={buttonClasses('ghost')}>
            {listLabel}
          </Link>
        }
      />
      {body}
    </>
  );
}
