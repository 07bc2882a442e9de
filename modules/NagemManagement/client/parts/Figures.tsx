/** Pieces the dashboards share: the pipeline chart per stage and a month's won amount against its target. */
import { Trans, useLingui } from '@lingui/react/macro';
import { formatCompact, formatNumber } from '@/i18n/format.ts';
import { ProgressBar, useMoney } from '@/moduleKit.ts';
import { stageOptions } from '../../entities/sale.ts';
import type { StageFigure } from '../../rules/salesFigures.ts';
import { LazyBarChart } from './LazyBarChart.tsx';

export function PipelineChart({ figures }: { figures: readonly StageFigure[] }) {
  const { t, i18n } = useLingui();
  const money = useMoney();
  const unit = money.unit;
  const groups = figures.map((f) => ({
    key: f.stage,
    label: i18n._(stageOptions.find((o) => o.value === f.stage)!.label),
    values: [money.value(f.value)],
  }));
  return (
    <LazyBarChart
      groups={groups}
      series={[{ label: t`Value (${unit})`, color: 'var(--color-brand-600)' }]}
      label={t`Pipeline value per stage`}
      groupHeader={t`Stage`}
      formatValue={formatCompact}
      categories
    />
  );
}

export function TargetBar({ won, target }: { won: bigint | number; target: number }) {
  const { t } = useLingui();
  const money = useMoney();
  const wonText = money.number(won);
  const targetText = money.text(target);
  // The amounts are exact (won may pass 2^53); the share of the target is a picture, a float will do.
  const percent = target > 0 ? (100 * Number(won)) / target : 0;
  const percentText = formatNumber(percent / 100, { style: 'percent', maximumFractionDigits: 0 });
  return (
    <div className="flex flex-col gap-1">
      <ProgressBar
        value={percent}
        label={<Trans>Won this month against the target</Trans>}
        valueText={target > 0 ? percentText : t`No target set`}
      />
      <p className="text-sm text-slate-600">
        <Trans>
          {wonText} of {targetText}
        </Trans>
      </p>
    </div>
  );
}
