/**
 * A party's statement (صورت‌حساب): the balance before the range, every posting in it with the
 * running balance after it (debit: the party owes us more), and the balance at its end; CSV and
 * print. Read from this device, so it opens with no signal.
 */
import { rials } from '../../../../src/contract/money.ts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { permission } from '../../../../src/contract/entity.ts';
import { formatDate } from '../../../../src/i18n/format.ts';
import { NoAccess } from '../../../../src/panel/WithPanel.tsx';
import { useCanAccess } from '../../../../src/storage/access.ts';
import { usePanelData } from '../../../../src/storage/panelData.ts';
import { Alert } from '../../../../src/ui/Alert.tsx';
import { Card, PageHeader } from '../../../../src/ui/Card.tsx';
import { DateField } from '../../../../src/ui/DateField.tsx';
import { Loading } from '../../../../src/ui/Loading.tsx';
import { Ltr } from '../../../../src/ui/Ltr.tsx';
import { SelectField } from '../../../../src/ui/SelectField.tsx';
import { useDocumentTitle } from '../../../../src/ui/useDocumentTitle.ts';
import { JournalLine } from '../../entities/ledger.ts';
import { monthDays } from '../../rules/month.ts';
import { partyStatement, type StatementLine } from '../../rules/reports.ts';
import { thisMonth, yearOf } from '../months.ts';
import { ReportActions, ReportPrintHeader } from '../parts/ReportActions.tsx';
import { acc, withQuery } from '../paths.ts';
import { sourceNames } from '../sourceNames.ts';
import { useBooks } from '../useBooks.ts';
import { useMoney } from '../../../../src/panel/useMoney.ts';
import { usePartyLines } from '../usePartyLines.ts';
import { tehranToday } from '../today.ts';

const persianOrder = new Intl.Collator('fa');

/** The page of the document a line came from, when it is one of ours. */
function sourceLink(line: StatementLine): string | null {
  if (!line.sourceId) return null;
  if (line.sourceType === 'MarketAccounting/Voucher') return withQuery(acc.voucherDetails, { id: line.sourceId });
  if (line.sourceType === 'MarketAccounting/Payment') return withQuery(acc.paymentDetails, { id: line.sourceId });
  return null;
}

export function PartyStatement() {
  const { t, i18n } = useLingui();
  const can = useCanAccess();
  const panel = usePanelData();
  const books = useBooks();
  const money = useMoney();
  const [partyId, setPartyId] = useState<string | null>(new URLSearchParams(useSearch()).get('partyId'));
  const [from, setFrom] = useState(monthDays(`${yearOf(thisMonth())}-01`).from);
  const [to, setTo] = useState(tehranToday());
  useDocumentTitle(t`Party statement`);
  const parties = useMemo(() => (books?.parties ?? []).filter((p) => !p.deleted).sort((a, b) => persianOrder.compare(String(a.name), String(b.name))), [books]);
  const lines = usePartyLines(panel?.db, partyId, to);
  const statement = useMemo(() => (lines ? partyStatement(lines, from, to) : null), [lines, from, to]);
  if (!can(permission(JournalLine, 'read'))) return <NoAccess />;
  const party = parties.find((p) => p.id === partyId);
  const partyName = String(party?.name ?? '');
  const range = t`From ${formatDate(from)} to ${formatDate(to)}`;
  const what = (l: StatementLine) => [l.sourceType && sourceNames[l.sourceType] ? i18n._(sourceNames[l.sourceType]!) : '', l.note ?? ''].filter(Boolean).join(' · ');
  const csv = () => [
    [t`Date`, t`Document`, t`Description`, t`Debit`, t`Credit`, t`Balance`],
    ['', '', t`Balance before`, '', '', money.plain(statement?.opening ?? 0)],
    ...(statement?.lines ?? []).map((l) => [l.date, l.sourceNumber ?? '', what(l), money.plain(l.debit), money.plain(l.credit), money.plain(l.balance)]),
    ['', '', t`Balance at the end`, money.plain(statement?.debit ?? 0), money.plain(statement?.credit ?? 0), money.plain(statement?.closing ?? 0)],
  ];
  const cell = 'px-3 py-2 text-end tabular-nums';
  return (
    <>
      <PageHeader
        title={<Trans>Party statement</Trans>}
        description={<Trans>Every posting to a party’s running account, with the balance after each. A positive balance is owed to us.</Trans>}
        actions={statement && <ReportActions fileName={`statement-${partyName}-${from}-${to}`} rows={csv} />}
      />
      <ReportPrintHeader title={t`Statement of ${partyName}`} subtitle={range} />
      <Card className="mb-4 grid gap-3 print:hidden sm:grid-cols-3">
        <SelectField label={t`Party`} value={partyId ?? ''} onChange={(e) => setPartyId(e.target.value || null)} options={parties.map((p) => ({ value: p.id, label: String(p.name) }))} placeholder={t`Choose a party…`} />
        <DateField label={t`From`} value={from} onChange={(v) => v && setFrom(v)} />
        <DateField label={t`To`} value={to} onChange={(v) => v && setTo(v)} />
      </Card>
      {!partyId ? (
        <Alert tone="info">{t`Choose a party to see their statement.`}</Alert>
      ) : !statement ? (
        <Loading />
      ) : (
        <>
        <ol className="flex flex-col gap-2 sm:hidden print:hidden" aria-label={t`Statement of ${partyName}`}>
          <li className="flex justify-between rounded-xl bg-slate-50 p-3 text-sm ring-1 ring-slate-200">
            <span><Trans>Balance before</Trans></span>
            <span className="font-semibold tabular-nums">{money.text(statement.opening)}</span>
          </li>
          {statement.lines.map((l) => {
            const link = sourceLink(l);
            const number = l.sourceNumber ? <Ltr>{l.sourceNumber}</Ltr> : null;
            const balance = money.text(l.balance);
            return (
              <li key={l.id} className="rounded-xl bg-white p-3 text-sm ring-1 ring-slate-200">
                <div className="flex justify-between gap-2">
                  <span>{formatDate(l.date, 'short')}</span>
                  {link && number ? <Link href={link} className="text-brand-700 underline">{number}</Link> : number}
                </div>
                <p className="text-slate-600">{what(l)}</p>
                <div className="mt-1 flex justify-between gap-2">
                  <span className={l.debit ? 'text-slate-900' : 'text-emerald-700'}>{l.debit ? <Trans>Debit {money.text(l.debit)}</Trans> : <Trans>Credit {money.text(l.credit)}</Trans>}</span>
                  <span className={rials(l.balance) < 0n ? 'text-red-700' : 'font-semibold'}><Trans>Balance {balance}</Trans></span>
                </div>
              </li>
            );
          })}
          <li className="flex justify-between rounded-xl bg-slate-50 p-3 text-sm font-semibold ring-1 ring-slate-200">
            <span><Trans>Balance at the end</Trans></span>
            <span className="tabular-nums">{money.text(statement.closing)}</span>
          </li>
        </ol>
        <div className="hidden overflow-x-auto rounded-xl bg-white ring-1 ring-slate-200 sm:block print:block" role="region" tabIndex={0} aria-label={t`Statement of ${partyName}`}>
          <table className="w-full text-sm">
            <caption className="sr-only">{range}</caption>
            <thead className="bg-slate-50 text-xs text-slate-600">
              <tr>
                <th scope="col" className="px-3 py-2 text-start"><Trans>Date</Trans></th>
                <th scope="col" className="px-3 py-2 text-start"><Trans>Document</Trans></th>
                <th scope="col" className="px-3 py-2 text-start"><Trans>Description</Trans></th>
                <th scope="col" className="px-3 py-2 text-end"><Trans>Debit</Trans></th>
                <th scope="col" className="px-3 py-2 text-end"><Trans>Credit</Trans></th>
                <th scope="col" className="px-3 py-2 text-end"><Trans>Balance ({money.unit})</Trans></th>
              </tr>
            </thead>
            <tbody>
              <tr className="bg-slate-50/60">
                <td className="px-3 py-2" colSpan={3}><Trans>Balance before</Trans></td>
                <td className="px-3 py-2" colSpan={2} />
                <td className={cell}>{money.number(statement.opening)}</td>
              </tr>
              {statement.lines.map((l) => {
                const link = sourceLink(l);
                const number = l.sourceNumber ? <Ltr>{l.sourceNumber}</Ltr> : null;
                return (
                  <tr key={l.id} className="border-t border-slate-100">
                    <td className="whitespace-nowrap px-3 py-2">{formatDate(l.date, 'short')}</td>
                    <td className="whitespace-nowrap px-3 py-2">{link && number ? <Link href={link} className="text-brand-700 underline print:no-underline">{number}</Link> : number}</td>
                    <td className="px-3 py-2">{what(l)}</td>
                    <td className={cell}>{l.debit ? money.number(l.debit) : ''}</td>
                    <td className={cell}>{l.credit ? money.number(l.credit) : ''}</td>
                    <td className={`${cell} ${rials(l.balance) < 0n ? 'text-red-700' : ''}`}>{money.number(l.balance)}</td>
                  </tr>
                );
              })}
            </tbody>
            <tfoot className="border-t-2 border-slate-300 font-semibold">
              <tr>
                <th scope="row" className="px-3 py-2 text-start" colSpan={3}><Trans>Balance at the end</Trans></th>
                <td className={cell}>{money.number(statement.debit)}</td>
                <td className={cell}>{money.number(statement.credit)}</td>
                <td className={cell}>{money.number(statement.closing)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
        </>
      )}
    </>
  );
}
