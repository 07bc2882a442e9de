/**
 * The kiosk at work (hr-attendance.md, kiosk devices): a person types their personnel code and PIN
 * on the keypad (or a keyboard), or shows their badge to a handheld scanner (which types it into
 * the focused field) or to the camera. Checked on the tablet against the personnel rows synced to
 * it, so it works offline. Then their name and one big In or Out; one tap records the punch
 * (source kiosk, this device, the device clock corrected by the server's offset), which goes
 * through the outbox like any write. Five wrong PINs lock a code here for five minutes.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { toAsciiDigits } from '../../../../src/contract/normalize.ts';
import { describeError } from '../../../../src/i18n/describeError.ts';
import { formatNumber, localDigits } from '../../../../src/i18n/format.ts';
import type { LocalRow } from '../../../../src/storage/localRecords.ts';
import { usePanelData } from '../../../../src/storage/panelData.ts';
import { Alert, type Tone } from '../../../../src/ui/Alert.tsx';
import { BarcodeScanner } from '../../../../src/ui/BarcodeScanner.tsx';
import { Button } from '../../../../src/ui/Button.tsx';
import { CheckIcon } from '../../../../src/ui/icons.tsx';
import { Punch } from '../../entities/punch.ts';
import { afterRightPin, afterWrongPin, lockedFor, triesLeft, type KioskLocks } from '../../rules/kioskLock.ts';
import { parseBadge, verifyBadge, verifyPin, type BadgeScan } from '../../rules/kioskSecret.ts';
import { nextDirection, personByCode } from '../kioskCheck.ts';
import { savedLocks, saveLocks } from '../kioskTablet.ts';
import { serverNow, type ClockOffset } from '../serverClock.ts';
import { formatClock } from '../timeText.ts';
import { KioskKeypad } from './KioskKeypad.tsx';

type Direction = 'in' | 'out';
type Step =
  | { kind: 'code' }
  | { kind: 'pin'; person: LocalRow }
  | { kind: 'ready'; person: LocalRow; direction: Direction }
  | { kind: 'done'; person: LocalRow; direction: Direction; at: string; offline: boolean };

/** How long a half-finished entry waits before the kiosk goes back to the start. */
const IDLE_MS = 30_000;
const CONFIRMATION_MS = 3500;
const QR_ONLY = ['qr_code'] as const;

export interface KioskTerminalProps {
  device: LocalRow;
  personnel: readonly LocalRow[];
  punches: readonly LocalRow[];
  offset: ClockOffset | null;
}

export function KioskTerminal({ device, personnel, punches, offset }: KioskTerminalProps) {
  const { t, i18n } = useLingui();
  const panel = usePanelData();
  const [step, setStep] = useState<Step>({ kind: 'code' });
  const [entry, setEntry] = useState('');
  const [notice, setNotice] = useState<{ tone: Tone; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [camera, setCamera] = useState(false);
  const [locks, setLocks] = useState<KioskLocks>(savedLocks);
  const [touched, setTouched] = useState(0);
  const field = useRef<HTMLInputElement>(null);

  const restart = useCallback(() => {
    setStep({ kind: 'code' });
    setEntry('');
  }, []);

  // Back to the start after a confirmation, or when someone walks away halfway.
  useEffect(() => {
    if (step.kind === 'code') return;
    const timer = setTimeout(restart, step.kind === 'done' ? CONFIRMATION_MS : IDLE_MS);
    return () => clearTimeout(timer);
  }, [step, touched, restart]);
  useEffect(() => {
    if (step.kind === 'code' || step.kind === 'pin') field.current?.focus();
  }, [step]);

  function changeLocks(next: KioskLocks) {
    setLocks(next);
    saveLocks(next);
  }

  function lockedNotice(minutes: number) {
    const wait = formatNumber(minutes);
    return { tone: 'error' as const, text: t`Too many wrong PINs for this code. Try again in ${wait} minutes, or scan your badge.` };
  }

  function ready(person: LocalRow) {
    setNotice(null);
    setEntry('');
    setStep({ kind: 'ready', person, direction: nextDirection(punches, person.id) });
  }

  async function badge(scan: BadgeScan) {
    const person = personByCode(personnel, scan.code);
    if (person && String(person.code).toLowerCase() === scan.code.toLowerCase() && (await verifyBadge(scan, person.badgeHash))) return ready(person);
    setEntry('');
    setNotice({ tone: 'error', text: t`This badge is not valid any more. Ask your manager for a new one, or type your code and PIN.` });
  }

  function code() {
    const scanned = parseBadge(entry);
    if (scanned) return void badge(scanned);
    const person = personByCode(personnel, entry);
    const typed = localDigits(entry.trim());
    if (!typed) return;
    if (!person) {
      setEntry('');
      return setNotice({ tone: 'error', text: t`No one here has the personnel code ${typed}.` });
    }
    const locked = lockedFor(locks, String(person.code), Date.now());
    if (locked) {
      setEntry('');
      return setNotice(lockedNotice(Math.ceil(locked / 60_000)));
    }
    if (typeof person.pinHash !== 'string') {
      setEntry('');
      const name = String(person.name);
      return setNotice({ tone: 'warning', text: t`No kiosk PIN is set for ${name}. Ask your manager to set one, or scan your badge.` });
    }
    setNotice(null);
    setEntry('');
    setStep({ kind: 'pin', person });
  }

  async function pin(person: LocalRow) {
    if (!entry) return;
    setBusy(true);
    const right = await verifyPin(entry, person.pinHash);
    setBusy(false);
    setEntry('');
    const personCode = String(person.code);
    if (right) {
      changeLocks(afterRightPin(locks, personCode));
      return ready(person);
    }
    const next = afterWrongPin(locks, personCode, Date.now());
    changeLocks(next);
    const locked = lockedFor(next, personCode, Date.now());
    if (locked) {
      setStep({ kind: 'code' });
      return setNotice(lockedNotice(Math.ceil(locked / 60_000)));
    }
    const left = formatNumber(triesLeft(next, personCode));
    setNotice({ tone: 'error', text: t`Wrong PIN. Tries left before this code is locked: ${left}.` });
  }

  function submit(event?: FormEvent) {
    event?.preventDefault();
    setTouched((n) => n + 1);
    if (busy) return;
    if (step.kind === 'code') code();
    else if (step.kind === 'pin') void pin(step.person);
  }

  function scannedByCamera(text: string) {
    const scanned = parseBadge(text);
    if (scanned) void badge(scanned);
    else setNotice({ tone: 'error', text: t`This code is not an attendance badge.` });
  }

  async function record(person: LocalRow, direction: Direction) {
    if (!panel || busy) return;
    setBusy(true);
    const at = new Date(serverNow(offset)).toISOString();
    try {
      await panel.data.create(Punch, {
        personnelId: person.id,
        memberId: person.memberId ?? null,
        at,
        deviceAt: new Date().toISOString(),
        direction,
        source: 'kiosk',
        deviceId: device.id,
      });
      setStep({ kind: 'done', person, direction, at, offline: !navigator.onLine });
    } catch (error) {
      setNotice({ tone: 'error', text: describeError(i18n, error) });
      restart();
    } finally {
      setBusy(false);
    }
  }

  if (step.kind === 'ready' || step.kind === 'done') {
    const name = String(step.person.name);
    const time = step.kind === 'done' ? formatClock(step.at) : '';
    const methods = Array.isArray(step.person.methods) ? (step.person.methods as string[]) : [];
    return (
      <section aria-live="polite" className="flex flex-col items-center gap-6 rounded-3xl bg-white p-6 text-center text-slate-900 shadow-xl sm:p-10">
        <h2 className="text-3xl font-bold">{name}</h2>
        {step.kind === 'ready' ? (
          <>
            <button
              type="button"
              autoFocus
              disabled={busy}
              onClick={() => void record(step.person, step.direction)}
              className={`h-40 w-full max-w-sm rounded-3xl text-5xl font-bold text-white shadow-lg active:scale-95 ${step.direction === 'in' ? 'bg-emerald-600 hover:bg-emerald-700' : 'bg-amber-600 hover:bg-amber-700'}`}
            >
              {step.direction === 'in' ? t`In` : t`Out`}
            </button>
            <Button variant="secondary" size="lg" onClick={restart}>
              <Trans>Not me</Trans>
            </Button>
          </>
        ) : (
          <div role="status" className="flex w-full max-w-lg flex-col items-center gap-3 rounded-3xl bg-emerald-50 p-6 text-emerald-900 ring-1 ring-emerald-200">
            <CheckIcon className="size-16 rounded-full bg-emerald-600 p-3 text-white" />
            <p className="text-3xl font-bold">{step.direction === 'in' ? t`Clocked in at ${time}` : t`Clocked out at ${time}`}</p>
            {step.offline && <p className="text-lg">{t`Saved on this tablet; it will be sent when the tablet is online.`}</p>}
            {!methods.includes('kiosk') && <p className="text-lg">{t`Your attendance policy does not include the kiosk: your manager will review this punch.`}</p>}
          </div>
        )}
      </section>
    );
  }

  const pinStep = step.kind === 'pin';
  const person = pinStep ? String(step.person.name) : '';
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,26rem)_minmax(0,1fr)] lg:items-start">
      <form onSubmit={submit} className="flex flex-col gap-4 rounded-3xl bg-white p-5 text-slate-900 shadow-xl sm:p-6">
        <label htmlFor="kiosk-entry" className="text-xl font-semibold">
          {pinStep ? t`${person}, type your PIN` : t`Personnel code, or scan your badge`}
        </label>
        <input
          id="kiosk-entry"
          ref={field}
          // No on-screen keyboard over the keypad; a hardware keyboard or a scanner still types here.
          inputMode="none"
          type={pinStep ? 'password' : 'text'}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          dir="ltr"
          value={pinStep ? entry : localDigits(entry)}
          onChange={(e) => {
            setEntry(toAsciiDigits(e.target.value));
            setTouched((n) => n + 1);
          }}
          className="h-16 w-full rounded-2xl bg-slate-100 px-4 text-center text-3xl tracking-widest ring-1 ring-slate-300 focus:ring-2 focus:ring-brand-600 focus:outline-none"
        />
        <div aria-live="assertive">{notice && <Alert tone={notice.tone}>{notice.text}</Alert>}</div>
        <KioskKeypad
          okLabel={pinStep ? t`Confirm` : t`Next`}
          onDigit={(d) => {
            setEntry((v) => v + d);
            setTouched((n) => n + 1);
          }}
          onBack={() => setEntry((v) => v.slice(0, -1))}
          onOk={() => submit()}
        />
        {pinStep && (
          <Button variant="ghost" size="lg" onClick={restart}>
            <Trans>Cancel</Trans>
          </Button>
        )}
      </form>
      <section className="flex flex-col gap-3 rounded-3xl bg-white/10 p-5 ring-1 ring-white/20">
        <h2 className="text-xl font-semibold">
          <Trans>Badge</Trans>
        </h2>
        <p className="text-white/80">
          <Trans>Hold your badge to the scanner, or to the camera.</Trans>
        </p>
        <BarcodeScanner on={camera} onToggle={setCamera} formats={QR_ONLY} onScan={scannedByCamera} />
      </section>
    </div>
  );
}
