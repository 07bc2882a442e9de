/**
 * The app-wide toast (spec section 2): each has `show`, `message`, `type` (default info) and
 * `duration` (3000 ms by default; 5000 ms when triggered without a time). A duration of 0 keeps it
 * until it is dismissed or its action is taken (the update prompt uses that).
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

/** Shows a toast and answers its id. At most three stay on screen; the oldest goes first. */
export function showToast(message: string, options: ShowToastOptions = {}): number {
  const id = nextId++;
  const toast: Toast = {
    ...toastDefaults,
    id,
    show: true,
    message,
    type: options.type ?? toastDefaults.type,
    duration: options.duration ?? TOAST_UNTIMED_DURATION_MS,
    ...(options.action ? { action: options.action } : {}),
  };
  toasts = [...toasts, toast].slice(-3);
  if (toast.duration > 0) timers.set(id, setTimeout(() => dismissToast(id), toast.duration));
  emit();
  return id;
}
