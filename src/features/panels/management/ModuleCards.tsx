/** Modules as cards with one action each: enable the ones not on, or disable the ones on (panel management stays). */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { updatePanelModules } from '../../../api/panels.ts';
import { PANEL_SETTINGS_PERMISSION } from '../../../contract/panels.ts';
import { moduleKeys, modulePath, type ModuleKey } from '../../../contract/routes.ts';
import { moduleDescriptions, moduleNames } from '../../../i18n/moduleNames.ts';
import { panelAllows } from '../../../storage/access.ts';
import type { PanelInUse } from '../../../storage/currentPanel.ts';
import { Button, buttonClasses } from '../../../ui/Button.tsx';
import { Card } from '../../../ui/Card.tsx';
import { PanelIconGlyph } from '../../../ui/panelIcons.tsx';
import { moduleEntry } from '../moduleHome.ts';
import { NoAccess } from '../WithPanel.tsx';
import { useSettingsChange } from './useSettingsChange.ts';

export function ModuleCards({ panel, show }: { panel: PanelInUse; show: 'enabled' | 'available' }) {
  const { t, i18n } = useLingui();
  const { busy, run } = useSettingsChange();
  if (!panelAllows(panel, PANEL_SETTINGS_PERMISSION)) return <NoAccess />;
  const enabled = panel.modules;
  const listed = moduleKeys.filter((m) => (show === 'enabled' ? enabled.includes(m) : !enabled.includes(m)));
  const change = (module: ModuleKey, on: boolean) => {
    const name = i18n._(moduleNames[module]);
    const modules = on ? [...enabled, module] : enabled.filter((m) => m !== module);
    void run(module, () => updatePanelModules({ modules }), on ? t`“${name}” is enabled.` : t`“${name}” is disabled.`);
  };
  if (listed.length === 0) {
    return (
      <Card className="text-center text-sm text-slate-600">
        {show === 'available' ? <Trans>Every module is enabled in this panel.</Trans> : <Trans>No module is enabled.</Trans>}
      </Card>
    );
  }
  return (
    <ul className="grid gap-3 md:grid-cols-2">
      {listed.map((module) => (
        <li key={module}>
          <Card className="flex h-full flex-col gap-3">
            <div className="flex items-center gap-3">
              <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700">
                <PanelIconGlyph icon={panel.moduleIcons?.[module] ?? 'grid'} className="size-6" />
              </span>
              <h2 className="font-semibold text-slate-900">{i18n._(moduleNames[module])}</h2>
            </div>
            <p className="flex-1 text-sm text-slate-600">{i18n._(moduleDescriptions[module])}</p>
            <div className="flex flex-wrap gap-2">
              {show === 'available' ? (
                <Button size="sm" loading={busy === module} disabled={busy !== null} onClick={() => change(module, true)}>
                  <Trans>Enable</Trans>
                </Button>
              ) : (
                <>
                  <Link href={modulePath(module, moduleEntry(module, (p) => panelAllows(panel, p)))} className={buttonClasses('secondary', 'sm')}>
                    <Trans>Open</Trans>
                  </Link>
                  {module !== 'PanelManagement' && (
                    <Button size="sm" variant="ghost" className="text-red-700" loading={busy === module} disabled={busy !== null} onClick={() => change(module, false)}>
                      <Trans>Disable</Trans>
                    </Button>
                  )}
                </>
              )}
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
