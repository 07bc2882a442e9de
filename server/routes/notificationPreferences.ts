/**
 * GET/PUT /api/Notifications/Preferences (decision 047): the signed-in person's notification
 * preferences in the X-Panel-Code panel — the kinds they can receive there (their modules enabled,
 * their entity readable by the person), how each reaches them, their quiet hours. Only ever the
 * caller's own: no route names another person. A PUT replaces them whole; a kind they cannot
 * receive, SMS for a kind not worth one, or a malformed time is refused 400 with 9401.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Code } from '../../src/contract/codes.ts';
import { permission } from '../../src/contract/entity.ts';
import { entityByKey } from '../../src/contract/modules.ts';
import {
  notificationChannels,
  notificationPreferencesEndpoints as endpoints,
  type NotificationChannel,
  type NotificationPreferences,
  type NotificationPreferencesChange,
  type QuietHours,
} from '../../src/contract/notificationPreferences.ts';
import { arrayOf, boolean, envelope, integer, object, orNull, text } from '../apiSchema/schemaKit.ts';
import { requireSession } from '../auth/session.ts';
import { ok } from '../envelope.ts';
import { badRequest } from '../errors.ts';
import { bodyOf } from '../fields.ts';
import { channelOf } from '../notifications/channels.ts';
import { notificationKinds, type NotificationKind } from '../notifications/kinds.ts';
import { savePreferences, settingsOf } from '../notifications/preferences.ts';
import { smsNotifier } from '../notifications/smsNotices.ts';
import type { PanelAccess } from '../panels/panelAccess.ts';
import { requirePanel } from '../panels/panelAccess.ts';
import { apiPath } from './apiPath.ts';

const channel = text({ enum: [...notificationChannels] });
const quietHours = orNull(
  object(
    { from: integer({ minimum: 0, maximum: 1439 }), to: integer({ minimum: 0, maximum: 1439 }) },
    { required: ['from', 'to'], description: 'Minutes after midnight in the panel’s zone (Asia/Tehran); from ≠ to.' },
  ),
);
const preferences = envelope(
  object(
    {
      kinds: arrayOf(
        object(
          {
            kind: text(),
            title: object({ id: text(), message: text() }, { required: ['id', 'message'] }),
            sms: boolean,
            byDefault: channel,
            channel,
          },
          { required: ['kind', 'title', 'sms', 'byDefault', 'channel'] },
        ),
      ),
      quietHours,
      smsAvailable: boolean,
      mobileVerified: boolean,
    },
    { required: ['kinds', 'quietHours', 'smsAvailable', 'mobileVerified'] },
  ),
);

const schemas = {
  get: {
    summary: 'Notifications: how each kind reaches the signed-in person in the panel, and their quiet hours',
    response: { 200: preferences },
  },
  save: {
    summary: 'Notifications: replaces the signed-in person’s preferences in the panel',
    body: object(
      {
        channels: {
          type: 'object',
          additionalProperties: channel,
          description: 'Kind → inbox, push or sms; a kind left out takes its default.',
        },
        quietHours,
        lang: text({ enum: ['fa', 'en'], description: 'The language their SMS are worded in (default fa).' }),
      },
      { required: ['channels'] },
    ),
    response: { 200: preferences },
  },
};

/** The kinds the caller can receive in the panel: their module enabled and their rows readable by the caller. */
function kindsFor(access: PanelAccess): NotificationKind[] {
  return notificationKinds().filter((k) => {
    const entity = entityByKey(k.entityKey);
    return entity !== undefined && access.permissions.has(permission(entity, 'read'));
  });
}

async function answer(request: FastifyRequest): Promise<NotificationPreferences> {
  const { db } = request.server.deps;
  const userId = request.session.userId;
  const [own] = [...(await settingsOf(db, request.panel.id, [userId])).values()];
  const [person] = await db.query<{ verified: boolean }>(
    'SELECT mobile_verified AND mobile IS NOT NULL AS verified FROM users WHERE id = $1',
    [userId],
  );
  return {
    kinds: kindsFor(request.panel).map((k) => ({
      kind: k.kind,
      title: k.title,
      sms: k.sms,
      byDefault: k.byDefault,
      channel: channelOf(own, k.kind),
    })),
    quietHours: own?.quietHours ?? null,
    smsAvailable: smsNotifier()?.available ?? false,
    mobileVerified: person?.verified === true,
  };
}

function readQuietHours(value: unknown): QuietHours | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'object' || Array.isArray(value)) throw badRequest();
  const { from, to } = value as Record<string, unknown>;
  const minute = (n: unknown) => typeof n === 'number' && Number.isInteger(n) && n >= 0 && n < 1440;
  if (!minute(from) || !minute(to) || from === to) throw badRequest();
  return { from: from as number, to: to as number };
}

function readChange(request: FastifyRequest): NotificationPreferencesChange {
  const body = bodyOf(request);
  const raw = body.channels;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw badRequest();
  const receivable = new Map(kindsFor(request.panel).map((k) => [k.kind, k]));
  const channels: Record<string, NotificationChannel> = {};
  for (const [kind, chosen] of Object.entries(raw as Record<string, unknown>)) {
    const declared = receivable.get(kind);
    if (!declared || !notificationChannels.includes(chosen as NotificationChannel)) throw badRequest();
    if (chosen === 'sms' && !declared.sms) throw badRequest();
    channels[kind] = chosen as NotificationChannel;
  }
  return { channels, quietHours: readQuietHours(body.quietHours), lang: body.lang === 'en' ? 'en' : 'fa' };
}

export function registerNotificationPreferenceRoutes(app: FastifyInstance): void {
  const preHandler = [requireSession, requirePanel];
  app.get(apiPath(endpoints.get), { preHandler, schema: schemas.get }, async (request) =>
    ok(request, await answer(request), Code.Retrieved),
  );
  app.put(apiPath(endpoints.save), { preHandler, schema: schemas.save }, async (request) => {
    const change = readChange(request);
    await request.server.deps.db.transaction((tx) => savePreferences(tx, request.panel.id, request.session.userId, change));
    return ok(request, await answer(request), Code.Saved);
  });
}
