/**
 * A party's statement (صورت‌حساب): the balance before the range, every posting in it with the
 * running balance after it (debit: the party owes us more), and the balance at its end; CSV and
 * print. Worked out on this device (so it opens with no signal) while the period stays inside its
 * window of the journal — the party's monthly balances carry what is older — and by the server
 * beyond it (decision 053).
 */
import { rials } from '@/contract/money.ts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { permission } from '@/contract/entity.ts';
import { formatDate } from '@/i18n/format.ts';
import {
  Alert,
  Card,
  DataTable,
  DateField,
  Ltr,
  NoAccess,
  PageHeader,
  ReportProvenance,
  SelectField,
  useCanAccess,
  useDocumentTitle,
  useMoney,
  usePanelData,
  useReportSource,
  useWindowStart,
  type Sheet,
} from '@/moduleKit.ts';
import { JournalLine } from '../../entities/ledger.ts';
import { monthDays } from '../../rules/month.ts';
import { partyStatementHeld, type Statement, type StatementLine } from '../../rules/reports.ts';
import { statementEndpoint } from '../../rules/statementEndpoint.ts';
import { thisMonth, yearOf } from '../months.ts';
import { ReportActions, ReportPrintHeader } from '../parts/ReportActions.tsx';
import { acc, withQuery } from '../paths.ts';
import { sourceNames } from '../sourceNames.ts';
import { useBooks } from '../useBooks.ts';
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
  const parties = useMemo(
    () => (books?.parties ?? []).filter((p) => !p.deleted).sort((a, b) => persianOrder.compare(String(a.name), String(b.name))),
    [books],
  );
  const lines = usePartyLines(panel?.db, partyId, to);
  const windowStart = useWindowStart(JournalLine);
  const balances = books?.balances;
  // Within the window: the lines kept here, and what is older from the party's monthly balances.
  const onDevice = useMemo(
    (): Statement | undefined =>
      lines && balances && partyId && windowStart !== undefined
        ? partyStatementHeld(lines, balances, partyId, from, to, windowStart)
        : undefined,
    [lines, balances, partyId, windowStart, from, to],
  );
  const source = useReportSource<Statement>({
    entity: JournalLine,
    from,
    device: onDevice,
    server: partyId ? { path: statementEndpoint.path, query: { partyId, from, to } } : null,
  });
  const statement = source.where === 'device' || source.where === 'server' ? source.value : null;
  if (!can(permission(JournalLine, 'read'))) return <NoAccess />;
  const party = parties.find((p) => p.id === partyId);
  const partyName = String(party?.name ?? '');
  const range = t`From ${formatDate(from)} to ${formatDate(to)}`;
  const what = (l: StatementLine) =>
    l.id === 'opening'
      ? (l.note ?? '')
      : [l.sourceType && sourceNames[l.sourceType] ? i18n._(sourceNames[l.sourceType]!) : '', l.note ?? ''].filter(Boolean).join(' · ');
  const sheet = (): Sheet => ({
    title: t`Party statement`,
    about: [partyName, range],
    money,
    columns: [
      { header: t`Date`, kind: 'date' },
      { header: t`Document` },
      { header: t`Description` },
      { header: t`Debit`, kind: 'money' },
      { header: t`Credit`, kind: 'money' },
      { header: t`Balance`, kind: 'money' },
    ],
    rows: [
      [null, null, t`Balance before`, null, null, statement?.opening ?? 0],
      ...(statement?.lines ?? []).map((l) => [l.date, l.sourceNumber ?? '', what(l), l.debit, l.credit, l.balance]),
    ],
    footer: [null, null, t`Balance at the end`, statement?.debit ?? 0, statement?.credit ?? 0, statement?.closing ?? 0],
  });
  return (
    <>
      <PageHeader
        title={<Trans>Party statement</Trans>}
        description={
          <Trans>Every posting to a party’s running account, with the balance after each. A positive balance is owed to us.</Trans>
        }
        actions={statement && <ReportActions fileName={`statement-${partyName}-${from}-${to}`} sheet={sheet} />}
      />
      <ReportPrintHeader title={t`Statement of ${partyName}`} subtitle={range} />
      <Card className="mb-4 grid gap-3 print:hidden sm:grid-cols-3">
        <SelectField
          label={t`Party`}
          value={partyId ?? ''}
          onChange={(e) => setPartyId(e.target.value || null)}
          options={parties.map((p) => ({ value: p.id, label: String(p.name) }))}
          placeholder={t`Choose a party…`}
        />
        <DateField label={t`From`} value={from} onChange={(v) => v && setFrom(v)} />
        <DateField label={t`To`} value={to} onChange={(v) => v && setTo(v)} />
      </Card>
      {!partyId ? (
        <Alert tone="info">{t`Choose a party to see their statement.`}</Alert>
      ) : !statement ? (
        <ReportProvenance source={source} from={from} to={to} />
      ) : (
        <>
          <ReportProvenance source={source} from={from} to={to} />
          <DataTable
            label={t`Statement of ${partyName}`}
            caption={range}
            rows={[
              {
                id: 'opening',
                date: '',
                sourceNumber: null,
                sourceType: null,
                sourceId: null,
                note: t`Balance before`,
                debit: 0,
                credit: 0,
                balance: statement.opening,
              },
              ...statement.lines,
            ]}
            rowKey={(l) => l.id}
            rowClassName={(l) => (l.id === 'opening' ? 'bg-slate-50/60' : undefined)}
            footerLabel={t`Balance at the end`}
            columns={[
              { id: 'date', header: t`Date`, kind: 'date', cell: (l) => (l.date ? formatDate(l.date, 'short') : '') },
              {
                id: 'document',
                header: t`Document`,
                kind: 'control',
                className: 'whitespace-nowrap',
                cell: (l) => {
                  const link = sourceLink(l);
                  const number = l.sourceNumber ? <Ltr>{l.sourceNumber}</Ltr> : null;
                  return link && number ? (
                    <Link href={link} className="text-brand-700 underline print:no-underline">
                      {number}
                    </Link>
                  ) : (
                    number
                  );
                },
              },
              { id: 'description', header: t`Description`, title: true, wrap: true, cell: what },
              {
                id: 'debit',
                header: t`Debit`,
                kind: 'figure',
                key: true,
                cell: (l) => (rials(l.debit) ? money.number(l.debit) : ''),
                footer: money.number(statement.debit),
              },
              {
                id: 'credit',
                header: t`Credit`,
                kind: 'figure',
                key: true,
                className: 'text-emerald-700',
                cell: (l) => (rials(l.credit) ? money.number(l.credit) : ''),
                footer: money.number(statement.credit),
              },
              {
                id: 'balance',
                header: t`Balance (${money.unit})`,
                kind: 'figure',
                key: true,
                className: 'font-semibold',
                cellClassName: (l) => (rials(l.balance) < 0n ? 'text-red-700' : undefined),
                cell: (l) => money.number(l.balance),
                footer: money.number(statement.closing),
              },
            ]}
          />
        </>
      )}
    </>
  );
}
