/**
 * The clock-in card (hr-attendance.md): one big button, in or out by the person's last punch,
 * their place and distance, and today's punches. The position comes from the Geolocation API;
 * outside every allowed place (when the fence applies) the phone refuses and names the distance;
 * a rough position is kept and flagged. Offline the punch is queued like any write, its time the
 * device clock corrected by the server's offset learned at the last contact.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useState } from 'react';
import { describeError } from '@/i18n/describeError.ts';
import { formatNumber } from '@/i18n/format.ts';
import { Alert, Button, type LocalRow, SectionCard, useOnline, usePanelData } from '@/moduleKit.ts';
import { Punch } from '../../entities/punch.ts';
import { tehranDay } from '../../rules/attendanceDay.ts';
import { fenceVerdict, fencesOf, type FenceVerdict } from '../../rules/punchCheck.ts';
import { nextDirection } from '../kioskCheck.ts';
import { knownOffset, learnOffset, serverNow, type ClockOffset } from '../serverClock.ts';
import { formatClock } from '../timeText.ts';

type Outcome =
  | { kind: 'idle' }
  | { kind: 'locating' }
  | { kind: 'denied' }
  | { kind: 'noPosition' }
  | { kind: 'noPlace' }
  | { kind: 'outside'; verdict: FenceVerdict }
  | {
      kind: 'saved';
      direction: 'in' | 'out';
      at: string;
      verdict: FenceVerdict;
      accuracy: number;
      offline: boolean;
      offlineAccepted: boolean;
    }
  | { kind: 'failed'; message: string };

function position(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) =>
    navigator.geolocation.getCurrentPosition(resolve, reject, { enableHighAccuracy: true, timeout: 20_000, maximumAge: 0 }),
  );
}

export function ClockCard({
  me,
  rule,
  places,
  punches,
}: {
  me: LocalRow;
  rule: LocalRow | null;
  places: readonly LocalRow[];
  punches: readonly LocalRow[];
}) {
  const { t, i18n } = useLingui();
  const panel = usePanelData();
  const online = useOnline();
  // The offset known from the last contact until the server answers again: a punch made before then is corrected too.
  const [offset, setOffset] = useState<ClockOffset | null>(knownOffset);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  useEffect(() => {
    if (online) void learnOffset().then(setOffset);
  }, [online]);

  const today = tehranDay(serverNow(offset));
  const mine = useMemo(
    () =>
      punches
        .filter((p) => p.personnelId === me.id && !p.deleted && p.status !== 'void')
        .sort((a, b) => String(a.at).localeCompare(String(b.at))),
    [punches, me.id],
  );
  const todays = mine.filter((p) => tehranDay(new Date(String(p.at))) === today);
  const next = nextDirection(punches, me.id);
  const methods = Array.isArray(me.methods) ? (me.methods as string[]) : [];
  const phoneAllowed = methods.includes('phoneFence') || methods.includes('phoneAnywhere');
  const otherWays = methods.filter((m) => m === 'kiosk' || m === 'reader');

  async function clock() {
    if (!panel) return;
    if (!('geolocation' in navigator)) return setOutcome({ kind: 'noPosition' });
    setOutcome({ kind: 'locating' });
    let fix: GeolocationPosition;
    try {
      fix = await position();
    } catch (error) {
      return setOutcome({ kind: (error as GeolocationPositionError).code === 1 ? 'denied' : 'noPosition' });
    }
    const at = { latitude: fix.coords.latitude, longitude: fix.coords.longitude, accuracy: fix.coords.accuracy };
    const verdict = fenceVerdict(me, rule, places, at);
    if (verdict.outside && !fencesOf(me, places).length) return setOutcome({ kind: 'noPlace' });
    if (verdict.outside) return setOutcome({ kind: 'outside', verdict });
    const when = new Date(serverNow(offset)).toISOString();
    try {
      await panel.data.create(Punch, {
        personnelId: me.id,
        memberId: me.memberId ?? null,
        at: when,
        deviceAt: new Date().toISOString(),
        direction: next,
        latitude: at.latitude.toFixed(6),
        longitude: at.longitude.toFixed(6),
        accuracy: Math.round(at.accuracy),
        source: 'phone',
      });
      setOutcome({
        kind: 'saved',
        direction: next,
        at: when,
        verdict,
        accuracy: Math.round(at.accuracy),
        offline: !navigator.onLine,
        offlineAccepted: me.offlineAccepted === true,
      });
    } catch (error) {
      setOutcome({ kind: 'failed', message: describeError(i18n, error) });
    }
  }

  const name = String(me.name);
  return (
    <SectionCard title={t`Clock in and out`}>
      <p className="mb-3 text-sm text-slate-700">
        <Trans>Signed in as {name}.</Trans>
      </p>
      {phoneAllowed ? (
        <Button size="lg" fullWidth loading={outcome.kind === 'locating'} onClick={() => void clock()}>
          {next === 'in' ? t`Clock in` : t`Clock out`}
        </Button>
      ) : (
        <Alert tone="info">{t`Your attendance policy does not allow clocking in from a phone; use the kiosk or the reader at your workplace.`}</Alert>
      )}
      <div className="mt-3" aria-live="polite">
        <OutcomeMessage outcome={outcome} otherWays={otherWays} />
      </div>
      <h3 className="mt-4 text-sm font-semibold text-slate-800">
        <Trans>Today</Trans>
      </h3>
      {todays.length === 0 ? (
        <p className="text-sm text-slate-600">
          <Trans>No punches today yet.</Trans>
        </p>
      ) : (
        <ul className="mt-1 divide-y divide-slate-100" aria-label={t`Today’s punches`}>
          {todays.map((p) => (
            <li key={p.id} className="flex items-center justify-between gap-3 py-2 text-sm">
              <span className="font-medium">{p.direction === 'in' ? t`In` : t`Out`}</span>
              <span className="tabular-nums">{formatClock(String(p.at))}</span>
              <span className="ms-auto text-xs text-slate-600">
                {p._pending > 0 ? t`Waiting to send` : p.status === 'flagged' ? t`To review` : t`Accepted`}
              </span>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

function OutcomeMessage({ outcome, otherWays }: { outcome: Outcome; otherWays: string[] }) {
  const { t } = useLingui();
  const instead = otherWays.length
    ? t`Your policy also allows the kiosk or the reader at your workplace.`
    : t`Ask your manager to record the punch by hand.`;
  switch (outcome.kind) {
    case 'denied':
      return (
        <Alert tone="warning" title={t`Location permission is off`}>
          {t`Allow this site to use your location in the browser’s settings, then try again.`} {instead}
        </Alert>
      );
    case 'noPosition':
      return (
        <Alert tone="warning" title={t`Your position could not be found`}>
          {t`Turn on the phone’s location (GPS) and try again near a window or outdoors.`} {instead}
        </Alert>
      );
    case 'noPlace':
      return <Alert tone="warning">{t`No workplace is set for you yet; ask your manager to add one to your record.`}</Alert>;
    case 'outside': {
      const distance = formatNumber(outcome.verdict.distance ?? 0);
      const place = outcome.verdict.nearest?.name ?? '';
      const radius = formatNumber(outcome.verdict.nearest?.radius ?? 0);
      return (
        <Alert tone="error" title={t`Not clocked: you are outside your workplaces`}>
          {t`You are ${distance} m from ${place}; clocking in is accepted within ${radius} m.`}
        </Alert>
      );
    }
    case 'saved': {
      const time = formatClock(outcome.at);
      const place = outcome.verdict.place?.name ?? '';
      const accuracy = formatNumber(outcome.accuracy);
      return (
        <Alert tone="success" title={outcome.direction === 'in' ? t`Clocked in at ${time}` : t`Clocked out at ${time}`}>
          {place && <p>{t`At ${place}.`}</p>}
          {outcome.verdict.poorAccuracy && (
            <p>{t`Your position is rough (±${accuracy} m): the punch is kept and flagged for your manager.`}</p>
          )}
          {outcome.offline && <p>{t`Saved on this phone; it will be sent when the phone is online.`}</p>}
          {outcome.offline && !outcome.offlineAccepted && (
            <p>{t`Your policy does not accept punches made offline: your manager will review this one.`}</p>
          )}
        </Alert>
      );
    }
    case 'failed':
      return <Alert tone="error">{outcome.message}</Alert>;
    default:
      return null;
  }
}
