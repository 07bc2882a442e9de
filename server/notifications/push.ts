/**
 * Web push (decision 040): the server's VAPID keys, the devices that turned notifications on, and
 * the sending of a notification to them once the write that made it has committed.
 *
 * - **Keys**: derived from the server secret (JWT_SECRET, or the one generated into DATA_DIR) with
 *   HKDF, like every other key of the server (decision 008): generated once, kept where the secret
 *   is, the same on every process of a cluster, nothing new to store or back up.
 * - **Payload**: the message worded on the server in the device's language (the language it
 *   subscribed in) from the same fa/en catalogues the screens use, the panel's name, and the link
 *   (panel, entity, row): the service worker has no catalogues of its own to word it with, and the
 *   app may be closed. Nothing else. Encrypted by the web-push library (aes128gcm, RFC 8291) and
 *   signed with the VAPID key (RFC 8292); sent with fetch (the library's own sender speaks https only).
 * - **Gone devices**: a 404 or 410 from the push service removes the subscription. Failures are
 *   logged with the push service's host and status only: no endpoint, no account, no text.
 */
import { createECDH, hkdfSync } from 'node:crypto';
import webPush from 'web-push';
import type { Label } from '../../src/contract/fields.ts';
import type { Db, Queryable } from '../db/Db.ts';
import { afterCommit } from '../db/afterCommit.ts';
import type { Lang } from '../i18n/messages.ts';
import { wordNotice } from './words.ts';

export interface VapidKeys {
  /** The uncompressed P-256 public key, base64url: the browser's `applicationServerKey`. */
  publicKey: string;
  privateKey: string;
}

/** Not secret: separates this derivation from the secret's other uses (server/auth/keys.ts). */
const SALT = 'pishkhan key derivation';

/** The server's VAPID key pair, derived from its secret (the same secret gives the same keys). */
export function vapidKeysOf(secret: string): VapidKeys {
  for (let round = 0; ; round++) {
    const d = Buffer.from(hkdfSync('sha256', secret, SALT, `pishkhan/vapid/v1/${round}`, 32));
    try {
      const ecdh = createECDH('prime256v1');
      ecdh.setPrivateKey(d); // throws for the rare 32 bytes that are no P-256 private key
      return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: d.toString('base64url') };
    } catch {
      // next round
    }
  }
}

/** What a device receives (JSON, encrypted): the text, the panel's name, and where a tap opens. */
export interface PushPayload {
  title: string;
  body: string;
  /** The app's address of the notification: `/User/Panel/Notifications?panel=<panel code>&open=<notification>&entity=…&row=…`. */
  url: string;
  /** Groups a row's notifications on the device (a newer one replaces the older). */
  tag: string;
}

/** A notification written, to push to its recipient's devices after commit. */
export interface PushNotice {
  userId: string;
  panelId: string;
  notificationId: string;
  entityKey: string;
  rowId: string;
  message: Label;
  values: Record<string, string | number>;
}

export interface PushLog {
  warn(fields: object, message: string): void;
}

interface SubscriptionRow {
  endpoint: string;
  p256dh: string;
  auth: string;
  lang: string;
}

/** How long a push service has to answer before the attempt is given up (and logged). */
const PUSH_TIMEOUT_MS = 10_000;
/** How long the push service keeps a message for a device that is off (seconds). */
const TTL_SECONDS = 24 * 60 * 60;

export class PushService {
  private inFlight = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    readonly keys: VapidKeys,
    private readonly subject: string,
    private readonly log: PushLog,
  ) {}

  /** Sends each notice to its recipient's live devices; answers when every attempt has ended. */
  async send(notices: readonly PushNotice[]): Promise<void> {
    if (!notices.length) return;
    const users = [...new Set(notices.map((n) => n.userId))];
    const panels = [...new Set(notices.map((n) => n.panelId))];
    const subscriptions = await this.db.query<SubscriptionRow & { user_id: string }>(
      `SELECT ps.endpoint, ps.p256dh, ps.auth, ps.lang, ps.user_id::text AS user_id
       FROM push_subscriptions ps JOIN sessions s ON s.id = ps.session_id AND s.revoked_at IS NULL
       WHERE ps.user_id = ANY($1::uuid[])`,
      [users],
    );
    if (!subscriptions.length) return;
    const panelRows = await this.db.query<{ id: string; name: string; code: string }>(
      'SELECT id::text AS id, name, code FROM panels WHERE id = ANY($1::uuid[])',
      [panels],
    );
    const panelOf = new Map(panelRows.map((p) => [p.id, p]));
    const attempts: Promise<void>[] = [];
    for (const notice of notices) {
      for (const subscription of subscriptions.filter((s) => s.user_id.toLowerCase() === notice.userId.toLowerCase())) {
        const lang: Lang = subscription.lang === 'en' ? 'en' : 'fa';
        const panel = panelOf.get(notice.panelId);
        if (!panel) continue;
        const link = new URLSearchParams({
          panel: panel.code,
          open: notice.notificationId,
          entity: notice.entityKey,
          row: notice.rowId,
        });
        const payload: PushPayload = {
          title: panel.name,
          body: wordNotice(notice.message, notice.values, lang),
          url: `/User/Panel/Notifications?${link.toString()}`,
          tag: `${notice.entityKey}:${notice.rowId}`,
        };
        attempts.push(this.sendOne(subscription, payload));
      }
    }
    await Promise.all(attempts);
  }

  /** Queues the notices to send once `q`'s transaction commits (at once outside a transaction). */
  sendAfterCommit(q: Queryable, notices: readonly PushNotice[]): void {
    if (!notices.length) return;
    afterCommit(q, () => {
      const sending = this.send(notices).catch((error: unknown) =>
        this.log.warn(
          { err: { name: (error as Error)?.name, code: (error as { code?: unknown })?.code } },
          'push: reading the subscriptions failed',
        ),
      );
      this.inFlight.add(sending);
      void sending.finally(() => this.inFlight.delete(sending));
    });
  }

  /** Waits for the pushes under way (a stop; tests). */
  async settled(): Promise<void> {
    while (this.inFlight.size) await Promise.all([...this.inFlight]);
  }

  private async sendOne(subscription: SubscriptionRow, payload: PushPayload): Promise<void> {
    let host = '?';
    try {
      host = new URL(subscription.endpoint).host;
      const details = webPush.generateRequestDetails(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: { subject: this.subject, publicKey: this.keys.publicKey, privateKey: this.keys.privateKey },
          contentEncoding: 'aes128gcm',
          TTL: TTL_SECONDS,
          urgency: 'normal',
        },
      );
      const answer = await fetch(details.endpoint, {
        method: details.method,
        headers: details.headers as Record<string, string>,
        body: details.body ? new Uint8Array(details.body) : null,
        signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
      });
      await answer.body?.cancel();
      if (answer.status === 404 || answer.status === 410) {
        await this.db.query('DELETE FROM push_subscriptions WHERE endpoint = $1', [subscription.endpoint]);
      } else if (!answer.ok) {
        this.log.warn({ pushService: host, status: answer.status }, 'push: the push service refused a message');
      }
    } catch (error) {
      this.log.warn({ pushService: host, err: { name: (error as Error)?.name } }, 'push: sending a message failed');
    }
  }
}

let service: PushService | null = null;

/** The process's push sender (set when the app is built, server/app.ts); none: nothing is pushed. */
export function registerPush(push: PushService | null): void {
  service = push;
}

export function pushService(): PushService | null {
  return service;
}

/** Stores a device's subscription for the signed-in session (a new session takes the endpoint over). */
export async function saveSubscription(
  q: Queryable,
  who: { userId: string; sessionId: string },
  subscription: { endpoint: string; p256dh: string; auth: string; lang: Lang },
  now: Date,
): Promise<void> {
  await q.query(
    `INSERT INTO push_subscriptions (endpoint, user_id, session_id, p256dh, auth, lang, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, session_id = EXCLUDED.session_id,
       p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, lang = EXCLUDED.lang, created_at = EXCLUDED.created_at`,
    [subscription.endpoint, who.userId, who.sessionId, subscription.p256dh, subscription.auth, subscription.lang, now],
  );
}

/** Removes the account's subscription of this endpoint (the device turned notifications off). */
export async function removeSubscription(q: Queryable, userId: string, endpoint: string): Promise<void> {
  await q.query('DELETE FROM push_subscriptions WHERE endpoint = $1 AND user_id = $2', [endpoint, userId]);
}
