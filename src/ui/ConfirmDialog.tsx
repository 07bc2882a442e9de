/**
 * A question that needs an answer before anything happens (delete this? log out and lose
 * changes?): a modal dialog with a title, the consequences, and the buttons. Focus starts on the
 * safe choice; Escape and the backdrop cancel.
 */
import type { ReactNode } from 'react';
import { Button, type ButtonVariant } from './Button.tsx';
import { ModalFrame } from './ModalFrame.tsx';

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

export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  tone = 'primary',
  busy,
  onConfirm,
  onCancel,
  extra,
}: ConfirmDialogProps) {
  return (
    <ModalFrame open={open} onClose={() => !busy && onCancel()} title={title} description={children}>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={busy} data-autofocus>
          {cancelLabel}
        </Button>
        {extra}
        <Button variant={tone} onClick={onConfirm} loading={busy}>
          {confirmLabel}
        </Button>
      </div>
    </ModalFrame>
  );
}
