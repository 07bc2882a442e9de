/**
 * What warehousing's rows remind people of (decision 038): a product whose stock on hand, over
 * every warehouse, is at or below its reorder point — once a day while it stays there, to those
 * who receive stock; and a product with stock on hand in a batch that expires within a week (or
 * has expired) — once a day while there is, to the same people (decision 040).
 */
import type { ReminderDeclaration } from '../../../server/moduleApi.ts';
import { Product } from '../entities/masterData.ts';
import { StockBalance } from '../entities/stock.ts';

/** How far ahead a batch's expiry is reminded of. */
const EXPIRING_WITHIN_DAYS = 7;

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
    preference: { title: /*i18n*/ { id: 'wh.notify.belowReorderPoint.title', message: 'A product is at or below its reorder point' } },
    values: (row) => ({ name: String(row.name ?? '') }),
  },
  {
    event: 'batchExpiring',
    entity: 'Product',
    due: (params, day) => {
      params.push(day.today);
      return `EXISTS (SELECT 1 FROM ${StockBalance.table} b
        WHERE b.panel_id = ${Product.table}.panel_id AND b.product_id = ${Product.table}.id AND NOT b.deleted
          AND b.quantity > 0 AND b.expiry IS NOT NULL AND b.expiry <= $${params.length}::date + ${EXPIRING_WITHIN_DAYS})`;
    },
    onceBy: (_row, day) => day.today,
    to: { permission: 'WarehousingMVM.Receipt.create' },
    message: /*i18n*/ { id: 'wh.notify.batchExpiring', message: '{name} has stock in a batch that expires within a week' },
    preference: { title: /*i18n*/ { id: 'wh.notify.batchExpiring.title', message: 'A batch in stock is about to expire' } },
    values: (row) => ({ name: String(row.name ?? '') }),
  },
];
