/**
 * A role's permissions as a matrix: each declared entity (grouped by module) against read,
 * create, update and delete, plus the panel's own settings. Entities only the server writes (the
 * activity log) offer read alone. Writing implies reading, so ticking a write ticks read too.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { entities } from '../../../contract/entities/index.ts';
import { actions, permission, type Action, type Entity } from '../../../contract/entity.ts';
import { PANEL_SETTINGS_PERMISSION } from '../../../contract/panels.ts';
import { moduleNames } from '../../../i18n/moduleNames.ts';
import type { WidgetProps } from '../../../ui/entity/fieldWidgets.tsx';

const actionLabels: Record<Action, MessageDescriptor> = {
  read: msg`View`,
  create: msg`Add`,
  update: msg`Edit`,
  delete: msg`Delete`,
};

function modulesOf(list: readonly Entity[]): [string, Entity[]][] {
  const groups = new Map<string, Entity[]>();
  for (const entity of list) groups.set(entity.module, [...(groups.get(entity.module) ?? []), entity]);
  return [...groups];
}

export function PermissionMatrix({ label, value, onChange, error }: WidgetProps) {
  const { _ } = useLingui();
  const granted = new Set(Array.isArray(value) ? (value as string[]) : []);
  const toggle = (entity: Entity, action: Action, on: boolean) => {
    const next = new Set(granted);
    const key = permission(entity, action);
    if (on) {
      next.add(key);
      next.add(permission(entity, 'read'));
    } else {
      next.delete(key);
      // Without read, nothing else is possible.
      if (action === 'read') for (const a of actions) next.delete(permission(entity, a));
    }
    onChange([...next].sort());
  };
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-medium text-slate-800">{label}</legend>
      <div className="overflow-x-auto rounded-xl ring-1 ring-slate-200" tabIndex={0} role="region" aria-label={typeof label === 'string' ? label : undefined}>
        <table className="w-full text-sm">
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="px-3 py-2 text-start font-semibold">
                <Trans>What</Trans>
              </th>
              {actions.map((action) => (
                <th key={action} scope="col" className="w-14 px-1 py-2 text-center font-semibold">
                  {_(actionLabels[action])}
                </th>
              ))}
            </tr>
          </thead>
          {modulesOf(entities).map(([module, list]) => (
            <tbody key={module} className="divide-y divide-slate-100">
              <tr className="bg-slate-50/60">
                <th colSpan={5} scope="colgroup" className="px-3 py-1.5 text-start text-xs font-semibold tracking-wide text-slate-600">
                  {_(moduleNames[module as keyof typeof moduleNames])}
                </th>
              </tr>
              {list.map((entity) => {
                const name = _(entity.pluralLabel);
                return (
                  <tr key={entity.key}>
                    <th scope="row" className="px-3 py-1 text-start font-medium text-slate-800">
                      {name}
                    </th>
                    {actions.map((action) => {
                      const offered = action === 'read' || !entity.serverOnly;
                      const key = permission(entity, action);
                      return (
                        <td key={action} className="px-1 py-1 text-center">
                          {offered && (
                            <label className="inline-grid size-11 cursor-pointer place-items-center rounded-lg hover:bg-brand-50">
                              <input type="checkbox" className="size-5 accent-brand-700" checked={granted.has(key)} onChange={(e) => toggle(entity, action, e.target.checked)} aria-label={`${name}: ${_(actionLabels[action])}`} />
                            </label>
                          )}
                        </td>
                      );
                    })}
                  </tr>
                );
              })}
            </tbody>
          ))}
          <tbody>
            <tr className="border-t border-slate-200">
              <th scope="row" className="px-3 py-1 text-start font-medium text-slate-800">
                <Trans>Panel settings (details, modules, icons)</Trans>
              </th>
              <td colSpan={2} />
              <td className="px-1 py-1 text-center">
                <label className="inline-grid size-11 cursor-pointer place-items-center rounded-lg hover:bg-brand-50">
                  <input
                    type="checkbox"
                    className="size-5 accent-brand-700"
                    checked={granted.has(PANEL_SETTINGS_PERMISSION)}
                    onChange={(e) => {
                      const next = new Set(granted);
                      if (e.target.checked) next.add(PANEL_SETTINGS_PERMISSION);
                      else next.delete(PANEL_SETTINGS_PERMISSION);
                      onChange([...next].sort());
                    }}
                    aria-label={_(msg`Panel settings`)}
                  />
                </label>
              </td>
              <td />
            </tr>
          </tbody>
        </table>
      </div>
      {error && <p className="text-sm text-red-700" role="alert">{error}</p>}
    </fieldset>
  );
}
