/**
 * "Turn on notifications on this phone" (decision 040): the only place that asks the browser's
 * permission, when the person taps it, never at load. Shows nothing where push cannot work (no
 * service worker: a development build, an old browser).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { describeError } from '../../i18n/describeError.ts';
import { pushState, turnOffPush, turnOnPush, type PushState } from '../../pwa/pushNotifications.ts';
import { Button } from '../../ui/Button.tsx';
import { BellIcon } from '../../ui/icons.tsx';
import { showToast } from '../../ui/toast.ts';

export function PushToggle() {
  const { t, i18n } = useLingui();
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    void pushState()
      .catch(() => 'unsupported' as const)
      .then((found) => live && setState(found));
    return () => {
      live = false;
    };
  }, []);
  if (!state || state === 'unsupported') return null;
  async function change(next: () => Promise<PushState>) {
    setBusy(true);
    try {
      setState(await next());
    } catch (error) {
      showToast(describeError(i18n, error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <section
      aria-label={t`Notifications on this phone`}
      className="mb-6 flex flex-wrap items-center gap-3 rounded-2xl bg-white px-4 py-3 ring-1 ring-slate-200"
    >
      <BellIcon aria-hidden="true" className="size-6 shrink-0 text-brand-700" />
      <p className="min-w-0 flex-1 text-sm text-slate-700">
        {state === 'on' && <Trans>Notifications are on for this phone, also when Pishkhan is closed.</Trans>}
        {state === 'off' && <Trans>Get told on this phone when something needs you, also when Pishkhan is closed.</Trans>}
        {state === 'denied' && (
          <Trans>This browser blocks notifications from Pishkhan. Allow them in the site settings to turn them on.</Trans>
        )}
      </p>
      {state === 'off' && (
        <Button size="sm" loading={busy} onClick={() => void change(() => turnOnPush(i18n.locale))}>
          <Trans>Turn on notifications on this phone</Trans>
        </Button>
      )}
      {state === 'on' && (
        <Button size="sm" variant="secondary" loading={busy} onClick={() => void change(turnOffPush)}>
          <Trans>Turn off</Trans>
        </Button>
      )}
    </section>
  );
}
