import { useLingui } from '@lingui/react';
import { Plural, Trans } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { getMyActivity } from '../../api/account.ts';
import { describeError } from '../../i18n/describeError.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { useLoaded } from './useLoaded.ts';

const ActivityChart = lazy(async () => ({ default: (await import('./ActivityChart.tsx')).ActivityChart }));

function ChartPlaceholder() {
  return <div className="h-[220px] animate-pulse rounded-xl bg-slate-100" aria-hidden="true" />;
}

/** The dashboard's chart of the person's own activity over the last 30 days. */
export function DashboardActivity() {
  const { i18n } = useLingui();
  const [state, retry] = useLoaded(getMyActivity);
  const total = state.status === 'ready' ? state.data.reduce((sum, day) => sum + day.count, 0) : 0;
  return (
    <Card aria-labelledby="activity-heading">
      <h2 id="activity-heading" className="text-lg font-semibold text-slate-900">
        <Trans>Your activity</Trans>
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {state.status === 'ready' ? (
          <Plural value={total} one="# action on your account in the last 30 days" other="# actions on your account in the last 30 days" />
        ) : (
          <Trans>Logins and changes to your account in the last 30 days.</Trans>
        )}
      </p>
      <div className="mt-4">
        {state.status === 'loading' && <ChartPlaceholder />}
        {state.status === 'error' && (
          <div className="space-y-3">
            <Alert tone="error">{describeError(i18n, state.error)}</Alert>
            <Button variant="secondary" size="sm" onClick={retry}>
              <Trans>Try again</Trans>
            </Button>
          </div>
        )}
        {state.status === 'ready' && (
          <Suspense fallback={<ChartPlaceholder />}>
            <ActivityChart days={state.data} />
          </Suspense>
        )}
      </div>
    </Card>
  );
}
