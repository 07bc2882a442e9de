/** A rule's shift is two 24-hour times; an end earlier than the start crosses midnight. */
import { Code } from '../../../src/contract/codes.ts';
import { RuleRejection } from '../../../server/moduleApi.ts';
import { valueHooks } from './valueHooks.ts';
import { parseClock } from '../rules/attendanceDay.ts';

function times(values: Record<string, unknown>): Record<string, unknown> {
  const out = { ...values };
  for (const name of ['shiftStart', 'shiftEnd'] as const) {
    if (!(name in values)) continue;
    const minutes = parseClock(values[name]);
    if (minutes === null) throw new RuleRejection(Code.BadRequest, { [name]: 'format' });
    out[name] = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  }
  return out;
}

export const ruleHooks = valueHooks(times);
