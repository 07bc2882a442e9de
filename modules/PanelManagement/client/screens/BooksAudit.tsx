/**
 * The books-and-stock audit on the owner's settings screen (decision 018): runs the same check as
 * `npm run audit:books` over this panel on the server and lists each difference — which kind of
 * row differs, the document that caused it (a link to its page when its module has one), and what
 * was expected against what was found (figures and ids, kept left to right).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'wouter';
import { Alert, Button, documentPage, Ltr, runBooksAudit, SectionCard } from '@/moduleKit.ts';
import type { BooksAuditDifference, BooksAuditResult } from '@/contract/booksAudit.ts';
import { entityByKey } from '@/contract/modules.ts';
import { describeError } from '@/i18n/describeError.ts';
import { formatNumber } from '@/i18n/format.ts';

function DifferenceItem({ difference }: { difference: BooksAuditDifference }) {
  const { i18n } = useLingui();
  const kind = entityByKey(difference.entity);
  const doc = difference.document;
  const docEntity = doc ? entityByKey(doc.type) : undefined;
  const docName = doc ? `${docEntity ? i18n._(docEntity.label) : doc.type} ` : '';
  const href = doc ? documentPage(doc.type, doc.id) : null;
  return (
    <li className="flex flex-col gap-1 border-t border-slate-200 py-3 first:border-t-0">
      <p className="font-medium text-slate-900">
        {kind ? i18n._(kind.label) : difference.entity}
        {' · '}
        {doc ? (
          href ? (
            <Link href={href} className="text-brand-800 underline-offset-2 hover:underline">
              {docName}
              <Ltr>{doc.number ?? doc.id.slice(0, 8)}</Ltr>
            </Link>
          ) : (
            <span>
              {docName}
              <Ltr>{doc.number ?? doc.id.slice(0, 8)}</Ltr>
            </span>
          )
        ) : (
          <Trans>no document named</Trans>
        )}
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm text-slate-700">
        <dt>
          <Trans>Check</Trans>
        </dt>
        <dd dir="ltr" className="text-start font-mono break-all">
          {difference.check}: {difference.problem}
        </dd>
        <dt>
          <Trans>Expected</Trans>
        </dt>
        <dd dir="ltr" className="text-start font-mono break-all">
          {difference.expected}
        </dd>
        <dt>
          <Trans>Found</Trans>
        </dt>
        <dd dir="ltr" className="text-start font-mono break-all">
          {difference.found}
        </dd>
      </dl>
    </li>
  );
}

export function BooksAuditSection() {
  const { t, i18n } = useLingui();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<BooksAuditResult | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function run() {
    setBusy(true);
    setError(null);
    try {
      setResult(await runBooksAudit());
    } catch (failure) {
      setError(describeError(i18n, failure));
    } finally {
      setBusy(false);
    }
  }

  const compared = result ? formatNumber(result.compared) : '';
  const count = result ? formatNumber(result.differences.length) : '';
  return (
    <SectionCard
      title={<Trans>Books and stock audit</Trans>}
      className="mt-6 flex flex-col gap-4"
      action={
        <Button variant="secondary" loading={busy} onClick={run}>
          {result ? <Trans>Run again</Trans> : <Trans>Run the audit</Trans>}
        </Button>
      }
    >
      <p className="text-sm text-slate-600">
        <Trans>
          Recomputes every stock balance and value from its moves, every move from its documents, every account balance from the journal and
          every automatic voucher from its document, and lists what differs.
        </Trans>
      </p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {result && !result.differences.length ? (
        <Alert tone="success">{t`The books agree: ${compared} rows compared, no difference.`}</Alert>
      ) : null}
      {result && result.differences.length ? (
        <>
          <Alert tone="error">{t`${count} differences between the books and their documents (${compared} rows compared).`}</Alert>
          <ul aria-label={t`Differences`} className="flex flex-col">
            {result.differences.map((d, i) => (
              <DifferenceItem key={`${d.check}-${d.rowId ?? ''}-${i}`} difference={d} />
            ))}
          </ul>
        </>
      ) : null}
    </SectionCard>
  );
}
