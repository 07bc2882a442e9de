/**
 * A module's own routes (docs/decisions/034-routes-declared-once.md) live under `/api/<Key>/`, in
 * scopes the platform opens: every route registered in a scope gets the scope's guards first in
 * its preHandler (the scope's `onRoute` hook puts them there, so the API description sees them
 * too), and a module route cannot forget the session, the tenant or the module being on. A route
 * that takes no session says so by the scope it is registered in:
 * - `panel`: a live session and the panel `X-Panel-Code` names, with the module on there (else the
 *   403 with 9400 a disabled module's entities answer too);
 * - `device`: a device credential (`Authorization: Device …`, 401 without one) of a panel with the
 *   module on;
 * - `sessionOrDevice`: either, and nothing of a panel.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { Code } from '../../src/contract/codes.ts';
import { moduleEnabled, type ModuleDeclaration } from '../../src/contract/module.ts';
import { readDeviceCredential, type DeviceCredential } from '../auth/deviceCredentials.ts';
import { requireSession } from '../auth/session.ts';
import { AppError, unauthorized } from '../errors.ts';
import { enabledModulesOf, requirePanel } from '../panels/panelAccess.ts';
import { serverModules, type ModuleRouteScopes, type ModuleRoutes } from './serverModule.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the device scope's guard; read it only in a module's `device` routes. */
    device: DeviceCredential;
  }
}

type Guard = preHandlerAsyncHookHandler;

const moduleOff = () => new AppError(Code.InvalidOperation, 403);

/** The device credential of the request, or 401. */
async function requireDevice(request: FastifyRequest): Promise<void> {
  const credential = readDeviceCredential(request);
  if (!credential) throw unauthorized();
  request.device = credential;
}

async function requireSessionOrDevice(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!readDeviceCredential(request)) await requireSession(request, reply);
}

/** The guards of each scope, in the order they run, before the route's own preHandlers. */
function guardsOf(module: ModuleDeclaration): Record<keyof ModuleRouteScopes, Guard[]> {
  const panelHasModule: Guard = async (request) => {
    if (!moduleEnabled(module, request.panel.modules)) throw moduleOff();
  };
  const devicePanelHasModule: Guard = async (request) => {
    const modules = await enabledModulesOf(request.server.deps.db, request.device.panelId);
    if (!modules) throw unauthorized();
    if (!moduleEnabled(module, modules)) throw moduleOff();
  };
  return {
    panel: [requireSession, requirePanel, panelHasModule],
    device: [requireDevice, devicePanelHasModule],
    sessionOrDevice: [requireSessionOrDevice],
  };
}

function scope(guards: readonly Guard[], routes: ModuleRoutes) {
  return async (app: FastifyInstance) => {
    app.addHook('onRoute', (route) => {
      route.preHandler = [...guards, ...[route.preHandler ?? []].flat()];
    });
    routes(app);
  };
}

/** Registers every module's routes, each kind in its own scope under `/<Key>` of the API's prefix. */
export async function registerModuleRoutes(app: FastifyInstance): Promise<void> {
  for (const part of serverModules()) {
    const guards = guardsOf(part.module);
    for (const kind of ['panel', 'device', 'sessionOrDevice'] as const) {
      const routes = part.routes?.[kind];
      if (routes) await app.register(scope(guards[kind], routes), { prefix: `/${part.module.key}` });
    }
  }
}

/** An endpoint's path as clients call it (`/api/<Key>/…`) inside its module's scope (what follows the prefix); throws outside it. */
export function pathInScope(scope: FastifyInstance, path: string): string {
  if (!path.toLowerCase().startsWith(`${scope.prefix.toLowerCase()}/`)) throw new Error(`${path} is not under ${scope.prefix}`);
  return path.slice(scope.prefix.length);
}
