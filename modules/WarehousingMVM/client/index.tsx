/**
 * Warehousing's client part: its navigation (each place shown to those whose role opens it) and a
 * screen for each route. Routes named after a piece of a screen open that piece on its own page
 * (a row editor, a picker that returns its choice) or the screen that holds it.
 */
import { msg } from '@lingui/core/macro';
import { permission } from '@/contract/entity.ts';
import { defineClientModule, lazyScreen } from '@/moduleKit.ts';
import { Category, Location, Party, Product, Warehouse } from '../entities/masterData.ts';
import { StockCount } from '../entities/counts.ts';
import { Cargo, Consignment } from '../entities/inbound.ts';
import { Transfer } from '../entities/movements.ts';
import { Receipt, StockBalance } from '../entities/stock.ts';
import module from '../module.ts';
import { Shortfalls } from './parts/Shortfalls.tsx';

const read = (e: Parameters<typeof permission>[0]) => permission(e, 'read');

export default defineClientModule({
  module,
  documentPages: { Receipt: 'Receipt/ReceiptDetails', Consignment: 'consignment/ConsignmentDetails' },
  refusals: { Receipt: Shortfalls, Transfer: Shortfalls, TransferArrival: Shortfalls, StockCount: Shortfalls, Consignment: Shortfalls },
  name: msg`Warehousing & inventory`,
  description: msg`Warehouses and their bins, products, receipts and issues, transfers, stock counts, cargos, consignments, labels and stock on hand.`,
  icon: 'warehouse',
  nav: [
    { screen: 'dashboard', label: msg`Dashboard`, needs: read(StockBalance) },
    { screen: 'Inventory/WarehouseStock', label: msg`Stock on hand`, needs: read(StockBalance) },
    { screen: 'Receipt/ReceiptList', label: msg`Receipts and issues`, needs: read(Receipt) },
    { screen: 'Warehouse/AddTrensfer', label: msg`Transfers`, needs: read(Transfer) },
    { screen: 'Inventory/inventory', label: msg`Stock counts`, needs: read(StockCount) },
    { screen: 'Cargos/CargoList', label: msg`Cargos`, needs: read(Cargo) },
    { screen: 'consignment/ConsignmentList', label: msg`Consignments`, needs: read(Consignment) },
    { screen: 'Product/ProductBarcodeMaker', label: msg`Labels`, needs: read(Product) },
    { screen: 'Product/listProduct', label: msg`Products`, needs: read(Product) },
    { screen: 'Category/CategoryList', label: msg`Categories`, needs: read(Category) },
    { screen: 'Warehouse/WarehouseList', label: msg`Warehouses`, needs: read(Warehouse) },
    { screen: 'Warehouse/WLocation', label: msg`Locations`, needs: read(Location) },
    { screen: 'People/PeopleList', label: msg`People and companies`, needs: read(Party) },
  ],
  screens: {
    dashboard: lazyScreen(() => import('./screens/Dashboard.tsx'), 'Dashboard'),
    'Category/AddNewCategory': lazyScreen(() => import('./screens/categories.tsx'), 'AddNewCategory'),
    'Category/CategoryList': lazyScreen(() => import('./screens/categories.tsx'), 'CategoryList'),
    'Category/CategoryRow': lazyScreen(() => import('./screens/categories.tsx'), 'CategoryRow'),
    'Category/CategorySelectModal': lazyScreen(() => import('./screens/categories.tsx'), 'CategorySelectModal'),
    'Category/CategorySelectRow': lazyScreen(() => import('./screens/categories.tsx'), 'CategorySelectRow'),
    'Product/AddNewProduct': lazyScreen(() => import('./screens/products.tsx'), 'AddNewProduct'),
    'Product/listProduct': lazyScreen(() => import('./screens/products.tsx'), 'ProductList'),
    'Product/ProductDetails': lazyScreen(() => import('./screens/ProductDetails.tsx'), 'ProductDetails'),
    'Warehouse/AddNewWarehouse': lazyScreen(() => import('./screens/warehouses.tsx'), 'AddNewWarehouse'),
    'Warehouse/WarehouseList': lazyScreen(() => import('./screens/warehouses.tsx'), 'WarehouseList'),
    'Warehouse/WLocation': lazyScreen(() => import('./screens/locations.tsx'), 'Locations'),
    'Warehouse/LocationRow': lazyScreen(() => import('./screens/locations.tsx'), 'LocationRow'),
    'Warehouse/LocationPickerRow': lazyScreen(() => import('./screens/locations.tsx'), 'LocationPickerRow'),
    'Warehouse/WarehouseLocationSelector': lazyScreen(() => import('./screens/locations.tsx'), 'WarehouseLocationSelector'),
    'People/AddNewPeople': lazyScreen(() => import('./screens/people.tsx'), 'AddNewPeople'),
    'People/PeopleList': lazyScreen(() => import('./screens/people.tsx'), 'PeopleList'),
    'Receipt/AddReceipt': lazyScreen(() => import('./screens/receipts.tsx'), 'AddReceipt'),
    'Receipt/ReceiptDetails': lazyScreen(() => import('./screens/receipts.tsx'), 'ReceiptDetails'),
    'Receipt/ReceiptList': lazyScreen(() => import('./screens/receipts.tsx'), 'ReceiptList'),
    'Inventory/WarehouseStock': lazyScreen(() => import('./screens/WarehouseStock.tsx'), 'WarehouseStock'),
    'Inventory/inventory': lazyScreen(() => import('./screens/counts.tsx'), 'StockCounts'),
    'Inventory/AddProductToWarehouse': lazyScreen(() => import('./screens/openingStock.tsx'), 'AddProductToWarehouse'),
    'Product/ProductBarcodeMaker': lazyScreen(() => import('./screens/ProductBarcodeMaker.tsx'), 'ProductBarcodeMaker'),
    'Warehouse/AddTrensfer': lazyScreen(() => import('./screens/transfers.tsx'), 'AddTrensfer'),
    'Cargos/AddNewCargo': lazyScreen(() => import('./screens/cargos.tsx'), 'AddNewCargo'),
    'Cargos/CargoList': lazyScreen(() => import('./screens/cargos.tsx'), 'CargoList'),
    'Cargos/ReceiveCorgo': lazyScreen(() => import('./screens/ReceiveCorgo.tsx'), 'ReceiveCorgo'),
    'consignment/AddNewConsignmnet': lazyScreen(() => import('./screens/consignments.tsx'), 'AddNewConsignmnet'),
    'consignment/ConsignmentDetails': lazyScreen(() => import('./screens/consignments.tsx'), 'ConsignmentDetails'),
    'consignment/ConsignmentList': lazyScreen(() => import('./screens/consignments.tsx'), 'ConsignmentList'),
    'consignment/ConsignmentReceive': lazyScreen(() => import('./screens/consignments.tsx'), 'ConsignmentReceive'),
  },
  catalogue: {
    fa: () => import('../locales/fa.po'),
    en: () => import('../locales/en.po'),
  },
});
