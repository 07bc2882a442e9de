/**
 * Notification preferences (decision 047): how each kind of notification reaches a person beyond
 * the inbox, which always holds it (nothing more, a push to their devices, or an SMS to their
 * verified mobile for the kinds a module declares worth one), and their quiet hours, in which
 * nothing is pushed or texted: what would have been is sent when they end. The quiet-hours rule
 * is pure, so the settings screen and the server read the same clock the same way.
 */
import type { Label } from './fields.ts';

export const notificationChannels = ['inbox', 'push', 'sms'] as const;
export type NotificationChannel = (typeof notificationChannels)[number];

/** The panels' zone (every panel's calendar is Tehran's today: reminders, activity, quiet hours). */
export const PANEL_TIME_ZONE = 'Asia/Tehran';

/** GET/PUT of the signed-in person's preferences in the X-Panel-Code panel. */
export const notificationPreferencesEndpoints = {
  get: { method: 'GET', path: '/api/Notifications/Preferences' },
  save: { method: 'PUT', path: '/api/Notifications/Preferences' },
} as const;

/** A kind the person can receive in the panel, and how it reaches them. */
export interface NotificationKindPreference {
  /** `<Module>/<event>`. */
  kind: string;
  /** What it is about, from its module's catalogue. */
  title: Label;
  /** Whether its module declares it worth an SMS. */
  sms: boolean;
  /** Its module's choice for whoever has not chosen. */
  byDefault: NotificationChannel;
  /** The person's choice, or the default. */
  channel: NotificationChannel;
}

/** Minutes after local midnight, 0–1439. */
export interface QuietHours {
  from: number;
  to: number;
}

export interface NotificationPreferences {
  kinds: NotificationKindPreference[];
  quietHours: QuietHours | null;
  /** Whether the server's SMS sender can text a notification (else SMS is not offered). */
  smsAvailable: boolean;
  /** Whether the person has a verified mobile an SMS could reach. */
  mobileVerified: boolean;
}

/** What the settings send: the choices that differ from nothing in particular, all of them. */
export interface NotificationPreferencesChange {
  channels: Record<string, NotificationChannel>;
  quietHours: QuietHours | null;
  lang: 'fa' | 'en';
}

const clock = new Intl.DateTimeFormat('en-GB', { timeZone: PANEL_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** The minute of the day at `now` in the panel's zone. */
export function minuteOfDay(now: Date): number {
  const [hours, minutes] = clock.format(now).split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

/** Whether `minute` falls in the quiet hours (from included, to not; they may run past midnight). */
export function isQuiet(quiet: QuietHours | null, minute: number): boolean {
  if (!quiet || quiet.from === quiet.to) return false;
  return quiet.from < quiet.to ? minute >= quiet.from && minute < quiet.to : minute >= quiet.from || minute < quiet.to;
}

/** When the quiet hours around `now` end (the next time the panel's clock reads `to`), or null when `now` is not in them. */
export function quietEnds(quiet: QuietHours | null, now: Date): Date | null {
  const minute = minuteOfDay(now);
  if (!quiet || !isQuiet(quiet, minute)) return null;
  const ahead = (quiet.to - minute + 1440) % 1440;
  const end = new Date(now.getTime() + ahead * 60_000);
  end.setUTCSeconds(0, 0);
  return end;
}

/** "HH:MM" → minutes after midnight, or null when it is not a time of day. */
export function parseTimeOfDay(text: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text.trim());
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

export function formatTimeOfDay(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
