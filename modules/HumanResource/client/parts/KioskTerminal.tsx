/**
 * The kiosk at work (hr-attendance.md, kiosk devices; decision 021): a person types their
 * personnel code and PIN on the keypad (or a keyboard), or shows their badge to a handheld scanner
 * (which types it into the focused field) or to the camera; then their name and In or Out. The
 * punch goes to the server with the PIN or badge, which the server checks: online the person
 * learns at once whether it was accepted; offline it waits on the tablet and is checked when
 * sent. A punch whose PIN is wrong is kept for a manager's review, never silently accepted. The
 * tablet holds no PIN or badge verifier.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { toAsciiDigits } from '@/contract/normalize.ts';
import { describeError } from '@/i18n/describeError.ts';
import { localDigits } from '@/i18n/format.ts';
import { Alert, BarcodeScanner, Button, CheckIcon, type Tone } from '@/moduleKit.ts';
import type { KioskPunchBody, KioskRoster } from '../../rules/kioskEndpoint.ts';
import { parseBadge } from '../../rules/kioskSecret.ts';
import { isRevoked, sendPunch } from '../kioskApi.ts';
import { personByCode } from '../kioskCheck.ts';
import { queuedPunches, savePunchQueue, type KioskState } from '../kioskTablet.ts';
import { serverNow, type ClockOffset } from '../serverClock.ts';
import { formatClock } from '../timeText.ts';
import { KioskKeypad } from './KioskKeypad.tsx';

type Direction = 'in' | 'out';
type Person = KioskRoster['people'][number];
type Proof = { pin: string } | { badge: string };
type Outcome = 'accepted' | 'unverified' | 'queued';
type Step =
  | { kind: 'code' }
  | { kind: 'pin'; person: Person }
  | { kind: 'ready'; person: Person; proof: Proof }
  | { kind: 'done'; person: Person; direction: Direction; at: string; outcome: Outcome };

/** How long a half-finished entry waits before the kiosk goes back to the start. */
const IDLE_MS = 30_000;
const CONFIRMATION_MS = 5000;
const QR_ONLY = ['qr_code'] as const;

export interface KioskTerminalProps {
  kiosk: KioskState;
  people: KioskRoster['people'];
  offset: ClockOffset | null;
  onQueued: () => void;
}

export function KioskTerminal({ kiosk, people, offset, onQueued }: KioskTerminalProps) {
  const { t, i18n } = useLingui();
  const [step, setStep] = useState<Step>({ kind: 'code' });
  const [entry, setEntry] = useState('');
  const [notice, setNotice] = useState<{ tone: Tone; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [camera, setCamera] = useState(false);
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

  function badge(scanned: string) {
    const scan = parseBadge(scanned);
    const person = scan && personByCode(people, scan.code);
    setEntry('');
    if (!person)
      return setNotice({
        tone: 'error',
        text: t`This badge is not valid any more. Ask your manager for a new one, or type your code and PIN.`,
      });
    setNotice(null);
    setStep({ kind: 'ready', person, proof: { badge: scanned.trim() } });
  }

  function code() {
    if (parseBadge(entry)) return badge(entry);
    const typed = localDigits(entry.trim());
    if (!typed) return;
    const person = personByCode(people, entry);
    setEntry('');
    if (!person) return setNotice({ tone: 'error', text: t`No one here has the personnel code ${typed}.` });
    setNotice(null);
    setStep({ kind: 'pin', person });
  }

  function submit(event?: FormEvent) {
    event?.preventDefault();
    setTouched((n) => n + 1);
    if (busy) return;
    if (step.kind === 'code') code();
    else if (step.kind === 'pin' && entry) {
      setStep({ kind: 'ready', person: step.person, proof: { pin: entry } });
      setEntry('');
    }
  }

  function queue(punch: KioskPunchBody) {
    savePunchQueue([...queuedPunches(), punch]);
    onQueued();
  }

  async function record(person: Person, proof: Proof, direction: Direction) {
    if (busy) return;
    setBusy(true);
    const at = new Date(serverNow(offset)).toISOString();
    const punch: KioskPunchBody = {
      id: crypto.randomUUID(),
      code: person.code,
      direction,
      at,
      deviceAt: new Date().toISOString(),
      ...proof,
    };
    try {
      if (!navigator.onLine) {
        queue(punch);
        return setStep({ kind: 'done', person, direction, at, outcome: 'queued' });
      }
      const answer = await sendPunch(kiosk.credential, punch);
      setStep({ kind: 'done', person, direction, at, outcome: answer.verified ? 'accepted' : 'unverified' });
    } catch (error) {
      if (!isRevoked(error) && (error as { kind?: string }).kind === 'network') {
        queue(punch);
        return setStep({ kind: 'done', person, direction, at, outcome: 'queued' });
      }
      setNotice({ tone: 'error', text: describeError(i18n, error) });
      restart();
    } finally {
      setBusy(false);
    }
  }

  if (step.kind === 'ready' || step.kind === 'done') {
    const name = step.person.name;
    const time = step.kind === 'done' ? formatClock(step.at) : '';
    return (
      <section
        aria-live="polite"
        className="flex flex-col items-center gap-6 rounded-3xl bg-white p-6 text-center text-slate-900 shadow-xl sm:p-10"
      >
        <h2 className="text-3xl font-bold">{name}</h2>
        {step.kind === 'ready' ? (
          <>
            <div className="grid w-full max-w-xl grid-cols-2 gap-4">
              {(['in', 'out'] as const).map((direction) => (
                <button
                  key={direction}
                  type="button"
                  disabled={busy}
                  onClick={() => void record(step.person, step.proof, direction)}
                  className={`h-40 rounded-3xl text-5xl font-bold text-white shadow-lg active:scale-95 ${direction === 'in' ? 'bg-emerald-600 hover:bg-emerald-700' : 'bg-amber-600 hover:bg-amber-700'}`}
                >
                  {direction === 'in' ? t`In` : t`Out`}
                </button>
              ))}
            </div>
            <Button variant="secondary" size="lg" onClick={restart}>
              <Trans>Not me</Trans>
            </Button>
          </>
        ) : step.outcome === 'unverified' ? (
          <div
            role="status"
            className="flex w-full max-w-lg flex-col items-center gap-3 rounded-3xl bg-amber-50 p-6 text-amber-900 ring-1 ring-amber-200"
          >
            <p className="text-3xl font-bold">{t`The PIN or badge was not accepted`}</p>
            <p className="text-lg">{t`The punch is kept, but your manager will review it. Check your PIN next time, or ask your manager for a new one.`}</p>
          </div>
        ) : (
          <div
            role="status"
            className="flex w-full max-w-lg flex-col items-center gap-3 rounded-3xl bg-emerald-50 p-6 text-emerald-900 ring-1 ring-emerald-200"
          >
            <CheckIcon className="size-16 rounded-full bg-emerald-600 p-3 text-white" />
            <p className="text-3xl font-bold">{step.direction === 'in' ? t`Clocked in at ${time}` : t`Clocked out at ${time}`}</p>
            {step.outcome === 'queued' && (
              <p className="text-lg">{t`Saved on this tablet; it will be sent, and the PIN checked, when the tablet is online.`}</p>
            )}
          </div>
        )}
      </section>
    );
  }

  const pinStep = step.kind === 'pin';
  const person = pinStep ? step.person.name : '';
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
        <BarcodeScanner on={camera} onToggle={setCamera} formats={QR_ONLY} onScan={badge} />
      </section>
    </div>
  );
}
