/**
 * The connection badge: shown while the browser is offline, or while what the screen shows is the
 * last saved copy because the server could not be reached (`lastSeenAt`). Pressing it shows what
 * still works and how old the data is. A live region, always mounted, announces losing and
 * regaining the network to screen readers. It sits on the login page, so it uses no Headless UI
 * (that would put its 90 KB on the shell): a plain disclosure, closed by Escape or a click outside.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { formatDateTime, formatRelative } from '../i18n/format.ts';
import { OfflineIcon } from './icons.tsx';
import { useOnline } from './useOnline.ts';

function useDismiss(open: boolean, close: () => void) {
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && close();
    const onPointer = (event: PointerEvent) => !root.current?.contains(event.target as Node) && close();
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, close]);
  return root;
}

export function OfflineIndicator({ lastSeenAt }: { lastSeenAt?: number }) {
  const { t } = useLingui();
  const online = useOnline();
  const [wasOffline, setWasOffline] = useState(!online);
  if (!online && !wasOffline) setWasOffline(true);
  const [open, setOpen] = useState(false);
  const root = useDismiss(
    open,
    useCallback(() => setOpen(false), []),
  );
  const panelId = useId();

  const announcement = !online
    ? t`You are offline. Pishkhan keeps working with what is saved on this device.`
    : wasOffline
      ? t`You are back online.`
      : '';
  const shown = !online || lastSeenAt !== undefined;
  const label = online ? t`Server unreachable` : t`Offline`;
  const savedAgo = lastSeenAt === undefined ? '' : formatRelative(lastSeenAt);
  const seenOn = lastSeenAt === undefined ? '' : formatDateTime(lastSeenAt);

  return (
    <>
      <span role="status" className="sr-only">
        {announcement}
      </span>
      {shown && (
        <div ref={root} className="relative">
          <button
            type="button"
            className="inline-flex h-11 min-w-11 items-center justify-center gap-1.5 rounded-full bg-amber-100 px-3 text-sm font-semibold text-amber-900 ring-1 ring-amber-300 hover:bg-amber-200 sm:h-9"
            aria-label={t`${label}: show details`}
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen((was) => !was)}
          >
            <OfflineIcon className="size-4 shrink-0" />
            {/* On a phone the icon alone: with the word, a 360 px header was wider than the screen. */}
            <span className="sr-only sm:not-sr-only">{label}</span>
            {lastSeenAt !== undefined && <span className="hidden font-normal text-amber-800 md:inline">· {t`saved ${savedAgo}`}</span>}
          </button>
          <div
            id={panelId}
            hidden={!open}
            className="fixed inset-x-3 top-18 z-40 rounded-xl bg-white p-4 text-sm text-slate-700 shadow-lg ring-1 ring-slate-200 sm:absolute sm:inset-x-auto sm:inset-e-0 sm:top-full sm:mt-2 sm:w-72"
          >
            <p className="font-semibold text-slate-900">
              {online ? <Trans>The server cannot be reached</Trans> : <Trans>You are offline</Trans>}
            </p>
            <p className="mt-1.5">
              <Trans>
                Pishkhan keeps working with what is saved on this device. Anything that needs the server says so; try it again once you are
                connected.
              </Trans>
            </p>
            {lastSeenAt !== undefined && (
              <p className="mt-2 text-slate-600">
                <Trans>Your account details are shown as last seen on {seenOn}.</Trans>
              </p>
            )}
          </div>
        </div>
      )}
    </>
  );
}
