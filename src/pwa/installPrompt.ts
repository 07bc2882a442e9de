/**
 * Installing the app. Chromium offers it with `beforeinstallprompt`, which fires once, early, so it
 * is caught from start-up and kept until the person asks (the user menu's "Install app").
 * iOS Safari has no prompt: it gets a hint instead (Share → Add to Home Screen).
 */
import { useSyncExternalStore } from 'react';

interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export type InstallOption = 'prompt' | 'ios-hint' | 'none';

let deferred: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();

function changed(next: BeforeInstallPromptEvent | null): void {
  deferred = next;
  for (const listener of listeners) listener();
}

let listening = false;

/** Starts keeping the browser's install offer (src/pwa/startPwa.ts calls it as the page starts). */
export function listenForInstallPrompt(): void {
  if (listening) return;
  listening = true;
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep Chromium's own mini-infobar away; the person installs from the menu.
    event.preventDefault();
    changed(event as BeforeInstallPromptEvent);
  });
  window.addEventListener('appinstalled', () => changed(null));
}

function isStandalone(): boolean {
  return window.matchMedia?.('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true;
}

/** iPhone and iPad Safari (iPadOS reports itself as a Mac with touch), not yet on the home screen. */
export function isIosSafari(userAgent = navigator.userAgent, touchPoints = navigator.maxTouchPoints): boolean {
  const ios = /iPad|iPhone|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && touchPoints > 1);
  const otherBrowser = /CriOS|FxiOS|EdgiOS|OPiOS/.test(userAgent);
  return ios && !otherBrowser && /Safari/.test(userAgent);
}

function currentOption(): InstallOption {
  if (deferred) return 'prompt';
  if (typeof window === 'undefined' || isStandalone()) return 'none';
  return isIosSafari() ? 'ios-hint' : 'none';
}

/** How this browser can install the app right now. */
export function useInstallOption(): InstallOption {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    currentOption,
    () => 'none' as const,
  );
}

/** Shows the browser's install dialog; the offer is spent either way. */
export async function promptInstall(): Promise<void> {
  const event = deferred;
  if (!event) return;
  changed(null);
  await event.prompt();
  await event.userChoice;
}
