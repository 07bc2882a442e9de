/**
 * Leaving kiosk mode. Not the account's password: checking it needs the server, and a kiosk must
 * keep working (and be leavable) offline; the account's session is already on the tablet anyway.
 * Instead the button must be held for three seconds and the choice confirmed, which nobody does
 * by passing by. Pinning the browser with the tablet's own screen pinning keeps the rest out.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../../src/ui/ConfirmDialog.tsx';
import { LogoutIcon } from '../../../../src/ui/icons.tsx';

const HOLD_MS = 3000;

export function KioskExit({ deviceName, onExit }: { deviceName: string; onExit: () => void }) {
  const { t } = useLingui();
  const [holding, setHolding] = useState(false);
  const [asking, setAsking] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  function start() {
    if (holding) return;
    setHolding(true);
    timer.current = setTimeout(() => {
      setHolding(false);
      setAsking(true);
    }, HOLD_MS);
  }
  function stop() {
    clearTimeout(timer.current);
    setHolding(false);
  }

  return (
    <>
      <button
        type="button"
        onPointerDown={start}
        onPointerUp={stop}
        onPointerLeave={stop}
        onPointerCancel={stop}
        onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && !e.repeat && start()}
        onKeyUp={stop}
        onContextMenu={(e) => e.preventDefault()}
        className="relative flex items-center gap-2 overflow-hidden rounded-xl px-3 py-2 text-sm text-white/80 ring-1 ring-white/30 select-none hover:text-white"
      >
        <span aria-hidden="true" className={`absolute inset-y-0 inset-s-0 bg-white/25 ${holding ? 'w-full transition-[width] duration-[3000ms] ease-linear' : 'w-0'}`} />
        <LogoutIcon className="relative size-4" />
        <span className="relative">{holding ? t`Keep holding…` : t`Hold to leave kiosk mode`}</span>
      </button>
      <ConfirmDialog
        open={asking}
        tone="danger"
        title={t`Leave kiosk mode?`}
        confirmLabel={t`Leave kiosk mode`}
        cancelLabel={t`Stay in kiosk mode`}
        onConfirm={onExit}
        onCancel={() => setAsking(false)}
      >
        <p>{t`This tablet stops being the kiosk “${deviceName}”: nobody can clock in here until a manager starts kiosk mode again.`}</p>
      </ConfirmDialog>
    </>
  );
}
