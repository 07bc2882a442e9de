/** An amount of money as people read it: in the panel's unit (decision 027), grouped, in the locale's digits, the unit named. */
import { useMoney, type Amount as Rials } from '../../../../src/panel/useMoney.ts';

export function Amount({ value }: { value: Rials }) {
  return <>{useMoney().text(value)}</>;
}
