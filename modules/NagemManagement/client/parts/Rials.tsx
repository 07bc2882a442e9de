/** An amount of money as people read it: grouped digits (Persian in fa) and the word rials. */
import { Trans } from '@lingui/react/macro';
import { formatNumber } from '../../../../src/i18n/format.ts';

export function Rials({ value }: { value: number | bigint | string }) {
  const amount = formatNumber(value);
  return <Trans>{amount} rials</Trans>;
}
