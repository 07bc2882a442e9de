/**
 * People/Access: who is in the panel and with which role. The owner heads the list, protected (the
 * owner is not a member row: nobody can remove them or change their access). People are invited by
 * username or mobile number with a role: the server finds the account when the change syncs, and
 * they join once they accept, in their panel list or through the invitation link shown here.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Member } from '@/contract/entities/panelManagement.ts';
import { invitationPath } from '@/contract/panels.ts';
import { Button, EntityScreen, Ltr, type PanelInUse, ShieldIcon, showToast, WithPanel } from '@/moduleKit.ts';

export function PeopleAccess() {
  const { t } = useLingui();
  return (
    <WithPanel>
      {(panel) => (
        <EntityScreen
          entity={Member}
          description={t`Invite people by their username or mobile number and give each a role. They join when they accept; their access then follows the role.`}
          before={
            <>
              <OwnerCard panel={panel} />
              <InvitationLink code={panel.code} />
            </>
          }
        />
      )}
    </WithPanel>
  );
}

function OwnerCard({ panel }: { panel: PanelInUse }) {
  if (!panel.ownerDisplayName && !panel.ownerUserName) return null;
  return (
    <section
      aria-label={panel.ownerDisplayName ?? ''}
      className="mb-4 flex items-center gap-3 rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200"
    >
      <span className="grid size-10 shrink-0 place-items-center rounded-full bg-amber-100 text-amber-800">
        <ShieldIcon />
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-slate-900">
          {panel.ownerDisplayName}{' '}
          {panel.ownerUserName && (
            <span className="text-sm font-normal text-slate-600">
              (<Ltr>{panel.ownerUserName}</Ltr>)
            </span>
          )}
        </p>
        <p className="text-sm text-amber-900">
          <Trans>Owner: holds every permission. The owner cannot be removed or locked out.</Trans>
        </p>
      </div>
    </section>
  );
}

/** The link an inviter can pass on; it opens the invited person's panel list at this invitation. */
function InvitationLink({ code }: { code: string }) {
  const { t } = useLingui();
  const link = `${location.origin}${invitationPath(code)}`;
  const copy = () =>
    navigator.clipboard.writeText(link).then(
      () => showToast({ message: t`The invitation link is copied.`, type: 'success' }),
      () => showToast(t`The link could not be copied; select it and copy it yourself.`, { type: 'warning' }),
    );
  return (
    <section aria-label={t`Invitation link`} className="mb-4 rounded-xl bg-sky-50 p-4 text-sm ring-1 ring-sky-200">
      <p className="text-sky-950">
        <Trans>People you invite find the invitation in their panel list. You can also send them this link:</Trans>
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <code dir="ltr" className="min-w-0 flex-1 truncate rounded-lg bg-white px-3 py-2 text-xs text-slate-800 ring-1 ring-sky-200">
          {link}
        </code>
        <Button size="sm" variant="secondary" onClick={() => void copy()}>
          <Trans>Copy the link</Trans>
        </Button>
      </div>
    </section>
  );
}
