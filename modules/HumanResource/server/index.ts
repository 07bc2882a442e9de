/** Attendance's server part: the fence and policy re-checked on every punch, kiosk tablets as devices whose punches prove who punched, the in/out report of a range, and the server's clock for phones. */
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { defineServerModule, envelope, integer, object, ok, pathInScope } from '../../../server/moduleApi.ts';
import module from '../module.ts';
import { clockEndpoint, type ClockAnswer } from '../rules/clock.ts';
import { personnelHooks } from './personnelHooks.ts';
import { placeHooks } from './placeHooks.ts';
import { punchHooks } from './punchHooks.ts';
import { reminders } from './reminders.ts';
import { kioskDeviceRoutes, kioskRoutes } from './kioskRoutes.ts';
import { reportRoute } from './reportRoute.ts';
import { ruleHooks } from './ruleHooks.ts';

export default defineServerModule({
  module,
  hooks: { Place: placeHooks, Rule: ruleHooks, Personnel: personnelHooks, Punch: punchHooks },
  // People written before first and last names existed get them once (rules/personName.ts).
  migrations: join(import.meta.dirname, 'migrations'),
  reminders,
  routes: {
    panel(scope) {
      reportRoute(scope);
      kioskRoutes(scope);
    },
    device: kioskDeviceRoutes,
    // A kiosk asks with its device credential: the time is all it learns here.
    sessionOrDevice: clockRoute,
  },
});

function clockRoute(scope: FastifyInstance): void {
  const schema = {
    summary: "The server's clock, for phones whose own is off",
    response: { 200: envelope(object({ now: integer({ description: 'Milliseconds since the epoch.' }) }, { required: ['now'] })) },
  };
  scope.get(pathInScope(scope, clockEndpoint.path), { schema }, async (request) =>
    ok<ClockAnswer>(request, { now: request.server.deps.clock.now() }),
  );
}
