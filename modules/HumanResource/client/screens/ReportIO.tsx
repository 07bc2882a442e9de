/**
 * The in/out report (hr-attendance.md, ReportIO): for a Jalali month, per person per day — first
 * in, last out, worked, late, early leave, overtime, absence, flagged punches — and totals per
 * person; filters by place, rule and person; CSV and print. Worked out on the device from the
 * punches it holds, so it opens offline too, while the period stays inside its window of punches;
 * by the server's ReportIO beyond it (decision 053).
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useState } from 'react';
import { permission } from '@/contract/entity.ts';
import { jalaliDate } from '@/contract/jalali.ts';
import { formatDate, formatNumber } from '@/i18n/format.ts';
import { intlLocale, type Locale } from '@/i18n/locale.ts';
import {
  Card,
  DateField,
  type LocalRow,
  ReportButtons,
  ReportProvenance,
  ScreenFrame,
  SelectField,
  useCanAccess,
  useNow,
  usePanelData,
  useReportSource,
  useTableRows,
} from '@/moduleKit.ts';
import { usePunches, usePunchesOf } from '../usePunches.ts';
import { Personnel, Place, Rule } from '../../entities/masterData.ts';
import { Punch, REVIEW_GRANT } from '../../entities/punch.ts';
import { addDays, daysFrom, jalaliMonthDays, tehranDay } from '../../rules/attendanceDay.ts';
import { REPORT_MAX_DAYS, reportEndpoint, type ReportAnswer } from '../../rules/reportEndpoint.ts';
import { attendanceReport, byName, type PersonReport } from '../attendanceView.ts';
import { reportSheet } from '../reportSheet.ts';
import { formatClock, formatMinutes } from '../timeText.ts';
import { PersonDays } from '../parts/PersonDays.tsx';

/** A Jalali month's name in the active language ("آذر", "Azar"), from the calendar data, with or without its year. */
function jalaliMonthName(locale: Locale, year: number, month: number, withYear: boolean): string {
  const options: Intl.DateTimeFormatOptions = {
    month: 'long',
    calendar: 'persian',
    timeZone: 'Asia/Tehran',
    ...(withYear ? { year: 'numeric' } : {}),
  };
  return new Intl.DateTimeFormat(intlLocale(locale), options).format(new Date(`${jalaliMonthDays(year, month)[10]}T12:00:00Z`));
}

/** How many people the report counts before the rest: more than a tall screen shows. */
const FIRST_PEOPLE = 25;
const NO_DAYS: string[] = [];

/** The server's report as the device's: each person's own row when the device holds it. */
function reportsOf(answer: ReportAnswer, personnel: readonly LocalRow[] | undefined): PersonReport[] {
  const byId = new Map((personnel ?? []).map((p) => [p.id, p]));
  return answer.people.map((p) => ({
    person: byId.get(p.personnelId) ?? ({ id: p.personnelId, name: p.name, code: p.code } as unknown as LocalRow),
    days: p.days,
    totals: p.totals,
  }));
}

export function ReportIO() {
  const { t, i18n } = useLingui();
  const panel = usePanelData();
  const [personnel, places, rules] = useTableRows(panel?.db, [Personnel, Place, Rule]);
  const now = useNow();
  const can = useCanAccess();
  const manager = can(permission(Punch, 'update')) && can(permission(Punch, REVIEW_GRANT));
  const thisMonth = jalaliDate(new Date(now));
  const [year, setYear] = useState(thisMonth.year);
  const [month, setMonth] = useState(thisMonth.month);
  const [placeId, setPlaceId] = useState('');
  const [ruleId, setRuleId] = useState('');
  const [personId, setPersonId] = useState('');
  // A Jalali month, or any range of days (at most REPORT_MAX_DAYS, as the server's report).
  const [period, setPeriod] = useState<'month' | 'range'>('month');
  const today = tehranDay(now);
  const [from, setFrom] = useState<string | null>(() => addDays(today, -6));
  const [to, setTo] = useState<string | null>(today);
  const rangeDays = useMemo(() => (from && to && from <= to ? daysFrom(from, to, REPORT_MAX_DAYS) : []), [from, to]);
  const rangeProblem =
    !from || !to
      ? t`Choose both days.`
      : from > to
        ? t`The last day is before the first.`
        : rangeDays.length > REPORT_MAX_DAYS
          ? t`At most ${formatNumber(REPORT_MAX_DAYS)} days at a time.`
          : null;
  const monthDays = useMemo(() => jalaliMonthDays(year, month), [year, month]);
  const days = period === 'month' ? monthDays : rangeProblem ? NO_DAYS : rangeDays;
  const firstDay = days[0] ?? today;
  const lastDay = days.at(-1) ?? today;
  // The people chosen, in the report's order; the first screenful is read and counted first (each
  // person's punches through the device's [personnelId+at] index), the rest once the whole period is read.
  const chosen = useMemo(
    () =>
      personnel
        ?.filter(
          (p) =>
            !p.deleted &&
            (!placeId || (Array.isArray(p.placeIds) && p.placeIds.includes(placeId))) &&
            (!ruleId || p.ruleId === ruleId) &&
            (!personId || p.id === personId),
        )
        .sort(byName) ?? null,
    [personnel, placeId, ruleId, personId],
  );
  const firstIds = useMemo(() => (chosen ?? []).slice(0, FIRST_PEOPLE).map((p) => p.id), [chosen]);
  const firstPunches = usePunchesOf(panel?.db, firstIds, firstDay, lastDay);
  const everyone = chosen !== null && chosen.length <= FIRST_PEOPLE;
  // The whole period is read once the first rows are on screen: its rows are decoded on the main
  // thread, and would otherwise hold back the paint of the first ones.
  const firstKey = `${firstDay}|${lastDay}|${firstIds.join(',')}`;
  const [paintedKey, setPaintedKey] = useState('');
  useEffect(() => {
    if (firstPunches === undefined || paintedKey === firstKey) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => setPaintedKey(firstKey))));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [firstPunches, firstKey, paintedKey]);
  const allPunches = usePunches(panel?.db, firstDay, lastDay, false, paintedKey === firstKey && !everyone);
  const punches = everyone ? firstPunches : allPunches;
  const firstReports = useMemo(
    () => (chosen && rules && firstPunches ? attendanceReport(days, chosen.slice(0, FIRST_PEOPLE), rules, firstPunches, now) : null),
    [chosen, rules, firstPunches, days, now],
  );
  const fullReports = useMemo(
    () => (chosen && rules && punches ? attendanceReport(days, chosen, rules, punches, now) : null),
    [chosen, rules, punches, days, now],
  );
  const onDevice = fullReports ?? firstReports ?? undefined;
  const source = useReportSource<PersonReport[] | ReportAnswer>({
    entity: Punch,
    from: firstDay,
    device: onDevice,
    server:
      period === 'range' && rangeProblem
        ? null
        : { path: reportEndpoint.path, query: { from: firstDay, to: lastDay, placeId, ruleId, personnelId: personId } },
  });
  const fromServer = source.where === 'server' ? (source.value as ReportAnswer) : null;
  const serverReports = useMemo(() => (fromServer ? reportsOf(fromServer, personnel) : null), [fromServer, personnel]);
  const reports = source.where === 'device' ? (source.value as PersonReport[]) : serverReports;
  const whole = source.where === 'device' ? fullReports : serverReports;
  const counting = source.where === 'device' && !fullReports && firstReports !== null;
  const waiting = counting ? (chosen ?? []).slice(FIRST_PEOPLE) : [];

  const locale = i18n.locale as Locale;
  const names = useMemo(() => Array.from({ length: 12 }, (_, i) => jalaliMonthName(locale, year, i + 1, false)), [locale, year]);
  const monthLabel =
    period === 'month'
      ? jalaliMonthName(locale, year, month, true)
      : t`${formatDate(firstDay, 'medium')} to ${formatDate(lastDay, 'medium')}`;
  const options = (rows: readonly { id: string; name?: unknown }[] | undefined) =>
    (rows ?? []).filter((r) => !('deleted' in r) || !r.deleted).map((r) => ({ value: r.id, label: String(r.name) }));
  const years = [thisMonth.year - 1, thisMonth.year].map((y) => ({ value: String(y), label: formatNumber(y, { useGrouping: false }) }));

  const sheet = () => reportSheet(i18n, whole ?? [], t`In/out report`, monthLabel);
  const fileName = `attendance-${period === 'month' ? `${year}-${String(month).padStart(2, '0')}` : `${firstDay}-${lastDay}`}`;

  return (
    <ScreenFrame
      title={t`In/out report`}
      description={
        <Trans>
          Per person and day for a Jalali month or chosen days. Flagged punches count once a manager accepts them; a night shift counts on
          the day it starts.
        </Trans>
      }
      actions={<ReportButtons fileName={fileName} sheet={sheet} disabled={!whole} />}
    >
      <Card className="mb-4 grid grid-cols-2 gap-3 print:hidden md:grid-cols-3 lg:grid-cols-6">
        <SelectField
          label={t`Period`}
          value={period}
          onChange={(e) => setPeriod(e.target.value === 'range' ? 'range' : 'month')}
          options={[
            { value: 'month', label: t`A month` },
            { value: 'range', label: t`Chosen days` },
          ]}
        />
        {period === 'month' ? (
          <>
            <SelectField label={t`Year`} value={String(year)} onChange={(e) => setYear(Number(e.target.value))} options={years} />
            <SelectField
              label={t`Month`}
              value={String(month)}
              onChange={(e) => setMonth(Number(e.target.value))}
              options={names.map((label, i) => ({ value: String(i + 1), label }))}
            />
          </>
        ) : (
          <>
            <DateField
              label={t`From`}
              value={from}
              onChange={setFrom}
              max={to ?? undefined}
              error={rangeProblem && !from ? rangeProblem : undefined}
            />
            <DateField
              label={t`To`}
              value={to}
              onChange={setTo}
              min={from ?? undefined}
              error={rangeProblem && from ? rangeProblem : undefined}
            />
          </>
        )}
        <SelectField
          label={t`Workplace`}
          value={placeId}
          onChange={(e) => setPlaceId(e.target.value)}
          options={options(places)}
          placeholder={t`All`}
        />
        <SelectField
          label={t`Work rule`}
          value={ruleId}
          onChange={(e) => setRuleId(e.target.value)}
          options={options(rules)}
          placeholder={t`All`}
        />
        <SelectField
          label={t`Employee`}
          value={personId}
          onChange={(e) => setPersonId(e.target.value)}
          options={options(personnel)}
          placeholder={t`Everyone`}
        />
      </Card>
      <h2 className="mb-2 text-lg font-semibold">{monthLabel}</h2>
      {reports && reports.length > 0 && (
        <p role="status" aria-busy={counting} className="mb-2 text-xs text-slate-600">
          {counting ? (
            <Plural value={waiting.length} one="Counting the other # person…" other="Counting the other # people…" />
          ) : (
            <Plural value={reports.length} one="# person" other="# people" />
          )}
        </p>
      )}
      {!counting && <ReportProvenance source={source} from={firstDay} to={lastDay} />}
      {!reports ? null : reports.length === 0 ? (
        <p className="text-sm text-slate-600">
          <Trans>No personnel match these filters.</Trans>
        </p>
      ) : (
        <div className="overflow-x-auto rounded-2xl bg-white ring-1 ring-slate-200">
          <table className="w-full text-sm">
            <caption className="sr-only">{t`Totals per person for ${monthLabel}`}</caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th className="px-3 py-2 text-start font-semibold">{t`Name`}</th>
                <th className="px-3 py-2 text-start font-semibold">{t`Worked`}</th>
                <th className="px-3 py-2 text-start font-semibold">{t`Late`}</th>
                <th className="px-3 py-2 text-start font-semibold">{t`Early leave`}</th>
                <th className="px-3 py-2 text-start font-semibold">{t`Overtime`}</th>
                <th className="px-3 py-2 text-start font-semibold">{t`Absent days`}</th>
                <th className="px-3 py-2 text-start font-semibold">{t`Flagged`}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {reports.map(({ person, totals }) => (
                <tr key={person.id}>
                  <th scope="row" className="px-3 py-2 text-start font-medium">
                    <button
                      type="button"
                      className="text-brand-700 underline print:no-underline"
                      onClick={() => setPersonId(personId === person.id ? '' : person.id)}
                    >
                      {String(person.name)}
                    </button>
                  </th>
                  <td className="px-3 py-2 tabular-nums">{formatMinutes(totals.worked, true)}</td>
                  <td className="px-3 py-2 tabular-nums">{formatMinutes(totals.late, true)}</td>
                  <td className="px-3 py-2 tabular-nums">{formatMinutes(totals.earlyLeave, true)}</td>
                  <td className="px-3 py-2 tabular-nums">{formatMinutes(totals.overtime, true)}</td>
                  <td className="px-3 py-2 tabular-nums">{formatNumber(totals.absent)}</td>
                  <td className="px-3 py-2 tabular-nums">{formatNumber(totals.flagged)}</td>
                </tr>
              ))}
              {waiting.length > 0 && (
                <tr aria-busy="true">
                  <td colSpan={7} className="px-3 py-3 text-center text-slate-600">
                    <Plural value={waiting.length} one="# more person, being counted…" other="# more people, being counted…" />
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      )}
      {whole && whole.length === 1 && (
        <PersonDays
          report={whole[0]!}
          clock={formatClock}
          rules={rules ?? []}
          punches={source.where === 'device' ? (punches ?? []) : []}
          manager={manager && source.where === 'device'}
        />
      )}
    </ScreenFrame>
  );
}
