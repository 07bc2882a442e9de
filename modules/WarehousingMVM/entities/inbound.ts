/**
 * Goods that come in before they are the panel's (warehousing.md): a cargo announced by its
 * carrier before it arrives, checked line by line when it does (its submit follows the goods
 * receipt of what was accepted), and consignments, goods a consignor still owns while they sit in
 * our bins: received, sold or returned, kept apart from own stock in every balance.
 */
import { defineEntity } from '../../../src/contract/entity.ts';
import { linesValue } from './linesValue.ts';

export const Cargo = defineEntity({
  module: 'WarehousingMVM',
  name: 'Cargo',
  label: /*i18n*/ { id: 'entity.WarehousingMVM.Cargo', message: 'Cargo' },
  pluralLabel: /*i18n*/ { id: 'entity.WarehousingMVM.Cargo.plural', message: 'Cargos' },
  fields: {
    expectedDate: { kind: 'date', label: /*i18n*/ { id: 'field.Cargo.expectedDate', message: 'Expected on' }, required: true },
    warehouseId: {
      kind: 'reference',
      to: 'WarehousingMVM/Warehouse',
      label: /*i18n*/ { id: 'field.Cargo.warehouseId', message: 'Warehouse' },
      required: true,
    },
    partyId: { kind: 'reference', to: 'WarehousingMVM/Party', label: /*i18n*/ { id: 'field.Cargo.partyId', message: 'Supplier' } },
    carrierId: { kind: 'reference', to: 'WarehousingMVM/Party', label: /*i18n*/ { id: 'field.Cargo.carrierId', message: 'Carrier' } },
    plate: { kind: 'text', label: /*i18n*/ { id: 'field.Cargo.plate', message: 'Vehicle plate' }, max: 30 },
    driverName: { kind: 'text', label: /*i18n*/ { id: 'field.Cargo.driverName', message: 'Driver' }, max: 80 },
    driverMobile: { kind: 'mobile', label: /*i18n*/ { id: 'field.Cargo.driverMobile', message: 'Driver’s mobile' } },
    waybill: { kind: 'text', label: /*i18n*/ { id: 'field.Cargo.waybill', message: 'Waybill number' }, max: 40 },
    note: { kind: 'longText', label: /*i18n*/ { id: 'field.Cargo.note', message: 'Note' }, max: 1000 },
    receiptId: {
      kind: 'reference',
      to: 'WarehousingMVM/Receipt',
      label: /*i18n*/ { id: 'field.Cargo.receiptId', message: 'Goods receipt' },
      internal: true,
    },
  },
  document: {
    series: 'CG',
    print: {
      title: /*i18n*/ { id: 'print.Cargo', message: 'Incoming cargo' },
      amount: (row) => linesValue(row, (line) => line.received ?? line.expected),
    },
    lines: {
      productId: {
        kind: 'reference',
        to: 'WarehousingMVM/Product',
        label: /*i18n*/ { id: 'field.CargoLine.productId', message: 'Product' },
        required: true,
      },
      expected: { kind: 'decimal', label: /*i18n*/ { id: 'field.CargoLine.expected', message: 'Expected' }, min: 0 },
      unitPrice: { kind: 'money', label: /*i18n*/ { id: 'field.CargoLine.unitPrice', message: 'Unit price' }, min: 0 },
      received: { kind: 'decimal', label: /*i18n*/ { id: 'field.CargoLine.received', message: 'Arrived' }, min: 0 },
      damaged: { kind: 'decimal', label: /*i18n*/ { id: 'field.CargoLine.damaged', message: 'Damaged' }, min: 0 },
      locationId: {
        kind: 'reference',
        to: 'WarehousingMVM/Location',
        label: /*i18n*/ { id: 'field.CargoLine.locationId', message: 'Location' },
      },
      batch: { kind: 'text', label: /*i18n*/ { id: 'field.CargoLine.batch', message: 'Batch' }, max: 40 },
      expiry: { kind: 'date', label: /*i18n*/ { id: 'field.CargoLine.expiry', message: 'Expiry' } },
    },
  },
  titleField: 'waybill',
  listFields: ['expectedDate', 'warehouseId', 'carrierId', 'plate', 'waybill'],
  searchFields: ['waybill', 'plate', 'driverName', 'note'],
  indexes: ['expectedDate', 'warehouseId', 'partyId', 'carrierId'],
  defaultSort: { field: 'expectedDate', direction: 'desc' },
  staff: ['read'],
});

export const Consignment = defineEntity({
  module: 'WarehousingMVM',
  name: 'Consignment',
  label: /*i18n*/ { id: 'entity.WarehousingMVM.Consignment', message: 'Consignment' },
  pluralLabel: /*i18n*/ { id: 'entity.WarehousingMVM.Consignment.plural', message: 'Consignments' },
  fields: {
    kind: {
      kind: 'select',
      label: /*i18n*/ { id: 'field.Consignment.kind', message: 'What happened' },
      required: true,
      options: [
        { value: 'receive', label: /*i18n*/ { id: 'consignment.receive', message: 'Received from the consignor' } },
        { value: 'sale', label: /*i18n*/ { id: 'consignment.sale', message: 'Sold' } },
        { value: 'return', label: /*i18n*/ { id: 'consignment.return', message: 'Returned to the consignor' } },
      ],
    },
    date: { kind: 'date', label: /*i18n*/ { id: 'field.Consignment.date', message: 'Date' }, required: true },
    partyId: {
      kind: 'reference',
      to: 'WarehousingMVM/Party',
      label: /*i18n*/ { id: 'field.Consignment.partyId', message: 'Consignor' },
      required: true,
    },
    warehouseId: {
      kind: 'reference',
      to: 'WarehousingMVM/Warehouse',
      label: /*i18n*/ { id: 'field.Consignment.warehouseId', message: 'Warehouse' },
      required: true,
    },
    reference: { kind: 'text', label: /*i18n*/ { id: 'field.Consignment.reference', message: 'Their reference' }, max: 60 },
    note: { kind: 'longText', label: /*i18n*/ { id: 'field.Consignment.note', message: 'Note' }, max: 1000 },
  },
  document: {
    series: 'CN',
    print: {
      title: (row) =>
        row.kind === 'sale'
          ? /*i18n*/ { id: 'print.Consignment.sale', message: 'Consigned goods sold' }
          : row.kind === 'return'
            ? /*i18n*/ { id: 'print.Consignment.return', message: 'Return of consigned goods' }
            : /*i18n*/ { id: 'print.Consignment.receive', message: 'Consigned goods receipt' },
      amount: (row) => linesValue(row),
    },
    lines: {
      productId: {
        kind: 'reference',
        to: 'WarehousingMVM/Product',
        label: /*i18n*/ { id: 'field.ConsignmentLine.productId', message: 'Product' },
        required: true,
      },
      quantity: {
        kind: 'decimal',
        label: /*i18n*/ { id: 'field.ConsignmentLine.quantity', message: 'Quantity' },
        required: true,
        min: 0.001,
      },
      unitPrice: {
        kind: 'money',
        label: /*i18n*/ { id: 'field.ConsignmentLine.unitPrice', message: 'Consignor’s price' },
        hint: /*i18n*/ { id: 'field.ConsignmentLine.unitPrice.hint', message: 'What we owe the consignor for each unit sold.' },
        min: 0,
      },
      locationId: {
        kind: 'reference',
        to: 'WarehousingMVM/Location',
        label: /*i18n*/ { id: 'field.ConsignmentLine.locationId', message: 'Location' },
      },
      batch: { kind: 'text', label: /*i18n*/ { id: 'field.ConsignmentLine.batch', message: 'Batch' }, max: 40 },
      expiry: { kind: 'date', label: /*i18n*/ { id: 'field.ConsignmentLine.expiry', message: 'Expiry' } },
    },
  },
  titleField: 'reference',
  listFields: ['date', 'kind', 'partyId', 'warehouseId', 'reference'],
  searchFields: ['reference', 'note'],
  indexes: ['date', 'kind', 'partyId', 'warehouseId'],
  defaultSort: { field: 'date', direction: 'desc' },
  staff: ['read'],
  window: { field: 'date', months: 12, keep: { field: 'status', values: ['draft'] } },
});
