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
  documentPages: { Receipt: 'receiptDetails', Consignment: 'consignmentDetails' },
  refusals: { Receipt: Shortfalls, Transfer: Shortfalls, TransferArrival: Shortfalls, StockCount: Shortfalls, Consignment: Shortfalls },
  name: msg`Warehousing & inventory`,
  description: msg`Warehouses and their bins, products, receipts and issues, transfers, stock counts, cargos, consignments, labels and stock on hand.`,
  icon: 'warehouse',
  nav: [
    { screen: 'dashboard', label: msg`Dashboard`, needs: read(StockBalance) },
    { screen: 'stock', label: msg`Stock on hand`, needs: read(StockBalance) },
    { screen: 'receiptList', label: msg`Receipts and issues`, needs: read(Receipt) },
    { screen: 'transfer', label: msg`Transfers`, needs: read(Transfer) },
    { screen: 'stockCount', label: msg`Stock counts`, needs: read(StockCount) },
    { screen: 'cargoList', label: msg`Cargos`, needs: read(Cargo) },
    { screen: 'consignmentList', label: msg`Consignments`, needs: read(Consignment) },
    { screen: 'labels', label: msg`Labels`, needs: read(Product) },
    { screen: 'productList', label: msg`Products`, needs: read(Product) },
    { screen: 'categoryList', label: msg`Categories`, needs: read(Category) },
    { screen: 'warehouseList', label: msg`Warehouses`, needs: read(Warehouse) },
    { screen: 'locations', label: msg`Locations`, needs: read(Location) },
    { screen: 'peopleList', label: msg`People and companies`, needs: read(Party) },
  ],
  screens: {
    dashboard: lazyScreen(() => import('./screens/Dashboard.tsx'), 'Dashboard'),
    addCategory: lazyScreen(() => import('./screens/categories.tsx'), 'AddNewCategory'),
    categoryList: lazyScreen(() => import('./screens/categories.tsx'), 'CategoryList'),
    categoryRow: lazyScreen(() => import('./screens/categories.tsx'), 'CategoryRow'),
    categoryPicker: lazyScreen(() => import('./screens/categories.tsx'), 'CategorySelectModal'),
    categoryPickerRow: lazyScreen(() => import('./screens/categories.tsx'), 'CategorySelectRow'),
    addProduct: lazyScreen(() => import('./screens/products.tsx'), 'AddNewProduct'),
    productList: lazyScreen(() => import('./screens/products.tsx'), 'ProductList'),
    productDetails: lazyScreen(() => import('./screens/ProductDetails.tsx'), 'ProductDetails'),
    addWarehouse: lazyScreen(() => import('./screens/warehouses.tsx'), 'AddNewWarehouse'),
    warehouseList: lazyScreen(() => import('./screens/warehouses.tsx'), 'WarehouseList'),
    locations: lazyScreen(() => import('./screens/locations.tsx'), 'Locations'),
    locationRow: lazyScreen(() => import('./screens/locations.tsx'), 'LocationRow'),
    locationPickerRow: lazyScreen(() => import('./screens/locations.tsx'), 'LocationPickerRow'),
    locationPicker: lazyScreen(() => import('./screens/locations.tsx'), 'WarehouseLocationSelector'),
    addPeople: lazyScreen(() => import('./screens/people.tsx'), 'AddNewPeople'),
    peopleList: lazyScreen(() => import('./screens/people.tsx'), 'PeopleList'),
    addReceipt: lazyScreen(() => import('./screens/receipts.tsx'), 'AddReceipt'),
    receiptDetails: lazyScreen(() => import('./screens/receipts.tsx'), 'ReceiptDetails'),
    receiptList: lazyScreen(() => import('./screens/receipts.tsx'), 'ReceiptList'),
    stock: lazyScreen(() => import('./screens/WarehouseStock.tsx'), 'WarehouseStock'),
    stockCount: lazyScreen(() => import('./screens/counts.tsx'), 'StockCounts'),
    openingStock: lazyScreen(() => import('./screens/openingStock.tsx'), 'AddProductToWarehouse'),
    labels: lazyScreen(() => import('./screens/ProductBarcodeMaker.tsx'), 'ProductBarcodeMaker'),
    transfer: lazyScreen(() => import('./screens/transfers.tsx'), 'AddTrensfer'),
    addCargo: lazyScreen(() => import('./screens/cargos.tsx'), 'AddNewCargo'),
    cargoList: lazyScreen(() => import('./screens/cargos.tsx'), 'CargoList'),
    receiveCargo: lazyScreen(() => import('./screens/ReceiveCorgo.tsx'), 'ReceiveCorgo'),
    addConsignment: lazyScreen(() => import('./screens/consignments.tsx'), 'AddNewConsignmnet'),
    consignmentDetails: lazyScreen(() => import('./screens/consignments.tsx'), 'ConsignmentDetails'),
    consignmentList: lazyScreen(() => import('./screens/consignments.tsx'), 'ConsignmentList'),
    consignmentReceive: lazyScreen(() => import('./screens/consignments.tsx'), 'ConsignmentReceive'),
  },
  catalogue: {
    fa: () => import('../locales/fa.po'),
    en: () => import('../locales/en.po'),
  },
});
