import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './account.ts';
import { devRoutes } from './dev.ts';
import { mobileAccountRoutes } from './mobileAccount.ts';
import { registerPanelApi } from './panelApi.ts';
import { profileRoutes } from './profile.ts';
import { pushRoutes } from './push.ts';
import { registerModuleRoutes } from '../modules/moduleRoutes.ts';
import { boolean, envelope, object } from '../apiSchema/schemaKit.ts';

/** Every API route, under /api. Route paths are matched case-insensitively (see app.ts). */
export async function registerApiRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/health',
    { schema: { summary: 'Liveness', response: { 200: envelope(object({ ok: boolean }, { required: ['ok'] })) } } },
    async () => ({ isSuccess: true, data: { ok: true }, errorData: null, message: '' }),
  );
  await app.register(accountRoutes);
  await app.register(mobileAccountRoutes);
  await app.register(profileRoutes);
  await app.register(pushRoutes);
  await app.register(registerPanelApi);
  await registerModuleRoutes(app);
  if (app.deps.config.devTools) await app.register(devRoutes);
}
