/**
 * Notifications by SMS (decision 047): the notification's message in the person's language (the
 * one their settings were saved in; Persian by default), after the panel's name, texted through
 * the configured sender to their verified mobile once the write that made it has committed. At
 * most `SMS_PER_HOUR` per person and hour, counted in the database so every process shares the
 * count: a burst of writes cannot spend the panel's credit. A failure is logged with the kind
 * only and never undoes or fails the write.
 */
import type { SmsSender } from '../auth/sms.ts';
import { reserve, throttleKey, type Limit } from '../auth/throttle.ts';
import type { Db, Queryable } from '../db/Db.ts';
import { afterCommit } from '../db/afterCommit.ts';
import type { PushLog, PushNotice } from './push.ts';
import { wordNotice } from './words.ts';

/** A notification to text: the push's notice and its kind (the one thing a failure may log). */
export interface SmsNotice extends PushNotice {
  kind: string;
}

export const SMS_PER_HOUR = 5;
const LIMIT: Limit = { prefix: 'notify-sms', maxFailures: SMS_PER_HOUR, windowMs: 60 * 60_000, slowAfter: Number.MAX_SAFE_INTEGER };

export class SmsNotifier {
  private inFlight = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly sender: SmsSender,
    private readonly now: () => number,
    private readonly log: PushLog,
  ) {}

  /** Whether the sender can text a notification (a template-only provider cannot). */
  get available(): boolean {
    return typeof this.sender.sendText === 'function';
  }

  /** Queues the notices to text once `q`'s transaction commits. */
  sendAfterCommit(q: Queryable, notices: readonly SmsNotice[]): void {
    if (!notices.length || !this.available) return;
    afterCommit(q, () => {
      const sending = this.send(notices).catch((error: unknown) =>
        this.log.warn({ err: { name: (error as Error)?.name } }, 'sms notice: reading the recipients failed'),
      );
      this.inFlight.add(sending);
      void sending.finally(() => this.inFlight.delete(sending));
    });
  }

  /** Waits for the texts under way (a stop; tests). */
  async settled(): Promise<void> {
    while (this.inFlight.size) await Promise.all([...this.inFlight]);
  }

  async send(notices: readonly SmsNotice[]): Promise<void> {
    const users = [...new Set(notices.map((n) => n.userId.toLowerCase()))];
    const panelIds = [...new Set(notices.map((n) => n.panelId))];
    const people = await this.db.query<{ id: string; panel_id: string | null; mobile: string; lang: string | null }>(
      `SELECT u.id::text AS id, s.panel_id::text AS panel_id, u.mobile, s.lang
       FROM users u LEFT JOIN notification_settings s ON s.user_id = u.id AND s.panel_id = ANY($2::uuid[])
       WHERE u.id = ANY($1::uuid[]) AND u.mobile_verified AND u.mobile IS NOT NULL`,
      [users, panelIds],
    );
    const panels = await this.db.query<{ id: string; name: string }>('SELECT id::text AS id, name FROM panels WHERE id = ANY($1::uuid[])', [
      panelIds,
    ]);
    for (const notice of notices) {
      const mine = people.filter((p) => p.id === notice.userId.toLowerCase());
      const person = mine.find((p) => p.panel_id === notice.panelId) ?? mine[0];
      const panel = panels.find((p) => p.id === notice.panelId);
      if (!person || !panel) continue;
      const { blockedForMs } = await reserve(this.db, [throttleKey(LIMIT, person.id)], this.now());
      if (blockedForMs > 0) {
        this.log.warn({ kind: notice.kind }, 'sms notice: over the hourly limit of its recipient, not sent');
        continue;
      }
      const lang = person.panel_id === notice.panelId && person.lang === 'en' ? 'en' : 'fa';
      const text = `${panel.name}\n${wordNotice(notice.message, notice.values, lang)}`;
      try {
        await this.sender.sendText!({ mobile: person.mobile, text });
      } catch (error) {
        const err = error as { name?: string; provider?: string; providerCode?: number | null };
        this.log.warn(
          { kind: notice.kind, err: { name: err?.name, provider: err?.provider, code: err?.providerCode } },
          'sms notice: sending failed',
        );
      }
    }
  }
}

let notifier: SmsNotifier | null = null;

/** The process's SMS notifier (set when the app is built, server/app.ts). */
export function registerSmsNotifier(next: SmsNotifier | null): void {
  notifier = next;
}

export function smsNotifier(): SmsNotifier | null {
  return notifier;
}
