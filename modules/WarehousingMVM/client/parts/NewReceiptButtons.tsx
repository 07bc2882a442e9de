/** The two ways to start a document, shown to those who may create one: goods in, goods out. */
import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import { permission } from '@/contract/entity.ts';
import { buttonClasses, PlusIcon, useCanAccess } from '@/moduleKit.ts';
import { Receipt } from '../../entities/stock.ts';
import { wh, withQuery } from '../paths.ts';

export function NewReceiptButtons() {
  const can = useCanAccess();
  if (!can(permission(Receipt, 'create'))) return null;
  return (
    <>
      <Link href={withQuery(wh.addReceipt, { direction: 'in' })} className={buttonClasses('primary')}>
        <PlusIcon />
        <Trans>Goods in</Trans>
      </Link>
      <Link href={withQuery(wh.addReceipt, { direction: 'out' })} className={buttonClasses('secondary')}>
        <PlusIcon />
        <Trans>Goods out</Trans>
      </Link>
    </>
  );
}
