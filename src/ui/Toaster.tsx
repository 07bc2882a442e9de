import { useLingui } from '@lingui/react/macro';
import { useSyncExternalStore } from 'react';
import { cx } from './cx.ts';
import { CloseIcon } from './icons.tsx';
import { currentToasts, dismissToast, subscribeToasts, type ToastType } from './toast.ts';

const styles: Record<ToastType, string> = {
  info: 'bg-slate-900 text-white',
  success: 'bg-emerald-700 text-white',
  warning: 'bg-amber-500 text-slate-950',
  error: 'bg-red-700 text-white',
};

/** Renders the toasts at the bottom of the screen; screen readers hear each one. */
export function Toaster() {
  const { t } = useLingui();
  const toasts = useSyncExternalStore(subscribeToasts, currentToasts, currentToasts);
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed print:hidden inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 p-4 pb-[max(1rem,env(safe-area-inset-bottom))]"
    >
      {toasts.map((toast) => (
        <div
          key={toast.id}
          role={toast.type === 'error' ? 'alert' : 'status'}
          className={cx(
            'pointer-events-auto flex w-full max-w-md items-center gap-3 rounded-xl px-4 py-3 text-sm shadow-lg',
            styles[toast.type],
          )}
        >
          <p className="min-w-0 flex-1">{toast.message}</p>
          {toast.action && (
            <button
              type="button"
              className="rounded-lg bg-white/15 px-3 py-1.5 font-semibold hover:bg-white/25"
              onClick={() => {
                dismissToast(toast.id);
                toast.action?.onClick();
              }}
            >
              {toast.action.label}
            </button>
          )}
          <button
            type="button"
            className="grid size-8 place-items-center rounded-lg hover:bg-white/15"
            aria-label={t`Dismiss`}
            onClick={() => dismissToast(toast.id)}
          >
            <CloseIcon className="size-4" />
          </button>
        </div>
      ))}
    </div>
  );
}
