/**
 * The pages every module's documents share: the form (a new document, or the draft `id`), which
 * refuses what may not be edited, and the document's page with its actions and list link. Screens
 * add their own widgets, lines toolbar (a scan bar), summary and what follows the document (a
 * transfer's arrival, a consignor's settlement); a refusal's words come from the module's `refusals`.
 */
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { asDocument, permission, type Entity } from '../../contract/entity.ts';
import { DocumentForm, type DocumentFormProps } from './DocumentForm.tsx';
import { DocumentView, type DocumentViewProps } from './DocumentView.tsx';
import { RecordNotFound } from '../RecordNotFound.tsx';
import { usePageRecord } from '../usePageRecord.ts';
import { NoAccess } from '../WithPanel.tsx';
import { useCanAccess } from '../../storage/access.ts';
import type { LocalRow } from '../../storage/localRecords.ts';
import { Alert } from '../../ui/Alert.tsx';
import { buttonClasses } from '../../ui/Button.tsx';
import { Card, PageHeader } from '../../ui/Card.tsx';
import { Loading } from '../../ui/Loading.tsx';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import { withQuery } from '../../contract/routes.ts';

type FormParts = Pick<
  DocumentFormProps,
  | 'defaults'
  | 'defaultLines'
  | 'widgets'
  | 'lineWidgets'
  | 'lineFooter'
  | 'linesToolbar'
  | 'summary'
  | 'headerPart'
  | 'fillLine'
  | 'primary'
>;

export interface DocumentEditorProps extends FormParts {
  entity: Entity;
  id: string | null;
  title: string;
  description?: ReactNode;
  /** The page of a saved document. */
  detailsPath: string;
  listPath: string;
}

export function DocumentEditor({ entity, id, title, description, detailsPath, listPath, ...parts }: DocumentEditorProps) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const can = useCanAccess();
  const record = usePageRecord(entity, id);
  const row = record.row;
  useDocumentTitle(id && record.status === 'notFound' ? null : title);
  let body: ReactNode;
  if (!can(permission(entity, id ? 'update' : 'create'))) body = <NoAccess />;
  else if (id && record.status === 'notFound')
    return <RecordNotFound entity={entity} reason={record.reason} back={{ href: listPath, label: t`Back to the list` }} />;
  else if (id && record.status === 'loading') body = <Loading />;
  else if (row && row.status !== 'draft')
    body = <Alert tone="info">{t`Only a draft can be changed. Cancel the document and amend it to correct it.`}</Alert>;
  else {
    body = (
      <Card>
        <DocumentForm
          key={row?.id ?? 'new'}
          entity={asDocument(entity)}
          row={row ?? null}
          {...parts}
          onSaved={(saved) => navigate(withQuery(detailsPath, { id: saved.id }), { replace: true })}
          onCancel={() => navigate(row ? withQuery(detailsPath, { id: row.id }) : listPath)}
        />
      </Card>
    );
  }
  return (
    <>
      <PageHeader title={title} description={description} />
      {body}
    </>
  );
}

export interface DocumentPageProps {
  entity: Entity;
  id: string | null;
  /** The page's heading; a function when it depends on the document (goods in or out). */
  title: ReactNode | ((row: LocalRow | null) => ReactNode);
  editPath: string;
  listPath: string;
  listLabel: ReactNode;
  /** What comes before the document on its page (the next step's link). */
  lead?: (row: LocalRow) => ReactNode;
  /** What follows the document on its page. */
  children?: (row: LocalRow) => ReactNode;
  summary?: (row: LocalRow) => ReactNode;
  submittable?: DocumentViewProps['submittable'];
  printLinks?: DocumentViewProps['printLinks'];
}

export function DocumentPage({
  entity,
  id,
  title,
  editPath,
  listPath,
  listLabel,
  lead,
  children,
  summary,
  submittable,
  printLinks,
}: DocumentPageProps) {
  const { i18n } = useLingui();
  const [, navigate] = useLocation();
  const can = useCanAccess();
  const record = usePageRecord(entity, id);
  const row = record.row;
  useDocumentTitle(record.status === 'notFound' ? null : typeof row?.number === 'string' ? row.number : i18n._(entity.label));
  let body: ReactNode;
  if (!can(permission(entity, 'read'))) body = <NoAccess />;
  else if (record.status === 'notFound')
    return <RecordNotFound entity={entity} reason={record.reason} back={{ href: listPath, label: listLabel }} />;
  else if (!row) body = <Loading />;
  else {
    body = (
      <>
        {lead?.(row)}
        <Card>
          <DocumentView
            entity={asDocument(entity)}
            row={row}
            summary={summary}
            submittable={submittable}
            printLinks={printLinks}
            onEdit={() => navigate(withQuery(editPath, { id: row.id }))}
            onDone={({ amended }) => navigate(amended ? withQuery(editPath, { id: amended.id }) : listPath, { replace: true })}
          />
        </Card>
        {children?.(row)}
      </>
    );
  }
  return (
    <>
      <PageHeader
        title={typeof title === 'function' ? title(row ?? null) : title}
        actions={
          <Link href={listPath} className={buttonClasses('ghost')}>
            {listLabel}
          </Link>
        }
      />
      {body}
    </>
  );
}

export function NewDocumentLink({ entity, href, children }: { entity: Entity; href: string; children: ReactNode }) {
  const can = useCanAccess();
  if (!can(permission(entity, 'create'))) return null;
  return (
    <Link href={href} className={buttonClasses('primary')}>
      {children}
    </Link>
  );
}
