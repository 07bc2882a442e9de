/** A workplace's centre must be a real coordinate (typed in either digit set, kept in ASCII). */
import { Code } from '../../../src/contract/codes.ts';
import type { Row } from '../../../src/contract/entity.ts';
import { RuleRejection } from '../../../server/moduleApi.ts';
import { valueHooks } from './valueHooks.ts';
import { parseDegrees } from '../rules/geofence.ts';

function centre(values: Record<string, unknown>, current: Row | null): Record<string, unknown> {
  const out = { ...values };
  for (const [name, limit] of [
    ['latitude', 90],
    ['longitude', 180],
  ] as const) {
    if (!(name in values) && current) continue;
    const value = parseDegrees(values[name], limit);
    if (value === null) throw new RuleRejection(Code.BadRequest, { [name]: 'format' });
    out[name] = String(value);
  }
  return out;
}

export const placeHooks = valueHooks(centre);
