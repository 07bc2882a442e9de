/**
 * What warehousing's rows remind people of (decision 038): a product whose stock on hand, over
 * every warehouse, is at or below its reorder point — once a day while it stays there, to those
 * who receive stock.
 */
import type { ReminderDeclaration } from '../../../server/moduleApi.ts';
import { Product } from '../entities/masterData.ts';
import { StockBalance } from '../entities/stock.ts';

export const reminders: readonly ReminderDeclaration[] = [
  {
    event: 'belowReorderPoint',
    entity: 'Product',
    due: () =>
      `reorder_point IS NOT NULL AND coalesce((SELECT sum(b.quantity) FROM ${StockBalance.table} b
         WHERE b.panel_id = ${Product.table}.panel_id AND b.product_id = ${Product.table}.id AND NOT b.deleted), 0) <= reorder_point`,
    onceBy: (_row, day) => day.today,
    to: { permission: 'WarehousingMVM.Receipt.create' },
    message: /*i18n*/ { id: 'wh.notify.belowReorderPoint', message: '{name} is at or below its reorder point' },
    values: (row) => ({ name: String(row.name ?? '') }),
  },
];
