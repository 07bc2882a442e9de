/** An amount of money as people read it: in the panel's unit (decision 027), grouped, in the locale's digits, the unit named. */
import { type Amount as Rials, useMoney } from '@/moduleKit.ts';

export function Amount({ value }: { value: Rials }) {
  return <>{useMoney().text(value)}</>;
}
