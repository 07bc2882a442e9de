/**
 * A support request (`?id=`): its details, its status, priority and supporter changed in place,
 * and its thread of replies and internal notes with a box to add one. Without an id, the form
 * for a new request (`?customerId=` picks the customer).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { permission } from '@/contract/entity.ts';
import { describeError } from '@/i18n/describeError.ts';
import { formatDateTime } from '@/i18n/format.ts';
import {
  Alert,
  Button,
  buttonClasses,
  Card,
  EntityForm,
  Loading,
  type LocalRow,
  NoAccess,
  PageHeader,
  RecordNotFound,
  SectionCard,
  SelectField,
  showToast,
  StageBar,
  TextAreaField,
  useCanAccess,
  useDocumentTitle,
  useNow,
  usePageRecord,
  usePanelData,
  useReferenceTitles,
} from '@/moduleKit.ts';
import { priorityOptions, Request, RequestMessage } from '../../entities/support.ts';
import { isOverdue } from '../../rules/support.ts';
import { nm, withQuery } from '../paths.ts';
import { useRows } from '../useRows.ts';

export function RequestDetails() {
  const { t } = useLingui();
  const can = useCanAccess();
  const [, navigate] = useLocation();
  const query = new URLSearchParams(useSearch());
  const id = query.get('id');
  const record = usePageRecord(Request, id);
  const request = record.row;
  useDocumentTitle(id && record.status === 'notFound' ? null : typeof request?.subject === 'string' ? request.subject : t`Support request`);
  let body;
  if (!can(permission(Request, id ? 'read' : 'create'))) body = <NoAccess />;
  else if (!id) {
    body = (
      <Card className="max-w-2xl">
        <EntityForm
          entity={Request}
          defaults={{ customerId: query.get('customerId'), status: 'open', priority: 'normal', category: 'technical' }}
          onSaved={(row) => navigate(withQuery(nm.request, { id: row.id }), { replace: true })}
          onCancel={() => navigate(nm.requests)}
        />
      </Card>
    );
  } else if (record.status === 'notFound')
    return <RecordNotFound entity={Request} reason={record.reason} back={{ href: nm.requests, label: t`All requests` }} />;
  else if (record.status === 'loading') body = <Loading />;
  else body = <Details request={record.row} />;
  return (
    <>
      <PageHeader
        title={typeof request?.subject === 'string' ? request.subject : <Trans>New support request</Trans>}
        actions={
          <Link href={nm.requests} className={buttonClasses('ghost')}>
            <Trans>All requests</Trans>
          </Link>
        }
      />
      {body}
    </>
  );
}

function Details({ request }: { request: LocalRow }) {
  const { t, i18n } = useLingui();
  const can = useCanAccess();
  const panel = usePanelData();
  const customers = useReferenceTitles('NagemManagement/Customer');
  const members = useReferenceTitles('PanelManagement/Member');
  const editable = can(permission(Request, 'update'));
  const late = isOverdue(request, useNow());

  async function change(values: Record<string, unknown>) {
    if (!panel) return;
    try {
      await panel.data.update(Request, request.id, values);
    } catch (error) {
      showToast(describeError(i18n, error), { type: 'error' });
    }
  }

  const customer = customers?.get(String(request.customerId)) ?? '…';
  const due = typeof request.dueAt === 'string' ? formatDateTime(request.dueAt) : '—';
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <div className="order-first lg:col-span-3">
        <StageBar entity={Request} row={request} field="status" />
      </div>
      <div className="flex flex-col gap-4 lg:col-span-2">
        <SectionCard title={<Trans>Request</Trans>}>
          <p className="text-sm text-slate-600">
            <Link href={withQuery(nm.customer, { id: String(request.customerId) })} className="font-medium text-brand-800 hover:underline">
              {customer}
            </Link>
          </p>
          {typeof request.description === 'string' && request.description && (
            <p className="mt-2 whitespace-pre-line text-sm">{request.description}</p>
          )}
        </SectionCard>
        <SectionCard title={<Trans>Thread</Trans>}>
          <Thread requestId={request.id} />
        </SectionCard>
      </div>
      <SectionCard className="order-first lg:order-none" title={<Trans>Handling</Trans>}>
        <div className="flex flex-col gap-3">
          {late ? (
            <Alert tone="warning">{t`Overdue since ${due}`}</Alert>
          ) : (
            <p className="text-sm text-slate-700">
              <Trans>Due {due}</Trans>
            </p>
          )}
          <SelectField
            label={t`Priority`}
            disabled={!editable}
            value={String(request.priority)}
            onChange={(e) => void change({ priority: e.target.value })}
            options={priorityOptions.map((o) => ({ value: o.value, label: i18n._(o.label) }))}
          />
          <SelectField
            label={t`Supporter`}
            disabled={!editable}
            value={String(request.supporterId ?? '')}
            onChange={(e) => void change({ supporterId: e.target.value || null })}
            options={[
              { value: '', label: t`Unassigned` },
              ...[...(members ?? new Map<string, string>())].map(([value, label]) => ({ value, label })),
            ]}
          />
        </div>
      </SectionCard>
    </div>
  );
}

function Thread({ requestId }: { requestId: string }) {
  const { t, i18n } = useLingui();
  const can = useCanAccess();
  const panel = usePanelData();
  const rows = useRows([RequestMessage]);
  const members = useReferenceTitles('PanelManagement/Member');
  const [body, setBody] = useState('');
  const [kind, setKind] = useState<'reply' | 'note'>('reply');
  const [busy, setBusy] = useState(false);
  const messages = useMemo(
    () =>
      rows
        ? rows[0]!
            .filter((m) => m.requestId === requestId)
            .sort((a, b) => String(a.at ?? a.updatedAt).localeCompare(String(b.at ?? b.updatedAt)))
        : null,
    [rows, requestId],
  );

  async function send(event: FormEvent) {
    event.preventDefault();
    if (!panel || !body.trim()) return;
    setBusy(true);
    try {
      await panel.data.create(RequestMessage, { requestId, kind, body: body.trim() });
      setBody('');
    } catch (error) {
      showToast(describeError(i18n, error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  if (!messages) return <Loading />;
  return (
    <div className="flex flex-col gap-3">
      {messages.length ? (
        <ol className="flex flex-col gap-2">
          {messages.map((m) => {
            const author = typeof m.authorId === 'string' ? (members?.get(m.authorId) ?? '…') : t`Owner`;
            const when = typeof m.at === 'string' ? formatDateTime(m.at) : t`Not sent yet`;
            return (
              <li
                key={m.id}
                className={`rounded-xl p-3 text-sm ring-1 ${m.kind === 'note' ? 'bg-amber-50 ring-amber-200' : 'bg-white ring-slate-200'}`}
              >
                <p className="mb-1 flex flex-wrap justify-between gap-2 text-xs text-slate-600">
                  <span>{m.kind === 'note' ? <Trans>Internal note by {author}</Trans> : <Trans>Reply by {author}</Trans>}</span>
                  <span>{when}</span>
                </p>
                <p className="whitespace-pre-line">{String(m.body ?? '')}</p>
              </li>
            );
          })}
        </ol>
      ) : (
        <p className="text-sm text-slate-600">
          <Trans>No messages yet.</Trans>
        </p>
      )}
      {can(permission(RequestMessage, 'create')) && (
        <form onSubmit={send} className="flex flex-col gap-2">
          <TextAreaField
            label={kind === 'note' ? t`Internal note (the customer does not see it)` : t`Reply to the customer`}
            value={body}
            onChange={(e) => setBody(e.target.value)}
            rows={3}
            required
          />
          <div className="flex flex-wrap items-end gap-2">
            <SelectField
              className="min-w-40"
              label={t`Kind`}
              value={kind}
              onChange={(e) => setKind(e.target.value === 'note' ? 'note' : 'reply')}
              options={[
                { value: 'reply', label: t`Reply` },
                { value: 'note', label: t`Internal note` },
              ]}
            />
            <Button type="submit" loading={busy}>
              <Trans>Add to the thread</Trans>
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
