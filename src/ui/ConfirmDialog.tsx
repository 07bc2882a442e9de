/**
 * A question that needs an answer before anything happens (delete this? log out and lose
 * changes?): a modal dialog with a title, the consequences, and the buttons. Focus starts on the
 * safe choice; Escape and the backdrop cancel.
 */
import { Dialog, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import type { ReactNode } from 'react';
import { Button, type ButtonVariant } from './Button.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  children?: ReactNode;
  confirmLabel: ReactNode;
  cancelLabel: ReactNode;
  tone?: Extract<ButtonVariant, 'primary' | 'danger'>;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** More choices between cancel and confirm. */
  extra?: ReactNode;
}

export function ConfirmDialog({ open, title, children, confirmLabel, cancelLabel, tone = 'primary', busy, onConfirm, onCancel, extra }: ConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={() => !busy && onCancel()} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-end justify-center p-4 sm:items-center">
        <DialogPanel className="w-full max-w-md rounded-card bg-white p-5 shadow-xl ring-1 ring-slate-200 sm:p-6">
          <DialogTitle className="text-lg font-bold text-slate-900">{title}</DialogTitle>
          {children && <Description as="div" className="mt-2 space-y-2 text-sm text-slate-700">{children}</Description>}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onCancel} disabled={busy} data-autofocus>
              {cancelLabel}
            </Button>
            {extra}
            <Button variant={tone} onClick={onConfirm} loading={busy}>
              {confirmLabel}
            </Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
