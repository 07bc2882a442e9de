/** Attendance's server part: the fence and policy re-checked on every punch, kiosk credentials kept as hashes only, and the server's clock for phones. */
import { defineServerModule, ok, requireSession } from '../../../server/moduleApi.ts';
import module from '../module.ts';
import { clockEndpoint, type ClockAnswer } from '../rules/clock.ts';
import { personnelHooks } from './personnelHooks.ts';
import { placeHooks } from './placeHooks.ts';
import { punchHooks } from './punchHooks.ts';
import { ruleHooks } from './ruleHooks.ts';

export default defineServerModule({
  module,
  hooks: { Place: placeHooks, Rule: ruleHooks, Personnel: personnelHooks, Punch: punchHooks },
  routes(app) {
    app.get(clockEndpoint.path.replace(/^\/api/, ''), { preHandler: requireSession }, async (request) => ok<ClockAnswer>(request, { now: Date.now() }));
  },
});
