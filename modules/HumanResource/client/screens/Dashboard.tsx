/**
 * The attendance dashboard (hr-attendance.md): the signed-in person's clock-in card, and for a
 * manager who is in now per place, who is late or absent today, the flagged punches to review and
 * how many came each of the last 14 days.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import {
  buttonClasses,
  DailyBarChart,
  type LocalRow,
  PageHeader,
  readSession,
  SectionCard,
  seesAllOf,
  Spinner,
  useCanAccess,
  useCurrentPanel,
  useDocumentTitle,
  useNow,
  usePanelData,
  useTableRows,
} from '@/moduleKit.ts';
import { Suspense, useMemo, type ReactNode } from 'react';
import { Link } from 'wouter';
import { permission } from '@/contract/entity.ts';
import { formatNumber, joinNames } from '@/i18n/format.ts';
import { Personnel, Place, Rule } from '../../entities/masterData.ts';
import { Punch, REVIEW_GRANT } from '../../entities/punch.ts';
import { addDays, tehranDay } from '../../rules/attendanceDay.ts';
import { todayFigures } from '../attendanceView.ts';
import { usePunches } from '../usePunches.ts';
import { Member, myPersonnel } from '../myPersonnel.ts';
import { ClockCard } from '../parts/ClockCard.tsx';
import { PunchReview } from '../parts/PunchReview.tsx';
import { hr } from '../paths.ts';

function Tile({ label, value, tone = 'plain' }: { label: ReactNode; value: string; tone?: 'plain' | 'warn' }) {
  return (
    <div className={`flex flex-col gap-1 rounded-2xl bg-white p-4 ring-1 ${tone === 'warn' ? 'ring-amber-300' : 'ring-slate-200'}`}>
      <span className="text-sm text-slate-600">{label}</span>
      <span className={`text-2xl font-bold ${tone === 'warn' ? 'text-amber-800' : 'text-slate-900'}`}>{value}</span>
    </div>
  );
}

const names = (rows: readonly LocalRow[]) => joinNames(rows.map((r) => String(r.name)));

export function Dashboard() {
  const { t } = useLingui();
  const panel = usePanelData();
  const current = useCurrentPanel();
  const can = useCanAccess();
  useDocumentTitle(t`Attendance`);
  const [personnel, places, rules, members] = useTableRows(panel?.db, [Personnel, Place, Rule, Member]);
  const seesAll = current.status === 'ready' && seesAllOf(current.panel, Personnel);
  const manager = can(permission(Punch, 'update')) && can(permission(Punch, REVIEW_GRANT));
  const now = useNow();
  const today = tehranDay(now);
  // The chart's 14 days and today, and whatever still waits for review.
  const punches = usePunches(panel?.db, addDays(today, -14), today, true);
  const me = personnel ? myPersonnel(personnel, members, readSession().username, seesAll) : null;
  const figures = useMemo(
    () => (personnel && rules && punches ? todayFigures(today, personnel, rules, punches, now) : null),
    [personnel, rules, punches, today, now],
  );
  const placeNames = useMemo(() => new Map((places ?? []).map((p) => [p.id, String(p.name)])), [places]);
  const personNames = useMemo(() => new Map((personnel ?? []).map((p) => [p.id, String(p.name)])), [personnel]);

  if (!figures || !places || !rules) {
    return (
      <>
        <PageHeader title={<Trans>Attendance</Trans>} />
        <div className="grid place-items-center py-16 text-brand-700">
          <Spinner className="size-8" />
        </div>
      </>
    );
  }
  const rule = me ? (rules.find((r) => r.id === me.ruleId) ?? null) : null;
  const inNow = [...figures.inNow.values()].reduce((n, list) => n + list.length, 0);
  return (
    <>
      <PageHeader
        title={<Trans>Attendance</Trans>}
        description={<Trans>Clock in and out, who is at work today, and punches waiting for review.</Trans>}
        actions={
          <Link href={hr.report} className={buttonClasses('secondary', 'sm')}>
            <Trans>In/out report</Trans>
          </Link>
        }
      />
      <div className="grid gap-6 lg:grid-cols-2">
        {me ? (
          <ClockCard me={me} rule={rule} places={places} punches={punches ?? []} />
        ) : (
          // A manager without a record of their own needs the figures first, not this card.
          !seesAll && (
            <SectionCard title={<Trans>Clock in and out</Trans>}>
              <p className="text-sm text-slate-700">
                <Trans>
                  No personnel record is linked to you in this panel. A manager links one to your membership on the personnel screen.
                </Trans>
              </p>
            </SectionCard>
          )
        )}
        {seesAll && (
          <div className="grid grid-cols-2 content-start gap-3">
            <Tile label={<Trans>In now</Trans>} value={formatNumber(inNow)} />
            <Tile
              label={<Trans>Late today</Trans>}
              value={formatNumber(figures.late.length)}
              tone={figures.late.length ? 'warn' : 'plain'}
            />
            <Tile
              label={<Trans>Absent today</Trans>}
              value={formatNumber(figures.absent.length)}
              tone={figures.absent.length ? 'warn' : 'plain'}
            />
            <Tile
              label={<Trans>To review</Trans>}
              value={formatNumber(figures.flagged.length)}
              tone={figures.flagged.length ? 'warn' : 'plain'}
            />
          </div>
        )}
      </div>
      {seesAll && (
        <div className="mt-6 grid gap-6 lg:grid-cols-2">
          <SectionCard title={<Trans>Who is in now</Trans>}>
            {figures.inNow.size === 0 ? (
              <p className="text-sm text-slate-600">
                <Trans>Nobody is clocked in.</Trans>
              </p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {[...figures.inNow].map(([placeId, people]) => (
                  <li key={placeId} className="py-2 text-sm">
                    <span className="font-semibold">{placeNames.get(placeId) ?? t`Outside the workplaces`}</span>: {names(people)}
                  </li>
                ))}
              </ul>
            )}
            {(figures.late.length > 0 || figures.absent.length > 0) && (
              <dl className="mt-3 grid gap-1 text-sm">
                {figures.late.length > 0 && (
                  <div>
                    <dt className="inline font-semibold">{t`Late today`}: </dt>
                    <dd className="inline">{names(figures.late)}</dd>
                  </div>
                )}
                {figures.absent.length > 0 && (
                  <div>
                    <dt className="inline font-semibold">{t`Absent today`}: </dt>
                    <dd className="inline">{names(figures.absent)}</dd>
                  </div>
                )}
              </dl>
            )}
          </SectionCard>
          <SectionCard title={<Trans>Attendance, last 14 days</Trans>}>
            <Suspense fallback={<Spinner className="mx-auto size-6 text-brand-700" />}>
              <DailyBarChart days={figures.days} label={t`People who came, per day`} dayHeader={t`Day`} countHeader={t`People`} />
            </Suspense>
          </SectionCard>
          {manager && (
            <SectionCard title={<Trans>Flagged punches to review</Trans>} className="lg:col-span-2">
              <PunchReview flagged={figures.flagged} names={personNames} />
            </SectionCard>
          )}
        </div>
      )}
    </>
  );
}
