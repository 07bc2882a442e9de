/**
 * On a phone the board's stages stand one under another (a page that never pans sideways); this
 * row of chips, one per stage with its count, takes the person straight to a stage. On a wide
 * screen, where the five columns stand side by side, it is not drawn.
 */
import { useLingui } from '@lingui/react/macro';
import { formatNumber } from '@/i18n/format.ts';
import { stageOptions, type Stage } from '../../entities/sale.ts';

export function StageJumps({ columns }: { columns: readonly { stage: Stage; count: number }[] }) {
  const { t, i18n } = useLingui();
  const jump = (stage: Stage) => document.querySelector(`section[data-stage="${stage}"]`)?.scrollIntoView({ block: 'start' });
  return (
    <nav aria-label={t`Stages`} className="mb-3 lg:hidden">
      <ul className="flex flex-wrap gap-2">
        {columns.map((column) => (
          <li key={column.stage}>
            <button
              type="button"
              onClick={() => jump(column.stage)}
              className="min-h-10 rounded-full bg-white px-3 text-sm font-medium text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              {i18n._(stageOptions.find((o) => o.value === column.stage)!.label)}{' '}
              <span className="text-slate-600">({formatNumber(column.count)})</span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
