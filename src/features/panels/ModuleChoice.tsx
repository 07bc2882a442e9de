import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { moduleKeys, type ModuleKey } from '../../contract/routes.ts';
import { moduleDescriptions, moduleNames } from '../../i18n/moduleNames.ts';
import { cx } from '../../ui/cx.ts';

/** Checkboxes for the modules to enable; panel management is always on (it is how modules are managed). */
export function ModuleChoice({ legend, value, onChange }: { legend: ReactNode; value: readonly ModuleKey[]; onChange: (modules: ModuleKey[]) => void }) {
  const { _ } = useLingui();
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {moduleKeys.map((module) => {
          const fixed = module === 'PanelManagement';
          const checked = fixed || value.includes(module);
          return (
            <label key={module} className={cx('flex min-h-11 cursor-pointer gap-3 rounded-xl p-3 ring-1', checked ? 'bg-brand-50 ring-brand-300' : 'bg-white ring-slate-200', fixed && 'cursor-default')}>
              <input
                type="checkbox"
                className="mt-0.5 size-5 shrink-0 accent-brand-700"
                checked={checked}
                disabled={fixed}
                onChange={(e) => onChange(e.target.checked ? [...value, module] : value.filter((m) => m !== module))}
              />
              <span className="min-w-0">
                <span className="block text-sm font-semibold text-slate-900">{_(moduleNames[module])}</span>
                <span className="block text-xs text-slate-600">{fixed ? <Trans>Always on: this is where the panel is managed.</Trans> : _(moduleDescriptions[module])}</span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
