/**
 * A panel's number series (documents.md, "Numbers"): the document must be one that is numbered,
 * and the prefix one the rule allows (src/contract/numberSeries.ts), stored upper case. Numbers
 * already given keep the prefix they were given with; the next submit takes the new one.
 */
import { Code } from '../../src/contract/codes.ts';
import { normalizePrefix, numberedDocuments } from '../../src/contract/numberSeries.ts';
import type { EntityHooks } from '../entities/lifecycle.ts';
import { RuleRejection } from '../entities/writeContext.ts';

function checked(values: Record<string, unknown>): Record<string, unknown> {
  const out = { ...values };
  if ('document' in values && !numberedDocuments().some((d) => d.key === values.document))
    throw new RuleRejection(Code.BadRequest, { document: 'option' });
  if ('prefix' in values) {
    const prefix = normalizePrefix(values.prefix);
    if (!prefix) throw new RuleRejection(Code.BadRequest, { prefix: 'format' });
    out.prefix = prefix;
  }
  return out;
}

export const numberSeriesHooks: EntityHooks = {
  async beforeCreate(_ctx, _id, values) {
    return checked(values);
  },
  async beforeUpdate(_ctx, _current, changes) {
    return checked(changes);
  },
};
