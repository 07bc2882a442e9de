/**
 * A person's kiosk credentials reach the server only as hashes made by rules/kioskSecret.ts: a
 * PIN in clear, a weak PIN hash or anything else is refused, so nothing readable is ever stored.
 */
import { Code } from '../../../src/contract/codes.ts';
import { RuleRejection } from '../../../server/moduleApi.ts';
import { valueHooks } from './valueHooks.ts';
import { isBadgeHash, isPinHash } from '../rules/kioskSecret.ts';

function checkSecrets(values: Record<string, unknown>): Record<string, unknown> {
  if (values.pinHash !== undefined && values.pinHash !== null && !isPinHash(values.pinHash)) throw new RuleRejection(Code.BadRequest, { pinHash: 'format' });
  if (values.badgeHash !== undefined && values.badgeHash !== null && !isBadgeHash(values.badgeHash)) throw new RuleRejection(Code.BadRequest, { badgeHash: 'format' });
  return values;
}

export const personnelHooks = valueHooks(checkSecrets);
