/**
 * A record's stages on its own page, as Odoo's status bar: every stage in order, the current one
 * marked (`aria-current="step"`), each another a button that moves the record there (useStageMove)
 * for whoever may update it while it may move. Buttons are reached with Tab and pressed with Enter
 * or Space, or a finger (44 px tall); on a narrow screen the stages wrap onto a second row, so the
 * bar never widens the page.
 */
import { useLingui } from '@lingui/react/macro';
import { permission, type Entity } from '../../contract/entity.ts';
import { useCanAccess } from '../../storage/access.ts';
import type { LocalRow } from '../../storage/localRecords.ts';
import { cx } from '../../ui/cx.ts';
import { ChevronIcon } from '../../ui/icons.tsx';
import { showToast } from '../../ui/toast.ts';
import { stageField, useStageMove, type StageMoveOptions } from './useStageMove.tsx';

export interface StageBarProps extends StageMoveOptions {
  entity: Entity;
  row: LocalRow;
  /** Whether the record may change stage now, besides the person's right to update it (a sale only as a draft). */
  movable?: boolean;
}

const step = 'inline-flex min-h-11 items-center rounded-full px-3.5 text-sm font-medium';

export function StageBar({ entity, row, movable = true, ...options }: StageBarProps) {
  const { t, i18n } = useLingui();
  const can = useCanAccess();
  const field = stageField(entity, options.field);
  const { stages, move, busy, dialog } = useStageMove(entity, {
    ...options,
    onMoved: (moved, stage) => {
      options.onMoved?.(moved, stage);
      const name = i18n._(field.options.find((o) => o.value === stage)!.label);
      showToast(t`Moved to ${name}.`, { type: 'success' });
    },
  });
  const active = movable && can(permission(entity, 'update'));
  const current = row[options.field];
  return (
    <nav aria-label={i18n._(field.label)} className="print:hidden">
      <ol className="flex flex-wrap items-center gap-x-1 gap-y-2 rounded-2xl bg-white p-1.5 ring-1 ring-slate-200">
        {stages.map((stage, i) => {
          const here = stage.value === current;
          const look = here ? 'bg-brand-700 text-white' : active ? 'text-slate-700 hover:bg-slate-100' : 'text-slate-500';
          return (
            <li key={stage.value} className="flex items-center gap-1">
              {i > 0 && <ChevronIcon className="size-4 shrink-0 text-slate-400 rtl:rotate-180" />}
              {active ? (
                <button
                  type="button"
                  aria-current={here ? 'step' : undefined}
                  disabled={busy && !here}
                  onClick={() => move(row, stage.value)}
                  className={cx(
                    step,
                    look,
                    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60',
                  )}
                >
                  {i18n._(stage.label)}
                </button>
              ) : (
                <span aria-current={here ? 'step' : undefined} className={cx(step, look)}>
                  {i18n._(stage.label)}
                </span>
              )}
            </li>
          );
        })}
      </ol>
      {dialog}
    </nav>
  );
}
