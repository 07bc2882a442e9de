/** Icon: the panel's icon and each enabled module's, picked from the app's icon set. */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import {
  Button,
  Card,
  IconChoice,
  listedModules,
  NoAccess,
  panelAllows,
  type PanelInUse,
  ScreenFrame,
  updatePanelDetails,
  updatePanelModules,
  WithPanel,
} from '@/moduleKit.ts';
import { PANEL_SETTINGS_PERMISSION } from '@/contract/panels.ts';
import type { ModuleKey } from '@/contract/routes.ts';
import { useSettingsChange } from './useSettingsChange.ts';

export function Icon() {
  const { t } = useLingui();
  return (
    <ScreenFrame title={t`Icons`} description={<Trans>Icons help people tell panels and modules apart at a glance.</Trans>}>
      <WithPanel>
        {(panel) => (panelAllows(panel, PANEL_SETTINGS_PERMISSION) ? <Icons key={panel.code} panel={panel} /> : <NoAccess />)}
      </WithPanel>
    </ScreenFrame>
  );
}

function Icons({ panel }: { panel: PanelInUse }) {
  const { t, i18n } = useLingui();
  const { busy, run } = useSettingsChange();
  const [panelIcon, setPanelIcon] = useState(panel.icon);
  const [moduleIcons, setModuleIcons] = useState<Partial<Record<ModuleKey, string>>>(panel.moduleIcons ?? {});
  return (
    <div className="flex flex-col gap-6">
      <Card className="flex flex-col gap-4">
        <IconChoice legend={<Trans>The panel’s icon</Trans>} name="panel-icon" value={panelIcon} onChange={setPanelIcon} />
        <div>
          <Button
            loading={busy === 'panel'}
            disabled={panelIcon === panel.icon}
            onClick={() => void run('panel', () => updatePanelDetails({ icon: panelIcon }), t`The panel’s icon is saved.`)}
          >
            <Trans>Save the panel’s icon</Trans>
          </Button>
        </div>
      </Card>
      <Card className="flex flex-col gap-6">
        {listedModules()
          .filter((part) => panel.modules.includes(part.module.key))
          .map(({ module: { key: module }, name, icon }) => (
            <IconChoice
              key={module}
              legend={i18n._(name)}
              name={`module-${module}`}
              value={moduleIcons[module] ?? icon}
              onChange={(icon) => setModuleIcons((current) => ({ ...current, [module]: icon }))}
            />
          ))}
        <div>
          <Button
            loading={busy === 'modules'}
            onClick={() =>
              void run('modules', () => updatePanelModules({ modules: panel.modules, moduleIcons }), t`The modules’ icons are saved.`)
            }
          >
            <Trans>Save the modules’ icons</Trans>
          </Button>
        </div>
      </Card>
    </div>
  );
}
