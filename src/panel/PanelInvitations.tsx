/**
 * The person's open invitations to panels, each with accept and decline (docs/decisions/
 * 007-invitations.md). Until they accept, the panel knows only what its inviter typed and they
 * have no access to it, so it is shown here and never among their panels. `highlight` is the
 * panel code of an invitation link the person opened: that invitation comes first, marked, or a
 * note says it is not open for this account.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useInvitations } from './useInvitations.ts';
import type { PanelInvitation } from '../contract/panels.ts';
import { describeError } from '../i18n/describeError.ts';
import { formatDate } from '../i18n/format.ts';
import { Alert } from '../ui/Alert.tsx';
import { Button } from '../ui/Button.tsx';
import { SectionCard } from '../ui/Card.tsx';
import { cx } from '../ui/cx.ts';
import { PanelIconGlyph } from '../ui/panelIcons.tsx';

export function PanelInvitations({ onJoined, highlight = null }: { onJoined: () => void; highlight?: string | null }) {
  const { t } = useLingui();
  const { state, answer } = useInvitations(onJoined);
  if (state.status !== 'ready') return null;
  const wanted = highlight?.toUpperCase() ?? null;
  const invitations = [...state.data].sort((a, b) => Number(b.code === wanted) - Number(a.code === wanted));
  const linkClosed = wanted !== null && !invitations.some((i) => i.code === wanted);
  if (!invitations.length && !linkClosed) return null;
  return (
    <SectionCard title={t`Invitations to panels`}>
      <div className="mt-4 flex flex-col gap-3">
        {linkClosed && (
          <Alert tone="warning" title={t`This invitation is not open for your account`}>
            <Trans>
              It may have been answered or have lapsed, or it was meant for another account. Ask whoever sent it to invite you again.
            </Trans>
          </Alert>
        )}
        <ul className="flex flex-col gap-3">
          {invitations.map((invitation) => (
            <InvitationCard key={invitation.code} invitation={invitation} highlighted={invitation.code === wanted} answer={answer} />
          ))}
        </ul>
      </div>
    </SectionCard>
  );
}

interface CardProps {
  invitation: PanelInvitation;
  highlighted: boolean;
  answer: (code: string, accept: boolean) => Promise<void>;
}

function InvitationCard({ invitation, highlighted, answer }: CardProps) {
  const { i18n, t } = useLingui();
  const [busy, setBusy] = useState<'accept' | 'decline' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { name, invitedBy } = invitation;
  const role = invitation.roleName ?? '';
  const until = formatDate(invitation.openUntil);
  const respond = async (accept: boolean) => {
    setBusy(accept ? 'accept' : 'decline');
    setFailure(null);
    try {
      await answer(invitation.code, accept);
    } catch (error) {
      setFailure(describeError(i18n, error));
      setBusy(null);
    }
  };
  return (
    <li
      className={cx(
        'flex flex-wrap items-start gap-4 rounded-xl p-4 ring-1',
        highlighted ? 'bg-brand-50 ring-2 ring-brand-600' : 'ring-slate-200',
      )}
    >
      <span
        aria-hidden="true"
        className="grid size-12 shrink-0 place-items-center rounded-2xl bg-white text-brand-700 ring-1 ring-brand-100"
      >
        <PanelIconGlyph icon={invitation.icon} className="size-7" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-slate-900">{name}</p>
        <p className="mt-1 text-sm text-slate-700">
          {role ? (
            <Trans>
              {invitedBy} invites you to join as {role}.
            </Trans>
          ) : (
            <Trans>{invitedBy} invites you to join.</Trans>
          )}
        </p>
        <p className="mt-1 text-xs text-slate-500">
          <Trans>Open until {until}. Until you accept, the panel sees only what its inviter typed.</Trans>
        </p>
        {failure && (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {failure}
          </p>
        )}
      </div>
      <div className="flex gap-2">
        <Button
          size="sm"
          loading={busy === 'accept'}
          disabled={busy !== null}
          onClick={() => void respond(true)}
          aria-label={t`Accept the invitation to ${name}`}
        >
          <Trans>Accept</Trans>
        </Button>
        <Button
          size="sm"
          variant="secondary"
          loading={busy === 'decline'}
          disabled={busy !== null}
          onClick={() => void respond(false)}
          aria-label={t`Decline the invitation to ${name}`}
        >
          <Trans>Decline</Trans>
        </Button>
      </div>
    </li>
  );
}
