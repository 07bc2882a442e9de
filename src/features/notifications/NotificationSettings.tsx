/**
 * How notifications reach the person in this panel (decision 047): for each kind they can receive,
 * inbox only, inbox and push, or inbox and SMS (for the kinds a module declares worth one), and
 * quiet hours in Tehran time in which nothing is pushed or texted: what would have been is sent
 * when they end. Offline, it shows what the device last knew and keeps the edit to send later.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState, type FormEvent } from 'react';
import {
  formatTimeOfDay,
  parseTimeOfDay,
  type NotificationChannel,
  type NotificationKindPreference,
  type NotificationPreferences,
} from '../../contract/notificationPreferences.ts';
import { describeError } from '../../i18n/describeError.ts';
import { localDigits } from '../../i18n/format.ts';
import { readSession } from '../../session/session.ts';
import { loadPreferences, savePreferences, sendPending, shown } from '../../storage/notificationPreferences.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { SectionCard } from '../../ui/Card.tsx';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { showToast } from '../../ui/toast.ts';
import { useOnline } from '../../ui/useOnline.ts';

interface Draft {
  channels: Record<string, NotificationChannel>;
  quiet: boolean;
  from: string;
  to: string;
}

function draftOf(preferences: NotificationPreferences): Draft {
  return {
    channels: Object.fromEntries(preferences.kinds.map((k) => [k.kind, k.channel])),
    quiet: preferences.quietHours !== null,
    from: formatTimeOfDay(preferences.quietHours?.from ?? 22 * 60),
    to: formatTimeOfDay(preferences.quietHours?.to ?? 7 * 60),
  };
}

export function NotificationSettings() {
  const { t, i18n } = useLingui();
  const panelCode = readSession().panelCode ?? '';
  const online = useOnline();
  const [preferences, setPreferences] = useState<NotificationPreferences | null>(null);
  const [waiting, setWaiting] = useState(false);
  const [failed, setFailed] = useState<unknown>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [busy, setBusy] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    loadPreferences(panelCode).then(
      ({ stored }) => {
        if (!live) return;
        setLoaded(true);
        const now = shown(stored);
        setPreferences(now);
        setWaiting(stored.pending !== null);
        if (now) setDraft(draftOf(now));
      },
      (error: unknown) => live && setFailed(error),
    );
    return () => {
      live = false;
    };
  }, [panelCode, attempt]);

  // Back online: the edit kept on this device goes to the server.
  useEffect(() => {
    if (!online || !waiting) return;
    sendPending(panelCode).then(
      (stored) => setWaiting(stored.pending !== null),
      (error: unknown) => {
        setWaiting(false);
        showToast(describeError(i18n, error), { type: 'error' });
      },
    );
  }, [online, waiting, panelCode, i18n]);

  if (failed)
    return (
      <LoadFailed
        error={failed}
        onRetry={() => {
          setFailed(null);
          setAttempt((n) => n + 1);
        }}
      />
    );
  if (!loaded) return <Spinner className="mx-auto mt-16 size-8 text-brand-700" />;
  if (!draft || !preferences) {
    return (
      <Alert tone="warning">
        <Trans>This phone has not seen your notification settings yet. Open them once while online.</Trans>
      </Alert>
    );
  }
  const from = parseTimeOfDay(draft.from);
  const to = parseTimeOfDay(draft.to);
  const quietWrong = draft.quiet && (from === null || to === null || from === to);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (quietWrong || !draft) return;
    setBusy(true);
    try {
      const change = {
        channels: draft.channels,
        quietHours: draft.quiet && from !== null && to !== null ? { from, to } : null,
        lang: i18n.locale === 'en' ? ('en' as const) : ('fa' as const),
      };
      const { stored, saved } = await savePreferences(panelCode, change);
      const now = shown(stored);
      if (now) setPreferences(now);
      setWaiting(!saved);
      showToast(saved ? t`Notification settings saved` : t`Kept on this phone; they will be saved when it is back online`, {
        type: saved ? 'success' : 'info',
      });
    } catch (error) {
      showToast(describeError(i18n, error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-6">
      {waiting && (
        <Alert tone="warning">
          <Trans>Your changes are kept on this phone and will be saved when it is back online.</Trans>
        </Alert>
      )}
      <SectionCard title={<Trans>How each notification reaches you</Trans>}>
        <p className="mt-1 text-sm text-slate-600">
          <Trans>Every notification is kept in your inbox here. Choose what else should tell you.</Trans>
        </p>
        {preferences.kinds.length === 0 ? (
          <p className="mt-4 text-sm text-slate-700">
            <Trans>Nothing in this panel sends you notifications yet.</Trans>
          </p>
        ) : (
          <div className="mt-4 flex flex-col divide-y divide-slate-200">
            {preferences.kinds.map((kind) => (
              <KindChoice
                key={kind.kind}
                kind={kind}
                value={draft.channels[kind.kind] ?? kind.channel}
                smsOffered={kind.sms && preferences.smsAvailable}
                mobileVerified={preferences.mobileVerified}
                onChange={(channel) => setDraft({ ...draft, channels: { ...draft.channels, [kind.kind]: channel } })}
              />
            ))}
          </div>
        )}
      </SectionCard>
      <QuietHoursCard draft={draft} wrong={quietWrong} onChange={setDraft} />
      <div>
        <Button type="submit" loading={busy} disabled={quietWrong}>
          <Trans>Save notification settings</Trans>
        </Button>
      </div>
    </form>
  );
}

function KindChoice({
  kind,
  value,
  smsOffered,
  mobileVerified,
  onChange,
}: {
  kind: NotificationKindPreference;
  value: NotificationChannel;
  smsOffered: boolean;
  mobileVerified: boolean;
  onChange: (channel: NotificationChannel) => void;
}) {
  const { t, i18n } = useLingui();
  const options: { channel: NotificationChannel; label: string }[] = [
    { channel: 'inbox', label: t`Inbox only` },
    { channel: 'push', label: t`Inbox and push` },
    ...(smsOffered ? [{ channel: 'sms' as const, label: t`Inbox and SMS` }] : []),
  ];
  return (
    <fieldset className="flex flex-col gap-2 py-3">
      <legend className="float-start mb-2 w-full font-medium text-slate-900">{i18n._(kind.title.id)}</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {options.map((option) => (
          <label key={option.channel} className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
            <input
              type="radio"
              name={kind.kind}
              className="size-4 accent-brand-700"
              checked={value === option.channel}
              onChange={() => onChange(option.channel)}
            />
            {option.label}
          </label>
        ))}
      </div>
      {value === 'sms' && !mobileVerified && (
        <p className="text-xs text-amber-800">
          <Trans>Your mobile number is not verified, so no SMS can reach you. Verify it in your profile.</Trans>
        </p>
      )}
    </fieldset>
  );
}

function QuietHoursCard({ draft, wrong, onChange }: { draft: Draft; wrong: boolean; onChange: (draft: Draft) => void }) {
  const { t } = useLingui();
  const start = localDigits(draft.from);
  const end = localDigits(draft.to);
  return (
    <SectionCard title={<Trans>Quiet hours</Trans>}>
      <label className="mt-2 flex min-h-11 items-center gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          className="size-4 accent-brand-700"
          checked={draft.quiet}
          onChange={(e) => onChange({ ...draft, quiet: e.target.checked })}
        />
        <Trans>Do not push or text me in these hours</Trans>
      </label>
      {draft.quiet && (
        <div className="mt-2 flex flex-wrap items-end gap-4">
          <label className="flex flex-col gap-1 text-sm text-slate-700">
            {t`From`}
            <input
              type="time"
              dir="ltr"
              required
              value={draft.from}
              onChange={(e) => onChange({ ...draft, from: e.target.value })}
              className="min-h-11 rounded-lg border border-slate-300 px-3 text-slate-900"
            />
          </label>
          <label className="flex flex-col gap-1 text-sm text-slate-700">
            {t`To`}
            <input
              type="time"
              dir="ltr"
              required
              value={draft.to}
              onChange={(e) => onChange({ ...draft, to: e.target.value })}
              className="min-h-11 rounded-lg border border-slate-300 px-3 text-slate-900"
            />
          </label>
        </div>
      )}
      {wrong && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          <Trans>Quiet hours must start and end at different times.</Trans>
        </p>
      )}
      <p className="mt-3 text-sm text-slate-600">
        {draft.quiet ? (
          <Trans>
            Tehran time, {start} to {end}. Your inbox still gets everything; what would have been pushed or texted is sent when the quiet
            hours end.
          </Trans>
        ) : (
          <Trans>Set hours, such as the night, in which nothing is pushed or texted to you.</Trans>
        )}
      </p>
    </SectionCard>
  );
}
