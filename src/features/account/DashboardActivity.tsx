import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { getMyActivity } from '../../api/account.ts';
import { SectionCard } from '../../ui/Card.tsx';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { useLoaded } from '../../ui/useLoaded.ts';

const DailyBarChart = lazy(async () => ({ default: (await import('../../ui/DailyBarChart.tsx')).DailyBarChart }));

function ChartPlaceholder() {
  return <div className="h-[220px] animate-pulse rounded-xl bg-slate-100" aria-hidden="true" />;
}

/** The dashboard's chart of the person's own activity over the last 30 days. */
export function DashboardActivity() {
  const { t } = useLingui();
  const [state, retry] = useLoaded(getMyActivity);
  const total = state.status === 'ready' ? state.data.reduce((sum, day) => sum + day.count, 0) : 0;
  return (
    <SectionCard title={<Trans>Your activity</Trans>}>
      <p className="mt-1 text-sm text-slate-600">
        {state.status === 'ready' ? (
          <Plural value={total} one="# action on your account in the last 30 days" other="# actions on your account in the last 30 days" />
        ) : (
          <Trans>Logins and changes to your account in the last 30 days.</Trans>
        )}
      </p>
      <div className="mt-4">
        {state.status === 'loading' && <ChartPlaceholder />}
        {state.status === 'error' && <LoadFailed error={state.error} onRetry={retry} />}
        {state.status === 'ready' && (
          <Suspense fallback={<ChartPlaceholder />}>
            <DailyBarChart
              days={state.data}
              label={t`Bar chart of your account activity per day over the last 30 days`}
              dayHeader={t`Day`}
              countHeader={t`Actions`}
            />
          </Suspense>
        )}
      </div>
    </SectionCard>
  );
}
