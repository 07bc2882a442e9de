/** Modules as cards with one action each: enable the ones not on, or disable the ones on (the always-on ones stay). */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import {
  Button,
  buttonClasses,
  Card,
  type ClientModule,
  listedModules,
  moduleEntry,
  NoAccess,
  panelAllows,
  PanelIconGlyph,
  type PanelInUse,
  routePath,
  updatePanelModules,
} from '@/moduleKit.ts';
import { PANEL_SETTINGS_PERMISSION } from '@/contract/panels.ts';
import { useSettingsChange } from './useSettingsChange.ts';

export function ModuleCards({ panel, show }: { panel: PanelInUse; show: 'enabled' | 'available' }) {
  const { t, i18n } = useLingui();
  const { busy, run } = useSettingsChange();
  if (!panelAllows(panel, PANEL_SETTINGS_PERMISSION)) return <NoAccess />;
  const enabled = panel.modules;
  const listed = listedModules().filter((part) =>
    show === 'enabled' ? enabled.includes(part.module.key) : !enabled.includes(part.module.key),
  );
  const change = (part: ClientModule, on: boolean) => {
    const name = i18n._(part.name);
    const key = part.module.key;
    const modules = on ? [...enabled, key] : enabled.filter((m) => m !== key);
    void run(key, () => updatePanelModules({ modules }), on ? t`“${name}” is enabled.` : t`“${name}” is disabled.`);
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
      {listed.map((part) => (
        <li key={part.module.key}>
          <Card className="flex h-full flex-col gap-3">
            <div className="flex items-center gap-3">
              <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700">
                <PanelIconGlyph icon={panel.moduleIcons?.[part.module.key] ?? part.icon} className="size-6" />
              </span>
              <h2 className="font-semibold text-slate-900">{i18n._(part.name)}</h2>
            </div>
            <p className="flex-1 text-sm text-slate-600">{i18n._(part.description)}</p>
            <div className="flex flex-wrap gap-2">
              {show === 'available' ? (
                <Button size="sm" loading={busy === part.module.key} disabled={busy !== null} onClick={() => change(part, true)}>
                  <Trans>Enable</Trans>
                </Button>
              ) : (
                <>
                  <Link
                    href={routePath(
                      part,
                      moduleEntry(part, (p) => panelAllows(panel, p)),
                    )}
                    className={buttonClasses('secondary', 'sm')}
                  >
                    <Trans>Open</Trans>
                  </Link>
                  {!part.module.alwaysOn && (
                    <Button
                      size="sm"
                      variant="ghost"
                      className="text-red-700"
                      loading={busy === part.module.key}
                      disabled={busy !== null}
                      onClick={() => change(part, false)}
                    >
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
