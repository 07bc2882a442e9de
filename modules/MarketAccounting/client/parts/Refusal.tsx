/** The server's reasons for refusing an accounting document, in the module's words. */
import { Trans } from '@lingui/react/macro';
import { Ltr, type RefusalProps, useMoney } from '@/moduleKit.ts';
import { formatDate, formatNumber } from '@/i18n/format.ts';

interface Detail {
  reason?: string;
  invoice?: string | null;
  debit?: number;
  credit?: number;
  closedUpTo?: string;
  lines?: { line: number; invoiced: string; returned: string; asked: string }[];
  shortfalls?: unknown[];
}

export function Refusal({ problem, fallback }: RefusalProps) {
  const money = useMoney();
  const detail = (problem.detail ?? {}) as Detail;
  if (detail.closedUpTo) {
    const day = formatDate(detail.closedUpTo);
    if (problem.op === 'cancel') {
      return (
        <p>
          <Trans>
            The books are closed up to {day} and this document falls in that period: it can be cancelled only once whoever keeps the books
            reopens the period.
          </Trans>
        </p>
      );
    }
    return (
      <p>
        <Trans>The books are closed up to {day}: date it after that day, or ask whoever keeps the books to reopen the period.</Trans>
      </p>
    );
  }
  if (detail.reason === 'unbalanced') {
    const debit = money.text(detail.debit ?? 0);
    const credit = money.text(detail.credit ?? 0);
    return (
      <p>
        <Trans>
          Debits ({debit}) and credits ({credit}) must be equal and more than nothing.
        </Trans>
      </p>
    );
  }
  if (detail.reason === 'chequesMoved') {
    return (
      <p>
        <Trans>A cheque of this document has been deposited, cleared, bounced or returned since: it can no longer be cancelled.</Trans>
      </p>
    );
  }
  if (detail.reason === 'madeByInvoice') {
    const invoice = detail.invoice ?? '';
    return (
      <p>
        <Trans>
          This was made by invoice <Ltr>{invoice}</Ltr> for what was paid on it: cancel the invoice, and this is cancelled with it.
        </Trans>
      </p>
    );
  }
  if (detail.reason === 'moreThanInvoiced') {
    return (
      <ul className="list-disc ps-5">
        {(detail.lines ?? []).map((l) => {
          const row = formatNumber(l.line + 1);
          const invoiced = formatNumber(Number(l.invoiced));
          const returned = formatNumber(Number(l.returned));
          return (
            <li key={l.line}>
              <Trans>
                Line {row}: the invoice had {invoiced} and {returned} were returned before; no more than the rest can be returned.
              </Trans>
            </li>
          );
        })}
      </ul>
    );
  }
  if (detail.reason === 'hasReturns') {
    return (
      <p>
        <Trans>A return of this invoice stands: cancel the return first.</Trans>
      </p>
    );
  }
  if (detail.reason === 'notReturnable') {
    return (
      <p>
        <Trans>Only a submitted invoice of the same kind and party can be returned.</Trans>
      </p>
    );
  }
  return fallback;
}
