/**
 * The three pages every accounting document has: the list (number, state and the list fields), and
 * the platform's form and document page (src/panel/document/DocumentPages.tsx) with the id from
 * `?id=` and the refusals put in the module's own words.
 */
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { permission, type DocumentSpec, type Entity } from '@/contract/entity.ts';
import {
  DocumentEditor,
  type DocumentFormProps,
  DocumentPage,
  type DocumentViewProps,
  EntityList,
  type LocalRow,
  ScreenFrame,
} from '@/moduleKit.ts';
import { withQuery } from '../paths.ts';

type DocumentEntity = Entity & { document: DocumentSpec };

export function DocumentListPage({
  entity,
  title,
  description,
  actions,
  details,
}: {
  entity: DocumentEntity;
  title: string;
  description: ReactNode;
  actions: ReactNode;
  details: string;
}) {
  const [, navigate] = useLocation();
  return (
    <ScreenFrame title={title} description={description} actions={actions} needs={permission(entity, 'read')}>
      <EntityList entity={entity} onOpen={(row) => navigate(withQuery(details, { id: row.id }))} empty={actions} />
    </ScreenFrame>
  );
}

export interface DocumentFormPageProps extends Pick<
  DocumentFormProps,
  'defaults' | 'defaultLines' | 'widgets' | 'lineWidgets' | 'summary' | 'headerPart' | 'fillLine'
> {
  entity: DocumentEntity;
  title: string;
  list: string;
  details: string;
}

export function DocumentFormPage({ entity, title, list, details, ...form }: DocumentFormPageProps) {
  const { t } = useLingui();
  const id = new URLSearchParams(useSearch()).get('id');
  return <DocumentEditor entity={entity} id={id} title={id ? t`Edit the draft` : title} detailsPath={details} listPath={list} {...form} />;
}

export interface DocumentDetailsPageProps extends Pick<DocumentViewProps, 'summary' | 'printLinks'> {
  entity: DocumentEntity;
  list: string;
  listLabel: ReactNode;
  form: string;
  /** Before the document: the next step's link (a return of an invoice). */
  lead?: (row: LocalRow) => ReactNode;
}

export function DocumentDetailsPage({ entity, list, listLabel, form, summary, printLinks, lead }: DocumentDetailsPageProps) {
  const { i18n } = useLingui();
  const id = new URLSearchParams(useSearch()).get('id');
  return (
    <DocumentPage
      entity={entity}
      id={id}
      title={i18n._(entity.label)}
      editPath={form}
      listPath={list}
      listLabel={listLabel}
      summary={summary}
      printLinks={printLinks}
      lead={lead}
    />
  );
}
