/**
 * On a sales invoice the tax system refused (decision 044): the system's reasons, in its own
 * Persian words, read from the queue (the invoice carries only its status), and the way to the
 * queue, where it can be sent again.
 */
import { useEffect, useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import { Alert, apiData, type LocalRow } from '@/moduleKit.ts';
import { taxSystemEndpoints, type TaxQueueItem } from '../../rules/taxSystemEndpoints.ts';
import { acc } from '../paths.ts';

type Reasons = TaxQueueItem['reasons'];

export function TaxRefusal({ row }: { row: LocalRow }) {
  const refused = row.taxStatus === 'refused';
  const [reasons, setReasons] = useState<Reasons | null>(null);
  useEffect(() => {
    if (!refused) return;
    let live = true;
    apiData<TaxQueueItem[]>('GET', taxSystemEndpoints.queue, { query: { sourceId: row.id } }).then(
      (items) => live && setReasons(items.filter((i) => i.status === 'refused').flatMap((i) => i.reasons)),
      // Offline, or no right to read the queue: the title and the link still say where to look.
      () => live && setReasons([]),
    );
    return () => {
      live = false;
    };
  }, [refused, row.id, row.version]);
  if (!refused) return null;
  return (
    <Alert tone="error" title={<Trans>The tax system refused this invoice</Trans>}>
      {reasons && reasons.length > 0 && (
        <ul className="mb-2 space-y-0.5" lang="fa" dir="rtl" data-testid="tax-reasons">
          {reasons.map((r) => (
            <li key={`${r.code}-${r.message}`}>
              <bdi dir="ltr">{r.code}</bdi>: {r.message}
            </li>
          ))}
        </ul>
      )}
      <Link href={acc.taxQueue} className="font-medium underline">
        <Trans>Open the tax system queue to send it again</Trans>
      </Link>
    </Alert>
  );
}
