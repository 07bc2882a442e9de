/**
 * Warehousing's documents and ledgers (warehousing.md, documents.md): a receipt brings goods in or
 * takes them out; its submit posts stock moves (the append-only ledger) and changes the balances
 * the server keeps per product and place and the valuation per product and warehouse (moving
 * average cost). Moves and balances are the server's: devices read them, never write them.
 */
import { defineEntity } from '../../../src/contract/entity.ts';
import { linesValue } from './linesValue.ts';

/** The grant that lets a receipt be marked opening stock (`opening`): `WarehousingMVM.Receipt.openingStock`. */
export const OPENING_STOCK_GRANT = 'openingStock';

export const Receipt = defineEntity({
  module: 'WarehousingMVM',
  name: 'Receipt',
  label: /*i18n*/ { id: 'entity.WarehousingMVM.Receipt', message: 'Receipt' },
  pluralLabel: /*i18n*/ { id: 'entity.WarehousingMVM.Receipt.plural', message: 'Receipts and issues' },
  fields: {
    direction: {
      kind: 'select',
      label: /*i18n*/ { id: 'field.Receipt.direction', message: 'Direction' },
      required: true,
      options: [
        { value: 'in', label: /*i18n*/ { id: 'receipt.in', message: 'Goods in' } },
        { value: 'out', label: /*i18n*/ { id: 'receipt.out', message: 'Goods out' } },
      ],
    },
    date: { kind: 'date', label: /*i18n*/ { id: 'field.Receipt.date', message: 'Date' }, required: true },
    warehouseId: {
      kind: 'reference',
      to: 'WarehousingMVM/Warehouse',
      label: /*i18n*/ { id: 'field.Receipt.warehouseId', message: 'Warehouse' },
      required: true,
    },
    partyId: { kind: 'reference', to: 'WarehousingMVM/Party', label: /*i18n*/ { id: 'field.Receipt.partyId', message: 'From / to' } },
    reference: {
      kind: 'text',
      label: /*i18n*/ { id: 'field.Receipt.reference', message: 'Their reference' },
      hint: /*i18n*/ { id: 'field.Receipt.reference.hint', message: 'The supplier’s invoice or the waybill number.' },
      max: 60,
    },
    note: { kind: 'longText', label: /*i18n*/ { id: 'field.Receipt.note', message: 'Note' }, max: 1000 },
    /**
     * Goods in that were the business's before its books began (Inventory/AddProductToWarehouse),
     * bought from nobody: set only by holders of the opening-stock grant, since it moves the value
     * out of payables into opening equity.
     */
    opening: {
      kind: 'boolean',
      label: /*i18n*/ { id: 'field.Receipt.opening', message: 'Opening stock' },
      internal: true,
      guard: { grant: OPENING_STOCK_GRANT },
    },
  },
  document: {
    series: 'RC',
    print: {
      title: (row) =>
        row.direction === 'out'
          ? /*i18n*/ { id: 'print.Receipt.out', message: 'Goods issue' }
          : /*i18n*/ { id: 'print.Receipt.in', message: 'Goods receipt' },
      amount: (row) => linesValue(row),
    },
    lines: {
      productId: {
        kind: 'reference',
        to: 'WarehousingMVM/Product',
        label: /*i18n*/ { id: 'field.ReceiptLine.productId', message: 'Product' },
        required: true,
      },
      quantity: { kind: 'decimal', label: /*i18n*/ { id: 'field.ReceiptLine.quantity', message: 'Quantity' }, required: true, min: 0.001 },
      unitPrice: { kind: 'money', label: /*i18n*/ { id: 'field.ReceiptLine.unitPrice', message: 'Unit price' }, min: 0 },
      locationId: {
        kind: 'reference',
        to: 'WarehousingMVM/Location',
        label: /*i18n*/ { id: 'field.ReceiptLine.locationId', message: 'Location' },
      },
      batch: { kind: 'text', label: /*i18n*/ { id: 'field.ReceiptLine.batch', message: 'Batch' }, max: 40 },
      expiry: { kind: 'date', label: /*i18n*/ { id: 'field.ReceiptLine.expiry', message: 'Expiry' } },
    },
  },
  titleField: 'reference',
  listFields: ['date', 'direction', 'warehouseId', 'partyId', 'reference'],
  searchFields: ['reference', 'note'],
  indexes: ['date', 'direction', 'warehouseId', 'partyId'],
  defaultSort: { field: 'date', direction: 'desc' },
  staff: ['read', 'create', 'update'],
  grants: {
    [OPENING_STOCK_GRANT]: /*i18n*/ {
      id: 'grant.Receipt.openingStock',
      message: 'Enter opening stock (goods the business had before its books began)',
    },
  },
  window: { field: 'date', months: 12, keep: { field: 'status', values: ['draft'] } },
});

/** Where a move or balance is: product × warehouse × location (× batch), as the ledgers key them. */
const place = {
  productId: {
    kind: 'reference',
    to: 'WarehousingMVM/Product',
    label: /*i18n*/ { id: 'field.Stock.productId', message: 'Product' },
    readOnly: true,
  },
  warehouseId: {
    kind: 'reference',
    to: 'WarehousingMVM/Warehouse',
    label: /*i18n*/ { id: 'field.Stock.warehouseId', message: 'Warehouse' },
    readOnly: true,
  },
  locationId: {
    kind: 'reference',
    to: 'WarehousingMVM/Location',
    label: /*i18n*/ { id: 'field.Stock.locationId', message: 'Location' },
    readOnly: true,
  },
  batch: { kind: 'text', label: /*i18n*/ { id: 'field.Stock.batch', message: 'Batch' }, readOnly: true },
  expiry: { kind: 'date', label: /*i18n*/ { id: 'field.Stock.expiry', message: 'Expiry' }, readOnly: true },
  /** The consignor who owns this stock (consignment), kept apart from the panel's own. */
  ownerId: {
    kind: 'reference',
    to: 'WarehousingMVM/Party',
    label: /*i18n*/ { id: 'field.Stock.ownerId', message: 'Owner (consignor)' },
    readOnly: true,
  },
  /** Dispatched to this warehouse by a transfer and not yet received there. */
  inTransit: { kind: 'boolean', label: /*i18n*/ { id: 'field.Stock.inTransit', message: 'In transit' }, readOnly: true },
} as const;

export const StockMove = defineEntity({
  module: 'WarehousingMVM',
  name: 'StockMove',
  label: /*i18n*/ { id: 'entity.WarehousingMVM.StockMove', message: 'Stock move' },
  pluralLabel: /*i18n*/ { id: 'entity.WarehousingMVM.StockMove.plural', message: 'Stock moves' },
  serverOnly: true,
  fields: {
    date: { kind: 'date', label: /*i18n*/ { id: 'field.StockMove.date', message: 'Date' }, readOnly: true },
    ...place,
    quantity: { kind: 'decimal', label: /*i18n*/ { id: 'field.StockMove.quantity', message: 'Quantity' }, readOnly: true },
    value: { kind: 'money', label: /*i18n*/ { id: 'field.StockMove.value', message: 'Value' }, readOnly: true },
    partyId: {
      kind: 'reference',
      to: 'WarehousingMVM/Party',
      label: /*i18n*/ { id: 'field.StockMove.partyId', message: 'From / to' },
      readOnly: true,
    },
    sourceType: {
      kind: 'text',
      label: /*i18n*/ { id: 'field.StockMove.sourceType', message: 'Document type' },
      readOnly: true,
      internal: true,
    },
    sourceId: { kind: 'text', label: /*i18n*/ { id: 'field.StockMove.sourceId', message: 'Document' }, readOnly: true, internal: true },
    sourceNumber: { kind: 'text', label: /*i18n*/ { id: 'field.StockMove.sourceNumber', message: 'Document number' }, readOnly: true },
  },
  titleField: 'sourceNumber',
  listFields: ['date', 'productId', 'warehouseId', 'locationId', 'quantity', 'sourceNumber'],
  searchFields: ['sourceNumber', 'batch'],
  // No index by product: a product's moves are listed from the table in memory (~200 bytes a row on
  // the device for no query, decision 056); the server indexes references anyway.
  indexes: ['date', 'sourceId'],
  defaultSort: { field: 'date', direction: 'desc' },
  staff: ['read'],
  window: { field: 'date', months: 12 },
});

export const StockBalance = defineEntity({
  module: 'WarehousingMVM',
  name: 'StockBalance',
  label: /*i18n*/ { id: 'entity.WarehousingMVM.StockBalance', message: 'Stock on hand' },
  pluralLabel: /*i18n*/ { id: 'entity.WarehousingMVM.StockBalance.plural', message: 'Stock on hand' },
  serverOnly: true,
  fields: {
    ...place,
    quantity: { kind: 'decimal', label: /*i18n*/ { id: 'field.StockBalance.quantity', message: 'On hand' }, readOnly: true },
  },
  titleField: 'batch',
  listFields: ['productId', 'warehouseId', 'locationId', 'batch', 'quantity'],
  searchFields: ['batch'],
  indexes: ['productId', 'warehouseId'],
  defaultSort: { field: 'productId', direction: 'asc' },
  staff: ['read'],
});

/** Quantity and value per product and warehouse: the moving average cost is value ÷ quantity. */
export const StockValuation = defineEntity({
  module: 'WarehousingMVM',
  name: 'StockValuation',
  label: /*i18n*/ { id: 'entity.WarehousingMVM.StockValuation', message: 'Stock value' },
  pluralLabel: /*i18n*/ { id: 'entity.WarehousingMVM.StockValuation.plural', message: 'Stock values' },
  serverOnly: true,
  fields: {
    productId: place.productId,
    warehouseId: place.warehouseId,
    quantity: { kind: 'decimal', label: /*i18n*/ { id: 'field.StockValuation.quantity', message: 'Quantity' }, readOnly: true },
    value: { kind: 'money', label: /*i18n*/ { id: 'field.StockValuation.value', message: 'Value' }, readOnly: true },
  },
  titleField: 'productId',
  listFields: ['productId', 'warehouseId', 'quantity', 'value'],
  searchFields: [],
  // By product only: a warehouse's figures come from the totals, and an index by warehouse would cost
  // ~150 bytes a row on the device for no query (decision 056); the server indexes references anyway.
  indexes: ['productId'],
  defaultSort: { field: 'productId', direction: 'asc' },
  // A warehouse's quantity and value on the device without reading its 100,000 rows (decision 052).
  totals: { by: ['warehouseId'], sum: ['quantity', 'value'] },
});
