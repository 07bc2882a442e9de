/**
 * The one frame of a modal dialog: a dimmed backdrop, a white panel at the bottom of a phone's
 * screen and centred from `sm` up, and its title. Headless UI gives the focus trap, Escape and a
 * click outside to close (`onClose`; a dialog that is busy ignores it there), and where focus
 * starts: the element marked `data-autofocus`, else the first one that takes focus.
 */
import { Description, Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { FormEvent, ReactNode } from 'react';
import { cx } from './cx.ts';

const widths = { md: 'max-w-md', lg: 'max-w-lg' } as const;

export interface ModalFrameProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** What the dialog is about, under the title; read out with it. */
  description?: ReactNode;
  /** The panel's greatest width (it is the screen's width less a margin below that). */
  size?: keyof typeof widths;
  /** The panel's own layout, e.g. `flex flex-col gap-4`. */
  className?: string;
  /** Makes the panel a form (checked by the dialog itself, not the browser). */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}

export function ModalFrame({ open, onClose, title, description, size = 'md', className, onSubmit, children }: ModalFrameProps) {
  const panel = cx('w-full rounded-card bg-white p-5 shadow-xl ring-1 ring-slate-200 sm:p-6', widths[size], className);
  const content = (
    <>
      <DialogTitle className="text-lg font-bold text-slate-900">{title}</DialogTitle>
      {description && (
        <Description as="div" className="mt-2 space-y-2 text-sm text-slate-700">
          {description}
        </Description>
      )}
      {children}
    </>
  );
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-end justify-center overflow-y-auto p-4 sm:items-center">
        {onSubmit ? (
          <DialogPanel as="form" onSubmit={onSubmit} noValidate className={panel}>
            {content}
          </DialogPanel>
        ) : (
          <DialogPanel className={panel}>{content}</DialogPanel>
        )}
      </div>
    </Dialog>
  );
}
