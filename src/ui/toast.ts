/**
 * The app-wide toast (spec section 2): each has `show`, `message`, `type` (default info) and
 * `duration` (default 3000 ms, or 5000 ms when triggered without a time). Read to the letter, the
 * 3000 ms is the default of the toast's own `duration` field and the 5000 ms belongs to the
 * trigger, so there are two ways in, as in the spec's client (decision 025):
 *
 * - `showToast({ message, type?, duration? })` sets the toast's fields; those left out take their
 *   defaults (`toastDefaults`: info, 3000 ms). For a short acknowledgement ("Saved.").
 * - `showToast(message, { type?, duration? })` triggers a toast; without a time it stays 5000 ms.
 *   For anything a person needs time to read: a failure, a sentence with a next step.
 *
 * A duration of 0 keeps it until it is dismissed or its action is taken (the update prompt).
 */
export type ToastType = 'info' | 'success' | 'warning' | 'error';

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface Toast {
  id: number;
  show: boolean;
  message: string;
  type: ToastType;
  duration: number;
  action?: ToastAction;
}

export const TOAST_DEFAULT_DURATION_MS = 3000;
export const TOAST_UNTIMED_DURATION_MS = 5000;

export const toastDefaults: Omit<Toast, 'id'> = { show: false, message: '', type: 'info', duration: TOAST_DEFAULT_DURATION_MS };

type Listener = (toasts: readonly Toast[]) => void;
let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function emit(): void {
  for (const listener of listeners) listener(toasts);
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentToasts(): readonly Toast[] {
  return toasts;
}

export function dismissToast(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

export interface ShowToastOptions {
  type?: ToastType;
  duration?: number;
  action?: ToastAction;
}

/** A toast's own fields, as `showToast` takes them; the ones left out take `toastDefaults`. */
export interface ToastFields extends ShowToastOptions {
  message: string;
}

/**
 * Shows a toast and answers its id. At most three stay on screen; the oldest goes first. Given its
 * fields, a toast without a duration stays 3000 ms; triggered with a message and no time, 5000 ms.
 */
export function showToast(fields: ToastFields): number;
export function showToast(message: string, options?: ShowToastOptions): number;
export function showToast(first: string | ToastFields, second: ShowToastOptions = {}): number {
  const { message, ...options }: ToastFields =
    typeof first === 'string' ? { message: first, ...second, duration: second.duration ?? TOAST_UNTIMED_DURATION_MS } : first;
  const id = nextId++;
  const toast: Toast = {
    ...toastDefaults,
    id,
    show: true,
    message,
    type: options.type ?? toastDefaults.type,
    duration: options.duration ?? toastDefaults.duration,
    ...(options.action ? { action: options.action } : {}),
  };
  toasts = [...toasts, toast].slice(-3);
  if (toast.duration > 0)
    timers.set(
      id,
      setTimeout(() => dismissToast(id), toast.duration),
    );
  emit();
  return id;
}
