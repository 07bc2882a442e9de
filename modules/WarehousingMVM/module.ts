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
import { OpeningStockImport } from './entities/openingStockImport.ts';
import { Receipt, StockBalance, StockMove, StockValuation } from './entities/stock.ts';

export default defineModule({
  key: 'WarehousingMVM',
  order: 20,
  entities: [
    Category,
    Product,
    Warehouse,
    Location,
    Party,
    Receipt,
    StockMove,
    StockBalance,
    StockValuation,
    Transfer,
    TransferArrival,
    StockCount,
    CountEntry,
    Cargo,
    Consignment,
  ],
  routes: {
    dashboard: 'dashboard',
    addCategory: 'Category/AddNewCategory',
    categoryList: 'Category/CategoryList',
    categoryRow: 'Category/CategoryRow',
    categoryPicker: 'Category/CategorySelectModal',
    categoryPickerRow: 'Category/CategorySelectRow',
    addProduct: 'Product/AddNewProduct',
    productList: 'Product/listProduct',
    labels: 'Product/ProductBarcodeMaker',
    productDetails: 'Product/ProductDetails',
    addWarehouse: 'Warehouse/AddNewWarehouse',
    warehouseList: 'Warehouse/WarehouseList',
    locations: 'Warehouse/WLocation',
    locationRow: 'Warehouse/LocationRow',
    locationPickerRow: 'Warehouse/LocationPickerRow',
    locationPicker: 'Warehouse/WarehouseLocationSelector',
    transfer: 'Warehouse/AddTrensfer',
    addPeople: 'People/AddNewPeople',
    peopleList: 'People/PeopleList',
    addReceipt: 'Receipt/AddReceipt',
    receiptDetails: 'Receipt/ReceiptDetails',
    receiptList: 'Receipt/ReceiptList',
    stock: 'Inventory/WarehouseStock',
    stockCount: 'Inventory/inventory',
    openingStock: 'Inventory/AddProductToWarehouse',
    addCargo: 'Cargos/AddNewCargo',
    cargoList: 'Cargos/CargoList',
    receiveCargo: 'Cargos/ReceiveCorgo',
    addConsignment: 'consignment/AddNewConsignmnet',
    consignmentDetails: 'consignment/ConsignmentDetails',
    consignmentList: 'consignment/ConsignmentList',
    consignmentReceive: 'consignment/ConsignmentReceive',
  },
  documentImports: [OpeningStockImport],
  aliases: {
    'Cargos/ReceiveCargo': 'Cargos/ReceiveCorgo',
    'consignment/AddNewConsignment': 'consignment/AddNewConsignmnet',
    'Warehouse/AddTransfer': 'Warehouse/AddTrensfer',
  },
});
