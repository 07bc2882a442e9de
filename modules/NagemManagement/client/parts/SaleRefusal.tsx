/** Why the server would not invoice (or cancel) a sale, in words. */
import { Trans } from '@lingui/react/macro';
import type { RefusalProps } from '@/moduleKit.ts';

export function SaleRefusal({ problem, fallback }: RefusalProps) {
  const detail = problem.detail as { reason?: unknown; overDiscounted?: unknown } | undefined;
  if (detail?.reason === 'notWon') return <p>{<Trans>Only a won sale is invoiced. Move it to won on the sales board first.</Trans>}</p>;
  if (Array.isArray(detail?.overDiscounted)) return <p>{<Trans>A line’s discount is larger than its amount.</Trans>}</p>;
  return fallback;
}
