/** Every warehousing screen's path, written once; links are built from here. */
import { modulePath } from '@/contract/routes.ts';

const at = (screen: string) => modulePath('WarehousingMVM', screen);

export const wh = {
  dashboard: at('dashboard'),
  categoryList: at('Category/CategoryList'),
  addCategory: at('Category/AddNewCategory'),
  categoryRow: at('Category/CategoryRow'),
  categoryPicker: at('Category/CategorySelectModal'),
  productList: at('Product/listProduct'),
  addProduct: at('Product/AddNewProduct'),
  productDetails: at('Product/ProductDetails'),
  warehouseList: at('Warehouse/WarehouseList'),
  addWarehouse: at('Warehouse/AddNewWarehouse'),
  locations: at('Warehouse/WLocation'),
  locationRow: at('Warehouse/LocationRow'),
  locationPicker: at('Warehouse/WarehouseLocationSelector'),
  peopleList: at('People/PeopleList'),
  addPeople: at('People/AddNewPeople'),
  receiptList: at('Receipt/ReceiptList'),
  addReceipt: at('Receipt/AddReceipt'),
  receiptDetails: at('Receipt/ReceiptDetails'),
  stock: at('Inventory/WarehouseStock'),
  stockCount: at('Inventory/inventory'),
  openingStock: at('Inventory/AddProductToWarehouse'),
  labels: at('Product/ProductBarcodeMaker'),
  transfer: at('Warehouse/AddTrensfer'),
  cargoList: at('Cargos/CargoList'),
  addCargo: at('Cargos/AddNewCargo'),
  receiveCargo: at('Cargos/ReceiveCorgo'),
  consignmentList: at('consignment/ConsignmentList'),
  addConsignment: at('consignment/AddNewConsignmnet'),
  consignmentDetails: at('consignment/ConsignmentDetails'),
  consignmentReceive: at('consignment/ConsignmentReceive'),
} as const;

export { withQuery } from '@/contract/routes.ts';
