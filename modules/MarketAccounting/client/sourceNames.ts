/** What each kind of posting document is called in the journal and the statements. */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

export const sourceNames: Readonly<Record<string, MessageDescriptor>> = {
  'MarketAccounting/Voucher': msg`Voucher`,
  'MarketAccounting/Payment': msg`Receipt or payment`,
  'MarketAccounting/Cheque': msg`Cheque`,
  'WarehousingMVM/Receipt': msg`Goods in or out`,
  'NagemManagement/Sale': msg`Sales invoice`,
};
