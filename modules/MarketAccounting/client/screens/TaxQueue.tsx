/**
 * The tax system's queue (صف سامانه مودیان, decision 044): each invoice with its tax id, where it
 * stands — waiting, sent, accepted, refused with the system's reasons (in Persian, as the system
 * gives them) — and a retry for one waiting or refused.
 */
import { useCallback, useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { permission } from '@/contract/entity.ts';
import { formatDateTime, localDigits } from '@/i18n/format.ts';
import {
  Alert,
  apiData,
  Button,
  DataTable,
  Loading,
  NoAccess,
  PageHeader,
  showToast,
  useCanAccess,
  useDocumentTitle,
  useMoney,
} from '@/moduleKit.ts';
import { Settings } from '../../entities/books.ts';
import { taxSystemEndpoints, type TaxQueueItem } from '../../rules/taxSystemEndpoints.ts';

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
  const [failed, setFailed] = useState(false);
  const allowed = can(permission(Settings, 'read'));
  const manages = can(permission(Settings, 'update'));

  const load = useCallback(() => {
    apiData<TaxQueueItem[]>('GET', taxSystemEndpoints.queue).then(setItems, () => setFailed(true));
  }, []);
  useEffect(() => {
    if (allowed) load();
  }, [allowed, load]);

  if (!allowed) return <NoAccess />;
  if (failed) return <Alert tone="error">{t`The queue could not be read. Are you online?`}</Alert>;
  if (!items) return <Loading />;

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
    </>
  );
}
