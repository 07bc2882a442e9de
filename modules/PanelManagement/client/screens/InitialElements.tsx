/**
 * initial-elements: the first-run setup. The server creates the default roles (administrator,
 * staff, viewer) once, named in the person's language; they then sync to this device like any row.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'wouter';
import {
  activePanelData,
  Alert,
  Button,
  buttonClasses,
  Card,
  CheckIcon,
  createInitialElements,
  loadCurrentPanel,
  NoAccess,
  panelAllows,
  type PanelInUse,
  ScreenFrame,
  WithPanel,
} from '@/moduleKit.ts';
import type { Row } from '@/contract/entity.ts';
import { PANEL_SETTINGS_PERMISSION } from '@/contract/panels.ts';
import { paths } from '@/contract/routes.ts';
import { pm } from '../paths.ts';
import { describeError } from '@/i18n/describeError.ts';
import { joinNames } from '@/i18n/format.ts';

export function InitialElements() {
  const { t } = useLingui();
  return (
    <ScreenFrame title={t`Set up the panel`} description={<Trans>A few things every panel needs before people join it.</Trans>}>
      <WithPanel>{(panel) => (panelAllows(panel, PANEL_SETTINGS_PERMISSION) ? <Setup panel={panel} /> : <NoAccess />)}</WithPanel>
    </ScreenFrame>
  );
}

function Setup({ panel }: { panel: PanelInUse }) {
  const { t, i18n } = useLingui();
  const [roles, setRoles] = useState<Row[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function create() {
    setBusy(true);
    setFailure(null);
    try {
      setRoles((await createInitialElements()).roles);
      await loadCurrentPanel(true);
      void activePanelData()?.engine.syncNow();
    } catch (error) {
      setFailure(describeError(i18n, error));
    } finally {
      setBusy(false);
    }
  }

  const done = roles !== null || panel.initialized;
  const name = panel.name;
  return (
    <Card className="flex flex-col gap-4">
      <ol className="flex flex-col gap-3 text-sm">
        <li className="flex gap-3">
          <CheckIcon className="size-5 shrink-0 text-emerald-600" />
          <span>
            <Trans>The panel “{name}” is registered, and you are its owner.</Trans>
          </span>
        </li>
        <li className="flex gap-3">
          {done ? (
            <CheckIcon className="size-5 shrink-0 text-emerald-600" />
          ) : (
            <span className="size-5 shrink-0 rounded-full ring-2 ring-slate-300" />
          )}
          <span>
            <Trans>Default roles: an administrator with every permission, staff who add and edit records, and viewers who only look.</Trans>
          </span>
        </li>
      </ol>
      {roles && roles.length > 0 && (
        <Alert tone="success" title={t`Roles created`}>
          {joinNames(roles.map((r) => String(r.name)))}
        </Alert>
      )}
      {failure && <Alert tone="error">{failure}</Alert>}
      <div className="flex flex-wrap gap-2">
        {!done && (
          <Button loading={busy} onClick={() => void create()}>
            <Trans>Create the default roles</Trans>
          </Button>
        )}
        {done && (
          <Link href={pm.people} className={buttonClasses('primary')}>
            <Trans>Add people</Trans>
          </Link>
        )}
        <Link href={paths.user.panelDashboard} className={buttonClasses(done ? 'secondary' : 'ghost')}>
          {done ? <Trans>Go to the panel</Trans> : <Trans>Skip for now</Trans>}
        </Link>
      </div>
    </Card>
  );
}
