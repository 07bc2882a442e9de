/**
 * ChartFlow: the organisation chart (roles under the roles they report to, with their people),
 * drawn by OrgChart.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { ScreenFrame, WithPanel } from '@/moduleKit.ts';
import { OrgChart } from './OrgChart.tsx';

export function ChartFlow() {
  const { t } = useLingui();
  return (
    <ScreenFrame
      title={t`Organisation chart`}
      description={<Trans>Roles under the roles they report to, with the people in each. Change “Reports to” on the roles screen.</Trans>}
    >
      <WithPanel>{(panel) => <OrgChart panel={panel} />}</WithPanel>
    </ScreenFrame>
  );
}
