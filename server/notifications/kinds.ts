/**
 * Every kind of notification the platform and the modules declare (decision 047), with what the
 * preferences need of it: its title, whether it is worth an SMS, and how it reaches whoever has
 * not chosen. Filled when the modules are registered (server/modules/serverModule.ts).
 */
import { platformNotifications } from '../../src/contract/notifications.ts';
import type { Label } from '../../src/contract/fields.ts';
import type { NotificationChannel } from '../../src/contract/notificationPreferences.ts';

/** Declared beside each notification and reminder. */
export interface KindPreference {
  /** What the settings call it ("A cheque bounced"), from the module's catalogue. */
  title: Label;
  /** Worth an SMS: a person may choose to be texted (the few that deserve it: a cheque bounced, an invitation). */
  sms?: boolean;
  /** How it reaches whoever has not chosen; 'push' when not said. An 'sms' default is 'push' for a kind not worth one. */
  byDefault?: NotificationChannel;
}

export interface NotificationKind {
  kind: string;
  /** The entity whose rows it is about (`<Module>/<Entity>`): a person who may not read them never receives it. */
  entityKey: string;
  title: Label;
  sms: boolean;
  byDefault: NotificationChannel;
}

let kinds: ReadonlyMap<string, NotificationKind> = new Map();

export function kindOf(kind: string, entityKey: string, preference: KindPreference): NotificationKind {
  const sms = preference.sms === true;
  const byDefault = preference.byDefault === 'sms' && !sms ? 'push' : (preference.byDefault ?? 'push');
  return { kind, entityKey, title: preference.title, sms, byDefault };
}

/** The modules' kinds and the platform's own. */
export function registerKinds(list: readonly NotificationKind[]): void {
  const { invitationAccepted } = platformNotifications;
  const platform = kindOf(invitationAccepted.kind, invitationAccepted.entityKey, invitationAccepted.preference);
  kinds = new Map([platform, ...list].map((k) => [k.kind, k]));
}

export function notificationKinds(): readonly NotificationKind[] {
  return [...kinds.values()];
}

export function notificationKind(kind: string): NotificationKind | undefined {
  return kinds.get(kind);
}
