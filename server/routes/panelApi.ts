/**
 * Everything that happens inside a panel: the panel endpoints, invitations, REST for every
 * declared entity and sync. Tenancy (`request.panel`) is resolved per route by `requirePanel`, after `requireSession`.
 */
import type { FastifyInstance } from 'fastify';
import { registerBooksAuditRoute } from './booksAudit.ts';
import { registerNotificationPreferenceRoutes } from './notificationPreferences.ts';
import { registerEntityRoutes } from './entities.ts';
import { registerInvitationRoutes } from './invitations.ts';
import { registerPanelRoutes } from './panels.ts';
import { registerSyncRoutes } from './sync.ts';

export async function registerPanelApi(app: FastifyInstance): Promise<void> {
  app.decorateRequest('panel', null as never);
  await registerPanelRoutes(app);
  await registerInvitationRoutes(app);
  await registerSyncRoutes(app);
  await registerEntityRoutes(app);
  registerBooksAuditRoute(app);
  registerNotificationPreferenceRoutes(app);
}
