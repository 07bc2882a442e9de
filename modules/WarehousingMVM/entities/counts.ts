/**
 * Stock counts (warehousing.md, Inventory/inventory): a count of a warehouse or one of its
 * locations is a document; what people count goes in count entries, one row per scan or typed
 * count, each with its own id and written once, so several phones counting offline at once never
 * overwrite one another: the count is the sum of its entries (rules/countMerge.ts). Submitting the
 * count posts the differences from stock on hand as adjustments.
 */
import { defineEntity } from '../../../src/contract/entity.ts';

export const StockCount = defineEntity({
  module: 'WarehousingMVM',
  name: 'StockCount',
  label: /*i18n*/ { id: 'entity.WarehousingMVM.StockCount', message: 'Stock count' },
  pluralLabel: /*i18n*/ { id: 'entity.WarehousingMVM.StockCount.plural', message: 'Stock counts' },
  fields: {
    date: { kind: 'date', label: /*i18n*/ { id: 'field.StockCount.date', message: 'Date' }, required: true },
    warehouseId: {
      kind: 'reference',
      to: 'WarehousingMVM/Warehouse',
      label: /*i18n*/ { id: 'field.StockCount.warehouseId', message: 'Warehouse' },
      required: true,
    },
    locationId: {
      kind: 'reference',
      to: 'WarehousingMVM/Location',
      label: /*i18n*/ { id: 'field.StockCount.locationId', message: 'Only this location' },
      hint: /*i18n*/ { id: 'field.StockCount.locationId.hint', message: 'Leave empty to count the whole warehouse.' },
    },
    zeroUncounted: {
      kind: 'boolean',
      label: /*i18n*/ { id: 'field.StockCount.zeroUncounted', message: 'What was not counted is not there' },
      hint: /*i18n*/ {
        id: 'field.StockCount.zeroUncounted.hint',
        message: 'On submit, stock in the counted place that nobody counted is set to zero.',
      },
    },
    note: { kind: 'longText', label: /*i18n*/ { id: 'field.StockCount.note', message: 'Note' }, max: 1000 },
  },
  document: {
    series: 'SC',
    print: { title: /*i18n*/ { id: 'print.StockCount', message: 'Stock count sheet' } },
    /** Who counts which area: at least one line (the whole place, or a part of it, and its counter). */
    lines: {
      locationId: {
        kind: 'reference',
        to: 'WarehousingMVM/Location',
        label: /*i18n*/ { id: 'field.StockCountLine.locationId', message: 'Area' },
      },
      counter: { kind: 'text', label: /*i18n*/ { id: 'field.StockCountLine.counter', message: 'Counted by' }, max: 80 },
    },
  },
  titleField: 'note',
  listFields: ['date', 'warehouseId', 'locationId'],
  searchFields: ['note'],
  indexes: ['date', 'warehouseId'],
  defaultSort: { field: 'date', direction: 'desc' },
  staff: ['read'],
  window: { field: 'date', months: 12, keep: { field: 'status', values: ['draft'] } },
});

/** One scan or typed count of a product at a place, by one person on one device; never edited (a mistake is taken back by a negative entry). */
export const CountEntry = defineEntity({
  module: 'WarehousingMVM',
  name: 'CountEntry',
  label: /*i18n*/ { id: 'entity.WarehousingMVM.CountEntry', message: 'Count entry' },
  pluralLabel: /*i18n*/ { id: 'entity.WarehousingMVM.CountEntry.plural', message: 'Count entries' },
  fields: {
    countId: {
      kind: 'reference',
      to: 'WarehousingMVM/StockCount',
      label: /*i18n*/ { id: 'field.CountEntry.countId', message: 'Stock count' },
      required: true,
    },
    productId: {
      kind: 'reference',
      to: 'WarehousingMVM/Product',
      label: /*i18n*/ { id: 'field.CountEntry.productId', message: 'Product' },
      required: true,
    },
    locationId: {
      kind: 'reference',
      to: 'WarehousingMVM/Location',
      label: /*i18n*/ { id: 'field.CountEntry.locationId', message: 'Location' },
    },
    batch: { kind: 'text', label: /*i18n*/ { id: 'field.CountEntry.batch', message: 'Batch' }, max: 40 },
    expiry: { kind: 'date', label: /*i18n*/ { id: 'field.CountEntry.expiry', message: 'Expiry' } },
    quantity: {
      kind: 'decimal',
      label: /*i18n*/ { id: 'field.CountEntry.quantity', message: 'Counted' },
      required: true,
      min: -1_000_000,
      max: 1_000_000,
    },
    device: { kind: 'text', label: /*i18n*/ { id: 'field.CountEntry.device', message: 'Counted on' }, max: 60 },
  },
  titleField: 'device',
  listFields: ['productId', 'locationId', 'batch', 'quantity', 'device'],
  searchFields: ['batch', 'device'],
  indexes: ['countId', 'productId'],
  defaultSort: { field: 'productId', direction: 'asc' },
  staff: ['read', 'create'],
  appendOnly: {},
});
