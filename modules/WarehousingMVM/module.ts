/**
 * Warehousing and inventory (warehousing.md): master data, receipts and issues as documents, and
 * the stock ledger with its balances; transfers (dispatched and received between warehouses),
 * stock counts by several phones at once, cargos checked on arrival, consignments kept apart,
 * labels and scanning.
 */
import { defineModule } from '../../src/contract/module.ts';
import { Category, Location, Party, Product, Warehouse } from './entities/masterData.ts';
import { CountEntry, StockCount } from './entities/counts.ts';
import { Cargo, Consignment } from './entities/inbound.ts';
import { Transfer, TransferArrival } from './entities/movements.ts';
import { Receipt, StockBalance, StockMove, StockValuation } from './entities/stock.ts';

export default defineModule({
  key: 'WarehousingMVM',
  order: 20,
  entities: [Category, Product, Warehouse, Location, Party, Receipt, StockMove, StockBalance, StockValuation, Transfer, TransferArrival, StockCount, CountEntry, Cargo, Consignment],
  routes: [
    'dashboard',
    'Category/AddNewCategory', 'Category/CategoryList', 'Category/CategoryRow', 'Category/CategorySelectModal', 'Category/CategorySelectRow',
    'Product/AddNewProduct', 'Product/listProduct', 'Product/ProductBarcodeMaker', 'Product/ProductDetails',
    'Warehouse/AddNewWarehouse', 'Warehouse/WarehouseList', 'Warehouse/WLocation', 'Warehouse/LocationRow', 'Warehouse/LocationPickerRow',
    'Warehouse/WarehouseLocationSelector', 'Warehouse/AddTrensfer',
    'People/AddNewPeople', 'People/PeopleList',
    'Receipt/AddReceipt', 'Receipt/ReceiptDetails', 'Receipt/ReceiptList',
    'Inventory/WarehouseStock', 'Inventory/inventory', 'Inventory/AddProductToWarehouse',
    'Cargos/AddNewCargo', 'Cargos/CargoList', 'Cargos/ReceiveCorgo',
    'consignment/AddNewConsignmnet', 'consignment/ConsignmentDetails', 'consignment/ConsignmentList', 'consignment/ConsignmentReceive',
  ],
  aliases: {
    'Cargos/ReceiveCargo': 'Cargos/ReceiveCorgo',
    'consignment/AddNewConsignment': 'consignment/AddNewConsignmnet',
    'Warehouse/AddTransfer': 'Warehouse/AddTrensfer',
  },
});
