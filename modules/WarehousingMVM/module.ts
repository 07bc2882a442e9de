/**
 * Warehousing and inventory (warehousing.md): master data, receipts and issues as documents, and
 * the stock ledger with its balances. Transfers, cargos, consignments, stock counts and labels
 * come next (issue 9).
 */
import { defineModule } from '../../src/contract/module.ts';
import { Category, Location, Party, Product, Warehouse } from './entities/masterData.ts';
import { Receipt, StockBalance, StockMove, StockValuation } from './entities/stock.ts';

export default defineModule({
  key: 'WarehousingMVM',
  order: 20,
  entities: [Category, Product, Warehouse, Location, Party, Receipt, StockMove, StockBalance, StockValuation],
  routes: [
    'dashboard',
    'Category/AddNewCategory', 'Category/CategoryList', 'Category/CategoryRow', 'Category/CategorySelectModal', 'Category/CategorySelectRow',
    'Product/AddNewProduct', 'Product/listProduct', 'Product/ProductDetails',
    'Warehouse/AddNewWarehouse', 'Warehouse/WarehouseList', 'Warehouse/WLocation', 'Warehouse/LocationRow', 'Warehouse/LocationPickerRow',
    'Warehouse/WarehouseLocationSelector',
    'People/AddNewPeople', 'People/PeopleList',
    'Receipt/AddReceipt', 'Receipt/ReceiptDetails', 'Receipt/ReceiptList',
    'Inventory/WarehouseStock',
  ],
  aliases: {
    'Cargos/ReceiveCargo': 'Cargos/ReceiveCorgo',
    'consignment/AddNewConsignment': 'consignment/AddNewConsignmnet',
    'Warehouse/AddTransfer': 'Warehouse/AddTrensfer',
  },
});
