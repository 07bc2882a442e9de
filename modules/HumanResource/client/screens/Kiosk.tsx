/**
 * The kiosk page (hr-attendance.md, kiosk devices), full screen without the app's frame: the
 * place and a large clock (Tehran time, Jalali date in fa), and the kiosk terminal. A tablet not
 * yet a kiosk shows the panel's kiosks to start kiosk mode on; an account that may not run a
 * kiosk is told what its role lacks; a blocked kiosk says so.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { permission } from '../../../../src/contract/entity.ts';
import { readSession } from '../../../../src/session/session.ts';
import { seesAllOf, useCanAccess } from '../../../../src/storage/access.ts';
import { useCurrentPanel } from '../../../../src/storage/currentPanel.ts';
import type { LocalRow } from '../../../../src/storage/localRecords.ts';
import { usePanelData } from '../../../../src/storage/panelData.ts';
import { useTableRows } from '../../../../src/storage/tableRows.ts';
import { Alert } from '../../../../src/ui/Alert.tsx';
import { buttonClasses } from '../../../../src/ui/Button.tsx';
import { OfflineIcon } from '../../../../src/ui/icons.tsx';
import { Spinner } from '../../../../src/ui/Spinner.tsx';
import { useDocumentTitle } from '../../../../src/ui/useDocumentTitle.ts';
import { useOnline } from '../../../../src/ui/useOnline.ts';
import { Device, Personnel, Place } from '../../entities/masterData.ts';
import { Punch } from '../../entities/punch.ts';
import { forgetKioskDevice, kioskDeviceOf } from '../kioskTablet.ts';
import { KioskExit } from '../parts/KioskExit.tsx';
import { KioskTerminal } from '../parts/KioskTerminal.tsx';
import { StartKioskButton } from '../parts/StartKiosk.tsx';
import { hr } from '../paths.ts';
import { learnOffset, type ClockOffset } from '../serverClock.ts';
import { formatClock, formatLongDate } from '../timeText.ts';
import { useNow } from '../../../../src/ui/useNow.ts';

/** The server's offset is learnt again this often while online. */
const RELEARN_MS = 10 * 60_000;

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
  const panel = usePanelData();
  const current = useCurrentPanel();
  const can = useCanAccess();
  const online = useOnline();
  const panelCode = readSession().panelCode;
  const [deviceId, setDeviceId] = useState(() => kioskDeviceOf(panelCode));
  const [offset, setOffset] = useState<ClockOffset | null>(null);
  const [personnel, punches, devices, places] = useTableRows(panel?.db, [Personnel, Punch, Device, Place]);
  useDocumentTitle(t`Kiosk`);

  useEffect(() => {
    if (!online) return;
    void learnOffset().then(setOffset);
    const timer = setInterval(() => void learnOffset().then(setOffset), RELEARN_MS);
    return () => clearInterval(timer);
  }, [online]);

  if (!personnel || !punches || !devices || !places) {
    return (
      <Frame title={t`Kiosk`}>
        <div className="grid place-items-center py-10">
          <Spinner className="size-10" />
        </div>
      </Frame>
    );
  }

  const device = devices.find((d) => d.id === deviceId && !d.deleted && d.kind === 'kiosk');
  if (!device) return <KioskSetup kiosks={devices.filter((d) => d.kind === 'kiosk' && !d.deleted)} places={places} onStarted={setDeviceId} />;

  const place = places.find((p) => p.id === device.placeId);
  const exit = (
    <KioskExit
      deviceName={String(device.name)}
      onExit={() => {
        if (panelCode) forgetKioskDevice(panelCode);
        setDeviceId(null);
        if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
        navigate(hr.devices);
      }}
    />
  );
  const mayRun = can(permission(Punch, 'create')) && current.status === 'ready' && seesAllOf(current.panel, Personnel) && seesAllOf(current.panel, Punch);
  return (
    <Frame title={place ? String(place.name) : String(device.name)} subtitle={place ? String(device.name) : undefined} end={exit}>
      {!mayRun ? (
        <Alert tone="warning" title={t`This account cannot run a kiosk`}>
          {t`Its role needs to see every employee and everyone’s punches, to run a kiosk, and to add punches. Ask the panel’s owner to give these to the kiosk’s account.`}
        </Alert>
      ) : device.active === false ? (
        <Alert tone="error" title={t`This kiosk is blocked`}>
          {t`A manager has blocked this device; punches from it are refused. Ask a manager to make it active again.`}
        </Alert>
      ) : (
        <KioskTerminal device={device} personnel={personnel} punches={punches} offset={offset} />
      )}
    </Frame>
  );
}

function KioskSetup({ kiosks, places, onStarted }: { kiosks: readonly LocalRow[]; places: readonly LocalRow[]; onStarted: (deviceId: string) => void }) {
  const { t } = useLingui();
  const placeName = (row: LocalRow) => String(places.find((p) => p.id === row.placeId)?.name ?? '');
  return (
    <Frame title={t`Kiosk`}>
      <section className="flex flex-col gap-4 rounded-3xl bg-white p-5 text-slate-900 shadow-xl sm:p-6">
        <h2 className="text-xl font-semibold">
          <Trans>This device is not a kiosk yet</Trans>
        </h2>
        <p className="text-slate-700">
          <Trans>Choose which kiosk this tablet is. People then clock in here with their personnel code and PIN, or their badge, even offline.</Trans>
        </p>
        {kiosks.length === 0 ? (
          <Alert tone="info">{t`No kiosk is registered yet. Add a device of the kind “Kiosk tablet” first.`}</Alert>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-2xl ring-1 ring-slate-200">
            {kiosks.map((kiosk) => (
              <li key={kiosk.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
                <div>
                  <p className="font-semibold">{String(kiosk.name)}</p>
                  <p className="text-sm text-slate-600">{placeName(kiosk)}</p>
                </div>
                {kiosk.active === false ? <span className="text-sm text-red-700">{t`Blocked`}</span> : <StartKioskButton device={kiosk} onStarted={onStarted} />}
              </li>
            ))}
          </ul>
        )}
        <Link href={hr.devices} className={buttonClasses('ghost', 'md')}>
          <Trans>Back to devices</Trans>
        </Link>
      </section>
    </Frame>
  );
}
