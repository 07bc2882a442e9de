/**
 * The kiosk page (hr-attendance.md, kiosk devices; decision 021), full screen, opened with no one
 * signed in: the tablet holds only its kiosk Device's credential. The place and a large clock
 * (Tehran time, Jalali date in fa), and the kiosk terminal. Names and codes come from the server
 * and are kept for offline use; punches made offline wait on the tablet with their proof and are
 * sent, and checked, when it is online again. A revoked kiosk says so; leaving needs a manager.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { formatNumber } from '@/i18n/format.ts';
import { Alert, buttonClasses, OfflineIcon, useDocumentTitle, useNow, useOnline } from '@/moduleKit.ts';
import type { KioskRoster } from '../../rules/kioskEndpoint.ts';
import { fetchRoster, isRevoked, kioskClock, sendQueued } from '../kioskApi.ts';
import { forgetKiosk, queuedPunches, savedKiosk, savedRoster, saveRoster, type KioskState } from '../kioskTablet.ts';
import { KioskExit } from '../parts/KioskExit.tsx';
import { KioskTerminal } from '../parts/KioskTerminal.tsx';
import { hr } from '../paths.ts';
import { learnOffset, type ClockOffset } from '../serverClock.ts';
import { formatClock, formatLongDate } from '../timeText.ts';

/** The names, the clock and the queue are looked at again this often while online. */
const REFRESH_MS = 60_000;

function Frame({ title, subtitle, end, children }: { title: string; subtitle?: string; end?: ReactNode; children: ReactNode }) {
  const now = useNow(1000);
  const online = useOnline();
  const { t } = useLingui();
  return (
    <div className="min-h-dvh bg-gradient-to-b from-brand-900 to-slate-900 px-4 py-5 text-white sm:px-8">
      <div className="mx-auto flex max-w-5xl flex-col gap-6">
        <header className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
            {subtitle && <p className="text-white/75">{subtitle}</p>}
          </div>
          <div className="flex items-center gap-3">
            {!online && (
              <span className="flex items-center gap-1.5 rounded-full bg-amber-400/20 px-3 py-1 text-sm text-amber-100">
                <OfflineIcon className="size-4" />
                {t`Offline: punches wait on this tablet`}
              </span>
            )}
            {end}
          </div>
        </header>
        <div className="text-center">
          <p className="text-7xl font-bold tabular-nums sm:text-8xl" dir="ltr">
            {formatClock(now)}
          </p>
          <p className="mt-2 text-xl text-white/85">{formatLongDate(now)}</p>
        </div>
        {children}
      </div>
    </div>
  );
}

export function Kiosk() {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const [kiosk, setKiosk] = useState<KioskState | null>(savedKiosk);
  useDocumentTitle(t`Kiosk`);
  if (!kiosk) {
    return (
      <Frame title={t`Kiosk`}>
        <section className="flex flex-col gap-4 rounded-3xl bg-white p-5 text-slate-900 shadow-xl sm:p-6">
          <h2 className="text-xl font-semibold">
            <Trans>This device is not a kiosk yet</Trans>
          </h2>
          <p className="text-slate-700">
            <Trans>
              A manager starts kiosk mode from the panel’s devices, on this tablet. People then clock in here with their personnel code and
              PIN, or their badge, even offline.
            </Trans>
          </p>
          <Link href={hr.devices} className={buttonClasses('primary', 'md')}>
            <Trans>Go to devices</Trans>
          </Link>
        </section>
      </Frame>
    );
  }
  const left = () => {
    forgetKiosk();
    setKiosk(null);
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
    navigate(hr.devices);
  };
  return <RunningKiosk kiosk={kiosk} onLeft={left} />;
}

function RunningKiosk({ kiosk, onLeft }: { kiosk: KioskState; onLeft: () => void }) {
  const { t } = useLingui();
  const online = useOnline();
  const [roster, setRoster] = useState<KioskRoster | null>(savedRoster);
  const [offset, setOffset] = useState<ClockOffset | null>(null);
  const [revoked, setRevoked] = useState(false);
  const [waiting, setWaiting] = useState(() => queuedPunches().length);

  const refresh = useCallback(async () => {
    try {
      const fresh = await fetchRoster(kiosk.credential);
      saveRoster(fresh);
      setRoster(fresh);
      setRevoked(false);
      setOffset(await learnOffset(() => kioskClock(kiosk.credential)));
      await sendQueued(kiosk.credential);
    } catch (error) {
      if (isRevoked(error)) setRevoked(true);
    }
    setWaiting(queuedPunches().length);
  }, [kiosk.credential]);

  useEffect(() => {
    if (!online) return;
    const first = setTimeout(() => void refresh(), 0);
    const timer = setInterval(() => void refresh(), REFRESH_MS);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [online, refresh]);

  const title = roster?.device.place || kiosk.deviceName;
  const waitingCount = formatNumber(waiting);
  const exit = <KioskExit kiosk={kiosk} onLeft={onLeft} />;
  return (
    <Frame title={title} subtitle={roster?.device.place ? kiosk.deviceName : undefined} end={exit}>
      {revoked ? (
        <Alert tone="error" title={t`This kiosk is blocked`}>
          {t`A manager has blocked this device or ended its kiosk mode; punches from it are refused. Ask a manager to start kiosk mode again.`}
        </Alert>
      ) : !roster ? (
        <Alert tone="warning" title={t`This kiosk has not reached the server yet`}>
          {t`Connect the tablet to the internet once, so it learns who works here.`}
        </Alert>
      ) : (
        <KioskTerminal kiosk={kiosk} people={roster.people} offset={offset} onQueued={() => setWaiting(queuedPunches().length)} />
      )}
      {waiting > 0 && <p className="text-center text-white/80">{t`Punches waiting on this tablet: ${waitingCount}`}</p>}
    </Frame>
  );
}
