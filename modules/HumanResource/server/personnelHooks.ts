/**
 * A person's kiosk credentials reach the server only as hashes made by rules/kioskSecret.ts: a
 * PIN in clear, a weak PIN hash or anything else is refused, so nothing readable is ever stored.
 * Their `name` is always their first and last name joined (rules/personName.ts), whatever a
 * write says of it.
 */
import type { Row } from '../../../src/contract/entity.ts';
import { Code } from '../../../src/contract/codes.ts';
import { RuleRejection } from '../../../server/moduleApi.ts';
import { valueHooks } from './valueHooks.ts';
import { isBadgeHash, isPinHash } from '../rules/kioskSecret.ts';
import { fullName } from '../rules/personName.ts';

function withName(values: Record<string, unknown>, current: Row | null): Record<string, unknown> {
  if (current && !('firstName' in values) && !('lastName' in values) && !('name' in values)) return values;
  const pick = (field: 'firstName' | 'lastName') => (field in values ? values[field] : current?.[field]);
  return { ...values, name: fullName(pick('firstName'), pick('lastName')) };
}

function checkSecrets(values: Record<string, unknown>): Record<string, unknown> {
  if (values.pinHash !== undefined && values.pinHash !== null && !isPinHash(values.pinHash))
    throw new RuleRejection(Code.BadRequest, { pinHash: 'format' });
  if (values.badgeHash !== undefined && values.badgeHash !== null && !isBadgeHash(values.badgeHash))
    throw new RuleRejection(Code.BadRequest, { badgeHash: 'format' });
  return values;
}

export const personnelHooks = valueHooks((values, current) => withName(checkSecrets(values), current));
