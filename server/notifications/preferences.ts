/**
 * A person's notification preferences in a panel (decision 047), kept on the server: the channel
 * chosen per kind (`notification_preferences`), their quiet hours and language
 * (`notification_settings`). Delivery reads them for its recipients in one query per table; the
 * settings screen reads and replaces them whole for the signed-in person only.
 */
import type { NotificationChannel, NotificationPreferencesChange, QuietHours } from '../../src/contract/notificationPreferences.ts';
import type { Queryable } from '../db/Db.ts';
import type { Lang } from '../i18n/messages.ts';

export interface PersonSettings {
  channels: ReadonlyMap<string, NotificationChannel>;
  quietHours: QuietHours | null;
  lang: Lang;
}

const NONE: PersonSettings = { channels: new Map(), quietHours: null, lang: 'fa' };

/** The settings of each of the accounts in the panel (lower-case ids); one without any has none. */
export async function settingsOf(q: Queryable, panelId: string, userIds: readonly string[]): Promise<Map<string, PersonSettings>> {
  const found = new Map<string, PersonSettings>();
  if (!userIds.length) return found;
  const [choices, settings] = await Promise.all([
    q.query<{ user_id: string; kind: string; channel: NotificationChannel }>(
      'SELECT user_id::text AS user_id, kind, channel FROM notification_preferences WHERE panel_id = $1 AND user_id = ANY($2::uuid[])',
      [panelId, userIds],
    ),
    q.query<{ user_id: string; quiet_from: number | null; quiet_to: number | null; lang: string }>(
      'SELECT user_id::text AS user_id, quiet_from, quiet_to, lang FROM notification_settings WHERE panel_id = $1 AND user_id = ANY($2::uuid[])',
      [panelId, userIds],
    ),
  ]);
  for (const userId of userIds) {
    const id = userId.toLowerCase();
    const own = settings.find((s) => s.user_id === id);
    found.set(id, {
      channels: new Map(choices.filter((c) => c.user_id === id).map((c) => [c.kind, c.channel])),
      quietHours: own && own.quiet_from !== null && own.quiet_to !== null ? { from: own.quiet_from, to: own.quiet_to } : null,
      lang: own?.lang === 'en' ? 'en' : 'fa',
    });
  }
  return found;
}

/** The settings of one run of deliveries (the reminders' run), read once per person and panel. */
export class PreferenceCache {
  private readonly known = new Map<string, PersonSettings>();

  async of(q: Queryable, panelId: string, userIds: readonly string[]): Promise<Map<string, PersonSettings>> {
    const missing = userIds.filter((u) => !this.known.has(`${panelId}:${u.toLowerCase()}`));
    for (const [userId, settings] of await settingsOf(q, panelId, missing)) this.known.set(`${panelId}:${userId}`, settings);
    return new Map(userIds.map((u) => [u.toLowerCase(), this.known.get(`${panelId}:${u.toLowerCase()}`) ?? NONE]));
  }
}

/** Replaces the person's preferences in the panel with `change` (one transaction, the caller's). */
export async function savePreferences(q: Queryable, panelId: string, userId: string, change: NotificationPreferencesChange): Promise<void> {
  await q.query('DELETE FROM notification_preferences WHERE panel_id = $1 AND user_id = $2', [panelId, userId]);
  const kinds = Object.keys(change.channels);
  if (kinds.length)
    await q.query(
      `INSERT INTO notification_preferences (panel_id, user_id, kind, channel)
       SELECT $1, $2, u.kind, u.channel FROM unnest($3::text[], $4::text[]) AS u(kind, channel)`,
      [panelId, userId, kinds, kinds.map((k) => change.channels[k])],
    );
  await q.query(
    `INSERT INTO notification_settings (panel_id, user_id, quiet_from, quiet_to, lang) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (panel_id, user_id) DO UPDATE SET quiet_from = EXCLUDED.quiet_from, quiet_to = EXCLUDED.quiet_to, lang = EXCLUDED.lang`,
    [panelId, userId, change.quietHours?.from ?? null, change.quietHours?.to ?? null, change.lang],
  );
}
