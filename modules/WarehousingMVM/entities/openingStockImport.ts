/**
 * Opening stock from a sheet (decision 042, warehousing.md Inventory/AddProductToWarehouse): a row
 * per product and place — product (code, name or barcode), warehouse (code or name), bin (its code
 * in that warehouse, optional), quantity, unit cost, and the batch and expiry where the product is
 * tracked by batch. Each warehouse's rows become one goods-in receipt marked `opening`, submitted
 * like the opening-stock form's; its reference carries the rows' hash, so the same sheet imported
 * twice is found instead of doubling the stock.
 */
import { defineDocumentImport } from '../../../src/contract/documentImport.ts';
import { OPENING_STOCK_GRANT, Receipt } from './stock.ts';

export const OpeningStockImport = defineDocumentImport({
  module: 'WarehousingMVM',
  name: 'OpeningStock',
  label: /*i18n*/ { id: 'import.OpeningStock', message: 'Opening stock' },
  description: /*i18n*/ {
    id: 'import.OpeningStock.description',
    message: 'A row per product and bin with what is there now and its unit cost. Each warehouse’s rows become one goods-in receipt.',
  },
  document: Receipt,
  groupBy: ['warehouseId'],
  lines: ['productId', 'locationId', 'quantity', 'unitPrice', 'batch', 'expiry'],
  fixed: (today) => ({ direction: 'in', opening: true, date: today }),
  within: { locationId: { group: 'warehouseId', field: 'warehouseId' } },
  alsoBy: { productId: ['barcodes'] },
  needs: ['WarehousingMVM/Product'],
  example: { productId: 'P-100', warehouseId: 'W1', locationId: 'A-01', quantity: '۱۲', unitPrice: '۲۵۰٬۰۰۰', batch: '', expiry: '' },
  // The rule of rules/batchRule.ts (which a declaration may not import) for goods coming in:
  // a product tracked by batch needs its batch, and one whose batches expire, the expiry.
  check: (values, rowOf) => {
    const product = rowOf('WarehousingMVM/Product', values.productId);
    if (product?.tracksBatches !== true) return null;
    const blank = (value: unknown) => value === null || value === undefined || (typeof value === 'string' && !value.trim());
    const problems: Record<string, 'required'> = {};
    if (blank(values.batch)) problems.batch = 'required';
    if (product.expires === true && blank(values.expiry)) problems.expiry = 'required';
    return Object.keys(problems).length ? problems : null;
  },
  mark: { field: 'reference', words: /*i18n*/ { id: 'import.OpeningStock.mark', message: 'Opening stock' } },
  grants: [OPENING_STOCK_GRANT],
});
