/**
 * People/Access: who is in the panel and with which role. The owner heads the list, protected (the
 * owner is not a member row: nobody can remove them or change their access). People are added by
 * username or mobile number with a role; the server finds the account when the change syncs.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Member } from '../../../contract/entities/panelManagement.ts';
import type { PanelInUse } from '../../../storage/currentPanel.ts';
import { EntityScreen } from '../../../ui/entity/EntityScreen.tsx';
import { ShieldIcon } from '../../../ui/icons.tsx';
import { Ltr } from '../../../ui/Ltr.tsx';
import { WithPanel } from '../WithPanel.tsx';

export function PeopleAccess() {
  const { t } = useLingui();
  return (
    <WithPanel>
      {(panel) => (
        <EntityScreen
          entity={Member}
          description={t`Add people by their username or mobile number and give each a role. Their access follows the role.`}
          before={<OwnerCard panel={panel} />}
        />
      )}
    </WithPanel>
  );
}

function OwnerCard({ panel }: { panel: PanelInUse }) {
  if (!panel.ownerDisplayName && !panel.ownerUserName) return null;
  return (
    <section aria-label={panel.ownerDisplayName ?? ''} className="mb-4 flex items-center gap-3 rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200">
      <span className="grid size-10 shrink-0 place-items-center rounded-full bg-amber-100 text-amber-800">
        <ShieldIcon />
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-slate-900">
          {panel.ownerDisplayName} {panel.ownerUserName && <span className="text-sm font-normal text-slate-600">(<Ltr>{panel.ownerUserName}</Ltr>)</span>}
        </p>
        <p className="text-sm text-amber-900">
          <Trans>Owner: holds every permission. The owner cannot be removed or locked out.</Trans>
        </p>
      </div>
    </section>
  );
}
