/**
 * Rules of the master data: a bank account's Sheba is checked (and kept as IR and 24 digits);
 * the accounts the server posts to by itself may be renamed but not deleted; the settings row is
 * the server's to make, with the standard chart.
 */
import { Code } from '../../../src/contract/codes.ts';
import { RuleRejection, type EntityHooks } from '../../../server/moduleApi.ts';
import { normalizeSheba } from '../rules/sheba.ts';

function withSheba(values: Record<string, unknown>): Record<string, unknown> {
  if (typeof values.sheba !== 'string' || !values.sheba) return values;
  const sheba = normalizeSheba(values.sheba);
  if (!sheba) throw new RuleRejection(Code.BadRequest, { sheba: 'format' });
  return { ...values, sheba };
}

export const bankAccountHooks: EntityHooks = {
  beforeCreate: (_ctx, _id, values) => Promise.resolve(withSheba(values)),
  beforeUpdate: (_ctx, _current, changes) => Promise.resolve(withSheba(changes)),
};

export const accountHooks: EntityHooks = {
  beforeDelete(_ctx, current) {
    return current.role
      ? Promise.reject(new RuleRejection(Code.NotPossibleNow, undefined, { detail: { reason: 'postedAutomatically' } }))
      : Promise.resolve();
  },
};

export const settingsHooks: EntityHooks = {
  beforeCreate: () => Promise.reject(new RuleRejection(Code.InvalidOperation)),
  beforeDelete: () => Promise.reject(new RuleRejection(Code.InvalidOperation)),
};
