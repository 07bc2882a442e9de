import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { CloseIcon } from '../../ui/icons.tsx';

/** A panel sliding in from the end edge for a row's details or form; full width on phones. */
export function EntitySheet({
  open,
  title,
  onClose,
  children,
}: {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <Dialog open={open} onClose={onClose} className="relative z-40">
      <div className="fixed inset-0 bg-slate-900/30" aria-hidden="true" />
      <DialogPanel className="fixed inset-y-0 inset-e-0 flex w-full max-w-xl flex-col bg-white shadow-2xl">
        <div className="flex h-16 shrink-0 items-center justify-between gap-3 border-b border-slate-200 px-4 sm:px-6">
          <DialogTitle className="truncate text-lg font-bold text-slate-900">{title}</DialogTitle>
          <button
            type="button"
            onClick={onClose}
            className="grid size-11 shrink-0 place-items-center rounded-xl hover:bg-slate-100"
            aria-label={t`Close`}
          >
            <CloseIcon />
          </button>
        </div>
        <div className="flex-1 overflow-y-auto p-4 sm:p-6">{children}</div>
      </DialogPanel>
    </Dialog>
  );
}
