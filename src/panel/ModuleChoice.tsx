import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { moduleByKey } from '../contract/modules.ts';
import type { ModuleKey } from '../contract/routes.ts';
import { cx } from '../ui/cx.ts';
import { listedModules } from './moduleRegistry.ts';

/**
 * Checkboxes for the modules to enable, of those that exist; an always-on module (panel
 * management: it is how modules are managed) is ticked and fixed, and ticking a module ticks the
 * modules it depends on.
 */
export function ModuleChoice({
  legend,
  value,
  onChange,
}: {
  legend: ReactNode;
  value: readonly ModuleKey[];
  onChange: (modules: ModuleKey[]) => void;
}) {
  const { _ } = useLingui();
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {listedModules().map((part) => {
          const module = part.module.key;
          const fixed = Boolean(part.module.alwaysOn);
          const checked = fixed || value.includes(module);
          return (
            <label
              key={module}
              className={cx(
                'flex min-h-11 cursor-pointer gap-3 rounded-xl p-3 ring-1',
                checked ? 'bg-brand-50 ring-brand-300' : 'bg-white ring-slate-200',
                fixed && 'cursor-default',
              )}
            >
              <input
                type="checkbox"
                className="mt-0.5 size-5 shrink-0 accent-brand-700"
                checked={checked}
                disabled={fixed}
                onChange={(e) =>
                  onChange(
                    e.target.checked
                      ? [...new Set([...value, module, ...(moduleByKey(module)?.dependsOn ?? [])])]
                      : value.filter((m) => m !== module && !moduleByKey(m)?.dependsOn?.includes(module)),
                  )
                }
              />
              <span className="min-w-0">
                <span className="block text-sm font-semibold text-slate-900">{_(part.name)}</span>
                <span className="block text-xs text-slate-600">
                  {fixed ? <Trans>Always on: this is where the panel is managed.</Trans> : _(part.description)}
                </span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
