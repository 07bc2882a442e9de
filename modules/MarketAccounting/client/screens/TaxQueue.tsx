/**
 * The tax system's queue (صف سامانه مودیان, decision 044): each invoice with its tax id, where it
 * stands — waiting, sent, accepted, refused with the system's reasons (in Persian, as the system
 * gives them) — and a retry for one waiting or refused.
 */
import { useCallback, useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { permission } from '@/contract/entity.ts';
import { formatDateTime, localDigits } from '@/i18n/format.ts';
import {
  Alert,
  apiData,
  Button,
  buttonClasses,
  DataTable,
  EmptyState,
  InfoIcon,
  Loading,
  NoAccess,
  PageHeader,
  showToast,
  useCanAccess,
  useDocumentTitle,
  useMoney,
  useReferenceTitles,
} from '@/moduleKit.ts';
import { Settings } from '../../entities/books.ts';
import { Invoice } from '../../entities/invoices.ts';
import { taxSystemEndpoints, type TaxQueueItem, type TaxSettingsView } from '../../rules/taxSystemEndpoints.ts';
import { acc, withQuery } from '../paths.ts';

/** Whether the server can sign and send: the memory id, the key and its certificate are all there. */
const ready = (settings: TaxSettingsView) => Boolean(settings.memoryId && settings.hasPrivateKey && settings.certificate);

const tone: Record<TaxQueueItem['status'], string> = {
  waiting: 'bg-amber-100 text-amber-900',
  sent: 'bg-sky-100 text-sky-900',
  accepted: 'bg-emerald-100 text-emerald-900',
  refused: 'bg-red-100 text-red-900',
};

export function TaxQueue() {
  const { t } = useLingui();
  const can = useCanAccess();
  const money = useMoney();
  useDocumentTitle(t`Tax system queue`);
  const [items, setItems] = useState<TaxQueueItem[] | null>(null);
  const [settings, setSettings] = useState<TaxSettingsView | null>(null);
  const [failed, setFailed] = useState(false);
  const invoiceTitles = useReferenceTitles(Invoice.key);
  const allowed = can(permission(Settings, 'read'));
  const manages = can(permission(Settings, 'update'));

  const load = useCallback(() => {
    Promise.all([
      apiData<TaxQueueItem[]>('GET', taxSystemEndpoints.queue),
      apiData<TaxSettingsView>('GET', taxSystemEndpoints.settings),
    ]).then(
      ([queue, view]) => {
        setItems(queue);
        setSettings(view);
      },
      () => setFailed(true),
    );
  }, []);
  useEffect(() => {
    if (allowed) load();
  }, [allowed, load]);

  if (!allowed) return <NoAccess />;
  if (failed) return <Alert tone="error">{t`The queue could not be read. Are you online?`}</Alert>;
  if (!items || !settings) return <Loading />;

  const statusLabel: Record<TaxQueueItem['status'], string> = {
    waiting: t`Waiting`,
    sent: t`Sent`,
    accepted: t`Accepted`,
    refused: t`Refused`,
  };
  const kindLabel: Record<TaxQueueItem['kind'], string> = {
    original: t`Original`,
    correction: t`Correction`,
    cancellation: t`Cancellation`,
    return: t`Return`,
  };

  const retry = async (item: TaxQueueItem) => {
    try {
      const again = await apiData<TaxQueueItem>('POST', taxSystemEndpoints.retry(item.id));
      setItems((list) => list?.map((i) => (i.id === again.id ? again : i)) ?? null);
      showToast(t`It will be sent again at the next run.`);
    } catch {
      showToast(t`It could not be sent again now.`, { type: 'error' });
    }
  };

  return (
    <>
      <PageHeader
        title={<Trans>Tax system queue</Trans>}
        description={
          <Trans>
            Every sales invoice, return and cancellation the server registers with the taxpayers’ system, and where each stands.
          </Trans>
        }
        actions={
          <Button variant="secondary" onClick={load}>
            <Trans>Refresh</Trans>
          </Button>
        }
      />
      {!ready(settings) && (
        <Alert tone="warning" title={t`The tax system is not set up`}>
          <Trans>
            Until the memory id, the private key and its certificate are saved, submitted sales invoices wait here and nothing is sent.
          </Trans>{' '}
          {manages && (
            <Link href={acc.taxSettings} className="font-medium underline">
              <Trans>Open the tax system settings</Trans>
            </Link>
          )}
        </Alert>
      )}
      {items.length === 0 ? (
        <EmptyState
          icon={<InfoIcon className="size-7" />}
          title={<Trans>Nothing registered yet</Trans>}
          description={
            <Trans>
              When a sales invoice, a return or a cancellation is submitted and reaches the server, it is queued here and sent to the
              taxpayers’ system.
            </Trans>
          }
          actions={
            <Link href={acc.invoices} className={buttonClasses('secondary')}>
              <Trans>Invoices</Trans>
            </Link>
          }
        />
      ) : (
        <DataTable
          label={t`Tax system queue`}
          rows={items}
          rowKey={(i) => i.id}
          wideFrom="md"
          columns={[
            {
              id: 'taxId',
              header: t`Tax id`,
              title: true,
              cell: (i) => (
                <span dir="ltr" className="font-mono text-xs">
                  {i.taxId}
                </span>
              ),
            },
            {
              id: 'invoice',
              header: t`Invoice`,
              cell: (i) =>
                i.sourceType === Invoice.key ? (
                  <Link href={withQuery(acc.invoiceDetails, { id: i.sourceId })} className="font-medium text-brand-700 underline">
                    <span dir="ltr">{localDigits(invoiceTitles?.get(i.sourceId) || t`Open the invoice`)}</span>
                  </Link>
                ) : (
                  '—'
                ),
            },
            { id: 'kind', header: t`Kind`, cell: (i) => kindLabel[i.kind] },
            { id: 'total', header: t`Total (${money.unit})`, kind: 'figure', cell: (i) => money.number(i.total) },
            {
              id: 'status',
              header: t`Status`,
              key: true,
              cell: (i) => (
                <div>
                  <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${tone[i.status]}`}>{statusLabel[i.status]}</span>
                  {i.status === 'waiting' && i.attempts > 0 && i.nextAttemptAt && (
                    <p className="mt-1 text-xs text-slate-600">
                      <Trans>
                        Tried {localDigits(String(i.attempts))} times; again at {formatDateTime(i.nextAttemptAt)}
                      </Trans>
                    </p>
                  )}
                  {i.reasons.length > 0 && (
                    <ul className="mt-1 space-y-0.5 text-xs text-red-800" lang="fa" dir="rtl">
                      {i.reasons.map((r) => (
                        <li key={`${r.code}-${r.message}`}>
                          <span dir="ltr">{r.code}</span>: {r.message}
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              ),
            },
            {
              id: 'reference',
              header: t`Reference`,
              cell: (i) =>
                i.referenceNumber ? (
                  <span dir="ltr" className="font-mono text-xs">
                    {i.referenceNumber}
                  </span>
                ) : (
                  '—'
                ),
            },
            {
              id: 'retry',
              header: t`Action`,
              cell: (i) =>
                manages && (i.status === 'refused' || (i.status === 'waiting' && i.attempts > 0)) ? (
                  <Button size="sm" variant="secondary" onClick={() => retry(i)}>
                    <Trans>Send again</Trans>
                  </Button>
                ) : null,
            },
          ]}
        />
      )}
    </>
  );
}
