/**
 * Notifications on this device (web push, decision 040). Nothing asks for the browser's permission
 * by itself: only the person's "Turn on notifications on this phone" in the notifications screen
 * does. The subscription is made for the server's VAPID key and told to the server, which ties it
 * to this session (signing out forgets it there; here it is unsubscribed too).
 */
import { pushPublicKey, pushSubscribe, pushUnsubscribe } from '../api/push.ts';

export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The service worker's registration, if one is active (production builds register it, src/pwa/startPwa.ts). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!pushSupported()) return null;
  return (await navigator.serviceWorker.getRegistration('/')) ?? null;
}

export async function pushState(): Promise<PushState> {
  const reg = await registration();
  if (!reg) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const subscription = await reg.pushManager.getSubscription();
  return subscription && Notification.permission === 'granted' ? 'on' : 'off';
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

function sameKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const own = subscription.options.applicationServerKey;
  if (!own) return false;
  const bytes = new Uint8Array(own);
  return bytes.length === key.length && bytes.every((b, i) => b === key[i]);
}

/** Asks the browser's permission (a person's tap calls this), subscribes, and tells the server. */
export async function turnOnPush(lang: string): Promise<PushState> {
  const reg = await registration();
  if (!reg) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
  const key = keyBytes(await pushPublicKey());
  let subscription = await reg.pushManager.getSubscription();
  // Made for another server key (the server's secret changed): it can no longer be reached.
  if (subscription && !sameKey(subscription, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const json = subscription.toJSON();
  await pushSubscribe({ endpoint: subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } }, lang);
  return 'on';
}

/** This device stops receiving them (the server forgets it; the browser's subscription ends). */
export async function turnOffPush(): Promise<PushState> {
  const reg = await registration();
  const subscription = await reg?.pushManager.getSubscription();
  if (subscription) {
    await pushUnsubscribe(subscription.endpoint).catch(() => {});
    await subscription.unsubscribe();
  }
  return reg ? 'off' : 'unsupported';
}

/** On sign-out: the next person on this phone is not sent the last one's notifications (the server forgets it too). */
export async function forgetPushHere(): Promise<void> {
  const reg = await registration().catch(() => null);
  const subscription = await reg?.pushManager.getSubscription().catch(() => null);
  await subscription?.unsubscribe().catch(() => false);
}
