/**
 * Moving stock between places (warehousing.md, Transfer): within one warehouse a transfer moves
 * stock from bin to bin when it is submitted; between warehouses its submit dispatches the goods
 * (they leave the source and are in transit to the destination) and an arrival, submitted at the
 * other end, takes them out of transit into the bins they were put in, recording what differed.
 */
import { defineEntity } from '../../../src/contract/entity.ts';

export const Transfer = defineEntity({
  module: 'WarehousingMVM',
  name: 'Transfer',
  label: /*i18n*/ { id: 'entity.WarehousingMVM.Transfer', message: 'Transfer' },
  pluralLabel: /*i18n*/ { id: 'entity.WarehousingMVM.Transfer.plural', message: 'Transfers' },
  fields: {
    date: { kind: 'date', label: /*i18n*/ { id: 'field.Transfer.date', message: 'Date' }, required: true },
    fromWarehouseId: {
      kind: 'reference',
      to: 'WarehousingMVM/Warehouse',
      label: /*i18n*/ { id: 'field.Transfer.fromWarehouseId', message: 'From warehouse' },
      required: true,
    },
    toWarehouseId: {
      kind: 'reference',
      to: 'WarehousingMVM/Warehouse',
      label: /*i18n*/ { id: 'field.Transfer.toWarehouseId', message: 'To warehouse' },
      required: true,
    },
    note: { kind: 'longText', label: /*i18n*/ { id: 'field.Transfer.note', message: 'Note' }, max: 1000 },
    /** The arrival that received it at the other end (between warehouses), set by the server. */
    arrivalId: {
      kind: 'reference',
      to: 'WarehousingMVM/TransferArrival',
      label: /*i18n*/ { id: 'field.Transfer.arrivalId', message: 'Received by' },
      readOnly: true,
      internal: true,
    },
  },
  document: {
    series: 'TR',
    print: { title: /*i18n*/ { id: 'print.Transfer', message: 'Transfer between warehouses' } },
    lines: {
      productId: {
        kind: 'reference',
        to: 'WarehousingMVM/Product',
        label: /*i18n*/ { id: 'field.TransferLine.productId', message: 'Product' },
        required: true,
      },
      quantity: { kind: 'decimal', label: /*i18n*/ { id: 'field.TransferLine.quantity', message: 'Quantity' }, required: true, min: 0.001 },
      fromLocationId: {
        kind: 'reference',
        to: 'WarehousingMVM/Location',
        label: /*i18n*/ { id: 'field.TransferLine.fromLocationId', message: 'From location' },
      },
      toLocationId: {
        kind: 'reference',
        to: 'WarehousingMVM/Location',
        label: /*i18n*/ { id: 'field.TransferLine.toLocationId', message: 'To location' },
      },
      batch: { kind: 'text', label: /*i18n*/ { id: 'field.TransferLine.batch', message: 'Batch' }, max: 40 },
      expiry: { kind: 'date', label: /*i18n*/ { id: 'field.TransferLine.expiry', message: 'Expiry' } },
    },
  },
  titleField: 'note',
  listFields: ['date', 'fromWarehouseId', 'toWarehouseId'],
  searchFields: ['note'],
  indexes: ['date', 'fromWarehouseId', 'toWarehouseId'],
  defaultSort: { field: 'date', direction: 'desc' },
  staff: ['read', 'create', 'update'],
  window: { field: 'date', months: 12, keep: { field: 'status', values: ['draft'] } },
});

/** Goods of a transfer between warehouses as they arrived: what came, into which bin. */
export const TransferArrival = defineEntity({
  module: 'WarehousingMVM',
  name: 'TransferArrival',
  label: /*i18n*/ { id: 'entity.WarehousingMVM.TransferArrival', message: 'Transfer arrival' },
  pluralLabel: /*i18n*/ { id: 'entity.WarehousingMVM.TransferArrival.plural', message: 'Transfer arrivals' },
  fields: {
    transferId: {
      kind: 'reference',
      to: 'WarehousingMVM/Transfer',
      label: /*i18n*/ { id: 'field.TransferArrival.transferId', message: 'Transfer' },
      required: true,
    },
    date: { kind: 'date', label: /*i18n*/ { id: 'field.TransferArrival.date', message: 'Date' }, required: true },
    note: { kind: 'longText', label: /*i18n*/ { id: 'field.TransferArrival.note', message: 'Note on differences' }, max: 1000 },
  },
  document: {
    series: 'TA',
    print: { title: /*i18n*/ { id: 'print.TransferArrival', message: 'Transfer arrival receipt' } },
    lines: {
      productId: {
        kind: 'reference',
        to: 'WarehousingMVM/Product',
        label: /*i18n*/ { id: 'field.ArrivalLine.productId', message: 'Product' },
        required: true,
      },
      quantity: { kind: 'decimal', label: /*i18n*/ { id: 'field.ArrivalLine.quantity', message: 'Received' }, required: true, min: 0 },
      locationId: {
        kind: 'reference',
        to: 'WarehousingMVM/Location',
        label: /*i18n*/ { id: 'field.ArrivalLine.locationId', message: 'Put in location' },
      },
      batch: { kind: 'text', label: /*i18n*/ { id: 'field.ArrivalLine.batch', message: 'Batch' }, max: 40 },
      expiry: { kind: 'date', label: /*i18n*/ { id: 'field.ArrivalLine.expiry', message: 'Expiry' } },
    },
  },
  titleField: 'note',
  listFields: ['date', 'transferId'],
  searchFields: ['note'],
  indexes: ['date', 'transferId'],
  defaultSort: { field: 'date', direction: 'desc' },
  staff: ['read', 'create', 'update'],
  window: { field: 'date', months: 12, keep: { field: 'status', values: ['draft'] } },
});
