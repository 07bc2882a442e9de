/** Schemas of the panel calls (src/contract/panels.ts) and of sync (src/contract/sync.ts). */
import { Activity, Role } from '../../src/contract/entities/panelManagement.ts';
import { entities } from '../../src/contract/modules.ts';
import { ACTIVITY_RECENT_DEFAULT, ACTIVITY_RECENT_MAX } from '../../src/contract/panels.ts';
import { PULL_PAGE_DEFAULT, PULL_PAGE_MAX, PUSH_BATCH_MAX, SNAPSHOT_PAGE_MAX } from '../../src/contract/sync.ts';
import { rowSchema } from './entitySchemas.ts';
import {
  anyValue,
  arrayOf,
  boolean,
  component,
  documentedAs,
  envelope,
  integer,
  nothing,
  object,
  orNull,
  text,
  type JsonSchema,
} from './schemaKit.ts';

const company = {
  companyName: text(),
  economicCode: text(),
  nationalId: text(),
  phone: text(),
  address: text(),
  postalCode: text(),
  moneyUnit: text({
    enum: ['rial', 'toman'],
    description: 'The unit amounts are shown and typed in (decision 027); the wire stays rials.',
  }),
};
const details = { name: text(), icon: text({ description: 'A key of the icon set the client ships.' }), ...company };
const moduleKeys = arrayOf(text({ description: 'A module key, e.g. WarehousingMVM.' }));
const moduleIcons = { type: 'object', additionalProperties: text(), description: 'Module key → icon key.' };

const panelSummary = component(
  'PanelSummary',
  object(
    {
      code: text(),
      name: text(),
      icon: text(),
      modules: moduleKeys,
      isOwner: boolean,
      roleName: text({ type: ['string', 'null'] }),
      memberCount: integer(),
      createdAt: text({ format: 'date-time' }),
    },
    { required: ['code', 'name', 'icon', 'modules', 'isOwner', 'roleName', 'memberCount', 'createdAt'] },
  ),
);

const currentPanel = component(
  'CurrentPanel',
  object(
    {
      code: text(),
      ...details,
      modules: moduleKeys,
      moduleIcons,
      isOwner: boolean,
      permissions: arrayOf(text({ description: '<Module>.<Entity>.<action or grant>' })),
      initialized: boolean,
      createdAt: text({ format: 'date-time' }),
      ownerDisplayName: text(),
      ownerUserName: text(),
      roleName: text({ type: ['string', 'null'] }),
      memberCount: integer(),
    },
    {
      required: ['code', 'name', 'modules', 'isOwner', 'permissions'],
      open: true,
      description: 'The panel with the caller’s access; company details may carry more keys.',
    },
  ),
);

const invitation = component(
  'PanelInvitation',
  object(
    {
      code: text(),
      name: text(),
      icon: text(),
      invitedBy: text(),
      roleName: text({ type: ['string', 'null'] }),
      openUntil: text({ format: 'date-time' }),
    },
    { required: ['code', 'name', 'icon', 'invitedBy', 'roleName', 'openUntil'] },
  ),
);
const invitationCode = object({ code: text({ description: 'The panel code.' }) }, { required: ['code'] });
const inPanel = envelope(currentPanel);

let panelCache: ReturnType<typeof makePanelSchemas> | undefined;
let syncCache: { entities: readonly unknown[]; schemas: ReturnType<typeof makeSyncSchemas> } | undefined;

export const panelSchemas = () => (panelCache ??= makePanelSchemas());
/**
 * Made once the modules are discovered (it lists every entity), then kept while the registry is
 * the same: a test that registers a module of its own gets schemas that name its entities.
 */
export function syncSchemas(): ReturnType<typeof makeSyncSchemas> {
  const now = entities();
  if (syncCache?.entities !== now) syncCache = { entities: now, schemas: makeSyncSchemas() };
  return syncCache.schemas;
}

function makePanelSchemas() {
  return {
    register: {
      summary: 'Register a panel; the caller owns it',
      body: object({ ...details, modules: moduleKeys }, { required: ['name', 'icon', 'modules'] }),
      response: { 201: inPanel },
    },
    list: { summary: "The caller's panels", response: { 200: envelope(arrayOf(panelSummary)) } },
    current: { summary: 'The X-Panel-Code panel with the caller’s access', response: { 200: inPanel } },
    updateDetails: { summary: "Change the panel's name, icon and company details", body: object(details), response: { 200: inPanel } },
    updateModules: {
      summary: 'Change the enabled modules',
      body: object({ modules: moduleKeys, moduleIcons }, { required: ['modules'] }),
      response: { 200: inPanel },
    },
    initialElements: {
      summary: 'Create the default roles (first run)',
      response: { 200: envelope(object({ roles: arrayOf(rowSchema(Role)) }, { required: ['roles'] })) },
    },
    activitySummary: {
      summary: 'Writes per day over the last 30 days, and the newest activity',
      querystring: object({ recent: integer({ minimum: 0, maximum: ACTIVITY_RECENT_MAX, default: ACTIVITY_RECENT_DEFAULT }) }),
      response: {
        200: envelope(
          object(
            {
              days: arrayOf(object({ date: text({ format: 'date' }), count: integer() }, { required: ['date', 'count'] })),
              recent: arrayOf(rowSchema(Activity)),
            },
            { required: ['days', 'recent'] },
          ),
        ),
      },
    },
    invitations: { summary: "The caller's open invitations", response: { 200: envelope(arrayOf(invitation)) } },
    acceptInvitation: {
      summary: 'Accept an invitation; answers the joined panel',
      body: invitationCode,
      response: { 200: envelope(orNull(panelSummary)) },
    },
    declineInvitation: { summary: 'Decline an invitation', body: invitationCode, response: { 200: envelope(nothing) } },
    backup: {
      summary: 'The panel as one file, for its owner: gzip-compressed JSON lines, versioned and checksummed (decision 022)',
      response: {
        200: {
          description: 'The backup file (application/gzip).',
          content: { 'application/gzip': { schema: { type: 'string', format: 'binary' } } },
        },
      },
    },
    restore: {
      summary: 'Restore a backup file (body: application/gzip) as a new panel the caller owns',
      response: { 201: envelope(object({ code: text(), name: text() }, { required: ['code', 'name'] })) },
    },
  };
}

/** Any entity's row: open for the serialiser, one of the declared rows in the document. */
function anyRow(nullable: boolean): JsonSchema {
  const rows = entities().map(rowSchema);
  const open = {
    type: nullable ? ['object', 'null'] : 'object',
    additionalProperties: true,
    description: 'A row of the entity named beside it.',
  };
  return documentedAs(open, { anyOf: nullable ? [...rows, nothing] : rows, description: open.description });
}

function makeSyncSchemas() {
  const entityKey = text({ enum: entities().map((e) => e.key), description: '<Module>/<Entity>' });
  const mutation = object(
    {
      mutationId: integer({ minimum: 1 }),
      entity: entityKey,
      op: text({ enum: ['create', 'update', 'delete', 'submit', 'cancel'] }),
      id: text({ format: 'uuid' }),
      baseVersion: integer({ minimum: 1 }),
      values: {
        type: 'object',
        additionalProperties: true,
        description: "create: every field; update: the changed ones (the entity's Create/Update schema).",
      },
      dependsOn: integer({ minimum: 1 }),
    },
    { required: ['mutationId', 'entity', 'op', 'id'] },
  );
  const result = object(
    {
      mutationId: integer(),
      status: text({ enum: ['applied', 'rejected'] }),
      code: integer(),
      message: text(),
      fields: { type: 'object', additionalProperties: text(), description: 'Field → reason, for field problems.' },
      detail: anyValue,
      row: anyRow(true),
      heldBy: integer(),
    },
    { required: ['mutationId', 'status', 'code', 'message'] },
  );
  return {
    push: {
      summary: 'Push queued mutations (applied at most once each)',
      body: component(
        'PushRequest',
        object(
          {
            clientId: text({ description: 'A random id per device, user and panel.' }),
            mutations: arrayOf(mutation, { maxItems: PUSH_BATCH_MAX }),
          },
          { required: ['clientId', 'mutations'] },
        ),
        true,
      ),
      response: {
        200: envelope(
          component(
            'PushResponse',
            object({ lastMutationId: integer(), results: arrayOf(result) }, { required: ['lastMutationId', 'results'] }),
            true,
          ),
        ),
      },
    },
    pull: {
      summary: 'Pull the changes after a cursor',
      querystring: object({
        cursor: integer({ minimum: 0, default: 0 }),
        limit: integer({
          minimum: 1,
          maximum: SNAPSHOT_PAGE_MAX,
          default: PULL_PAGE_DEFAULT,
          description: `At most ${PULL_PAGE_MAX} from the log, ${SNAPSHOT_PAGE_MAX} in a snapshot.`,
        }),
        snapshot: text({
          maxLength: 400,
          description: 'With cursor 0: a first sync as a snapshot (decision 051); empty to start, then the token the last page gave.',
        }),
      }),
      response: {
        200: envelope(
          component(
            'PullResponse',
            object(
              {
                changes: arrayOf(object({ entity: entityKey, row: anyRow(false) }, { required: ['entity', 'row'] })),
                cursor: integer(),
                hasMore: boolean,
                readableEntities: arrayOf(entityKey),
                windows: {
                  type: 'object',
                  description: "Each windowed entity's first day on a device (decision 050), by entity key.",
                  additionalProperties: text({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
                },
                snapshot: text({ description: "A snapshot's token for its next page (decision 051); absent on its last page." }),
                progress: object(
                  { done: integer({ minimum: 0 }), total: integer({ minimum: 0 }) },
                  { required: ['done', 'total'], description: "A snapshot's rows sent so far and its (estimated) total." },
                ),
              },
              { required: ['changes', 'cursor', 'hasMore'] },
            ),
            true,
          ),
        ),
      },
    },
    live: {
      summary: "A stream (text/event-stream) of the panel's change signals: events cursor {cursor}, presence {open}, end {reason}",
    },
    presence: {
      summary: 'Say that the caller has a row open (open: true, every ~10 s) or closed it',
      body: object({ entity: entityKey, id: text({ format: 'uuid' }), open: boolean }, { required: ['entity', 'id', 'open'] }),
      response: { 200: envelope(nothing) },
    },
  };
}
