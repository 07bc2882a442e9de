/** Hooks that check and normalise a write's values the same way on create and on update (`current` is null on create). */
import type { Row } from '../../../src/contract/entity.ts';
import type { EntityHooks } from '../../../server/moduleApi.ts';

export function valueHooks(check: (values: Record<string, unknown>, current: Row | null) => Record<string, unknown>): EntityHooks {
  return {
    async beforeCreate(_ctx, _id, values) {
      return check(values, null);
    },
    async beforeUpdate(_ctx, current, changes) {
      return check(changes, current);
    },
  };
}
