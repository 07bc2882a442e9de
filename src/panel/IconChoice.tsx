import { useLingui } from '@lingui/react';
import type { ReactNode } from 'react';
import { cx } from '../ui/cx.ts';
import { PanelIconGlyph, panelIconKeys, panelIcons } from '../ui/panelIcons.tsx';

/** Picks one icon of the set: a group of radio buttons drawn as tiles, each named for screen readers. */
export function IconChoice({
  legend,
  value,
  onChange,
  name,
}: {
  legend: ReactNode;
  value: string;
  onChange: (icon: string) => void;
  name: string;
}) {
  const { _ } = useLingui();
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {panelIconKeys.map((key) => {
          const label = _(panelIcons[key].label);
          return (
            <label
              key={key}
              title={label}
              className={cx(
                'grid size-12 cursor-pointer place-items-center rounded-xl ring-1 transition-colors has-focus-visible:outline-2 has-focus-visible:outline-brand-600',
                value === key ? 'bg-brand-700 text-white ring-brand-700' : 'bg-white text-slate-700 ring-slate-200 hover:bg-brand-50',
              )}
            >
              <input
                type="radio"
                name={name}
                value={key}
                checked={value === key}
                onChange={() => onChange(key)}
                className="sr-only"
                aria-label={label}
              />
              <PanelIconGlyph icon={key} className="size-6" />
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
