/**
 * Where a notification goes beyond the inbox (decision 047). The inbox row is always written (it
 * is the record); the recipient's preference for its kind — or its module's default — decides
 * whether it is also pushed to their devices or texted to their verified mobile. Inside their
 * quiet hours neither happens at once: the notice waits in `notification_held`, in the same
 * transaction as the inbox row, until they end, and the scheduled run (reminders.ts) takes it with
 * one DELETE … RETURNING, so it is sent once whichever process runs, and not at all when the
 * person has read it in the meantime.
 */
import { randomUUID } from 'node:crypto';
import { quietEnds, type NotificationChannel } from '../../src/contract/notificationPreferences.ts';
import { Notification } from '../../src/contract/entities/panelManagement.ts';
import type { Queryable } from '../db/Db.ts';
import { notificationKind } from './kinds.ts';
import { settingsOf, type PersonSettings, type PreferenceCache } from './preferences.ts';
import { pushService } from './push.ts';
import { smsNotifier, type SmsNotice } from './smsNotices.ts';

/** A notification written to an inbox, to route to the recipient's other channels. */
export type RoutedNotice = SmsNotice;

/** The channel the person's settings give the kind: their choice, else the module's default; SMS only where it can be sent. */
export function channelOf(settings: PersonSettings | undefined, kind: string): NotificationChannel {
  const declared = notificationKind(kind);
  const chosen = settings?.channels.get(kind) ?? declared?.byDefault ?? 'push';
  if (chosen !== 'sms') return chosen;
  return declared?.sms && smsNotifier()?.available ? 'sms' : 'push';
}

function send(q: Queryable, channel: 'push' | 'sms', notices: RoutedNotice[]): void {
  if (channel === 'push') pushService()?.sendAfterCommit(q, notices);
  else smsNotifier()?.sendAfterCommit(q, notices);
}

/** Pushes, texts or holds each notice as its recipient prefers; in the inbox's transaction `q`. */
export async function routeNotices(
  q: Queryable,
  panelId: string,
  now: Date,
  notices: readonly RoutedNotice[],
  cache?: PreferenceCache,
): Promise<void> {
  if (!notices.length) return;
  const users = [...new Set(notices.map((n) => n.userId.toLowerCase()))];
  const settings = cache ? await cache.of(q, panelId, users) : await settingsOf(q, panelId, users);
  const direct: Record<'push' | 'sms', RoutedNotice[]> = { push: [], sms: [] };
  const held: { channel: string; notice: RoutedNotice; until: Date }[] = [];
  for (const notice of notices) {
    const own = settings.get(notice.userId.toLowerCase());
    const channel = channelOf(own, notice.kind);
    if (channel === 'inbox') continue;
    const until = quietEnds(own?.quietHours ?? null, now);
    if (until) held.push({ channel, notice, until });
    else direct[channel].push(notice);
  }
  if (held.length)
    await q.query(
      `INSERT INTO notification_held (id, panel_id, user_id, channel, notice, release_at)
       SELECT u.id, $1, u.user_id, u.channel, u.notice::jsonb, u.release_at FROM unnest($2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::timestamptz[]) AS u(id, user_id, channel, notice, release_at)`,
      [
        panelId,
        held.map(() => randomUUID()),
        held.map((h) => h.notice.userId),
        held.map((h) => h.channel),
        held.map((h) => JSON.stringify(h.notice)),
        held.map((h) => h.until.toISOString()),
      ],
    );
  send(q, 'push', direct.push);
  send(q, 'sms', direct.sms);
}

/**
 * Takes every held notice whose quiet hours have ended and sends it after `tx` commits; a notice
 * whose inbox row was read (or deleted) meanwhile is dropped. Answers how many were released.
 */
export async function releaseHeld(tx: Queryable, now: Date): Promise<number> {
  const taken = await tx.query<{ channel: 'push' | 'sms'; notice: RoutedNotice | string }>(
    'DELETE FROM notification_held WHERE release_at <= $1 RETURNING channel, notice',
    [now.toISOString()],
  );
  if (!taken.length) return 0;
  const notices = taken.map((t) => ({
    channel: t.channel,
    notice: typeof t.notice === 'string' ? (JSON.parse(t.notice) as RoutedNotice) : t.notice,
  }));
  const unread = await tx.query<{ id: string }>(
    `SELECT id::text AS id FROM ${Notification.table} WHERE id = ANY($1::uuid[]) AND read_at IS NULL AND NOT deleted`,
    [notices.map((n) => n.notice.notificationId)],
  );
  const live = new Set(unread.map((r) => r.id));
  const kept = notices.filter((n) => live.has(n.notice.notificationId.toLowerCase()));
  send(
    tx,
    'push',
    kept.filter((n) => n.channel === 'push').map((n) => n.notice),
  );
  send(
    tx,
    'sms',
    kept.filter((n) => n.channel === 'sms').map((n) => n.notice),
  );
  return kept.length;
}
