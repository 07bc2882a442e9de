/**
 * A role's permissions as a matrix: each declared entity (grouped by module) against read,
 * create, update and delete, each entity's grants (seeing people's mobile numbers) beneath it,
 * plus the panel's own settings. Entities only the server writes (the
 * activity log) offer read alone. Writing implies reading, so ticking a write ticks read too.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { entities } from '@/contract/modules.ts';
import { documentActions, entityActions, permission, type Action, type Entity } from '@/contract/entity.ts';
import { PANEL_SETTINGS_PERMISSION } from '@/contract/panels.ts';
import { clientModule, useCurrentPanel, type WidgetProps } from '@/moduleKit.ts';

const actionLabels: Record<Action, MessageDescriptor> = {
  read: msg`View`,
  create: msg`Add`,
  update: msg`Edit`,
  delete: msg`Delete`,
  submit: msg`Submit`,
  cancel: msg({ context: 'document', message: 'Cancel' }),
};

function modulesOf(list: readonly Entity[]): [string, Entity[]][] {
  const groups = new Map<string, Entity[]>();
  for (const entity of list) groups.set(entity.module, [...(groups.get(entity.module) ?? []), entity]);
  return [...groups];
}

export function PermissionMatrix({ label, value, onChange, error }: WidgetProps) {
  const { _ } = useLingui();
  // Submit and cancel columns only when some entity is a document.
  const current = useCurrentPanel();
  // The platform's entities and those of the modules this panel has enabled.
  const enabled = current.status === 'ready' ? current.panel.modules : [];
  // A person's own rows (their notifications, decision 038) are theirs whatever the role: no role grants them.
  const shown = entities().filter((e) => e.personal === undefined && (e.module === 'PanelManagement' || enabled.includes(e.module)));
  const columns = shown.some((e) => e.document) ? documentActions : documentActions.slice(0, 4);
  const granted = new Set(Array.isArray(value) ? (value as string[]) : []);
  const toggle = (entity: Entity, action: Action | string, on: boolean) => {
    const next = new Set(granted);
    const key = permission(entity, action);
    if (on) {
      next.add(key);
      next.add(permission(entity, 'read'));
    } else {
      next.delete(key);
      // Without read, nothing else is possible.
      if (action === 'read')
        for (const a of [...entityActions(entity), ...Object.keys(entity.grants ?? {})]) next.delete(permission(entity, a));
    }
    onChange([...next].sort());
  };
  // A fieldset is as wide as its content unless told: the matrix scrolls inside it instead.
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="text-sm font-medium text-slate-800">{label}</legend>
      <div
        className="overflow-x-auto rounded-xl ring-1 ring-slate-200"
        tabIndex={0}
        role="region"
        aria-label={typeof label === 'string' ? label : undefined}
      >
        <table className="w-full text-sm">
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="px-3 py-2 text-start font-semibold">
                <Trans>What</Trans>
              </th>
              {columns.map((action) => (
                <th key={action} scope="col" className="w-14 px-1 py-2 text-center font-semibold">
                  {_(actionLabels[action])}
                </th>
              ))}
            </tr>
          </thead>
          {modulesOf(shown).map(([module, list]) => (
            <tbody key={module} className="divide-y divide-slate-100">
              <tr className="bg-slate-50/60">
                <th
                  colSpan={columns.length + 1}
                  scope="colgroup"
                  className="px-3 py-1.5 text-start text-xs font-semibold tracking-wide text-slate-600"
                >
                  {clientModule(module) ? _(clientModule(module)!.name) : module}
                </th>
              </tr>
              {list.map((entity) => {
                const name = _(entity.pluralLabel);
                return [
                  <tr key={entity.key}>
                    <th scope="row" className="px-3 py-1 text-start font-medium text-slate-800">
                      {name}
                    </th>
                    {columns.map((action) => {
                      const offered = entityActions(entity).includes(action);
                      const key = permission(entity, action);
                      return (
                        <td key={action} className="px-1 py-1 text-center">
                          {offered && (
                            <MatrixCheckbox
                              checked={granted.has(key)}
                              onChange={(on) => toggle(entity, action, on)}
                              label={`${name}: ${_(actionLabels[action])}`}
                            />
                          )}
                        </td>
                      );
                    })}
                  </tr>,
                  ...Object.entries(entity.grants ?? {}).map(([grant, words]) => (
                    <tr key={`${entity.key}.${grant}`}>
                      <th scope="row" className="px-3 py-1 ps-6 text-start font-normal text-slate-700">
                        {_(words)}
                      </th>
                      <td className="px-1 py-1 text-center">
                        <MatrixCheckbox
                          checked={granted.has(permission(entity, grant))}
                          onChange={(on) => toggle(entity, grant, on)}
                          label={`${name}: ${_(words)}`}
                        />
                      </td>
                      <td colSpan={columns.length - 1} />
                    </tr>
                  )),
                ];
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
                <MatrixCheckbox
                  checked={granted.has(PANEL_SETTINGS_PERMISSION)}
                  onChange={(on) => {
                    const next = new Set(granted);
                    if (on) next.add(PANEL_SETTINGS_PERMISSION);
                    else next.delete(PANEL_SETTINGS_PERMISSION);
                    onChange([...next].sort());
                  }}
                  label={_(msg`Panel settings`)}
                />
              </td>
              <td colSpan={columns.length - 3} />
            </tr>
          </tbody>
        </table>
      </div>
      {error && (
        <p className="text-sm text-red-700" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** One permission's box: a 44 px target around the checkbox, named for screen readers. */
function MatrixCheckbox({ checked, onChange, label }: { checked: boolean; onChange: (on: boolean) => void; label: string }) {
  return (
    <label className="inline-grid size-11 cursor-pointer place-items-center rounded-lg hover:bg-brand-50">
      <input
        type="checkbox"
        className="size-5 accent-brand-700"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        aria-label={label}
      />
    </label>
  );
}
