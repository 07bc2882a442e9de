/**
 * Every client route of spec section 2, written once, spelled as the spec spells them (those are
 * canonical), with the correctly spelled aliases that redirect to them. Routes match
 * case-insensitively. The server reads this too, to tell a client route from a missing file.
 */
export const paths = {
  home: '/',
  auth: {
    login: '/auth/Login',
    mobileLogin: '/auth/MobileLogin',
    passwordForgot: '/auth/PasswordForgot',
    profile: '/auth/Profile',
    signUp: '/auth/Singup',
  },
  user: {
    dashboard: '/User/Dashboard',
    panel: '/User/Panel',
    profile: '/User/Profile',
    profileInformation: '/User/Profile/information',
    profileSecurity: '/User/Profile/Security',
    panelDashboard: '/User/Panel/Dashboard',
    panelList: '/User/Panel/PanelList',
    registerPanel: '/User/Panel/AddPanel/RegisterPanel',
  },
  syncProblems: '/User/Panel/SyncProblems',
} as const;

export const MODULE_BASE = '/User/Panel/Module';

/** The modules, keyed by the path segment the spec gives them. */
export const moduleKeys = [
  'HumanResource',
  'NagemManagement',
  'PanelManagement',
  'WarehousingMVM',
  'NagemWarehousingERP',
  'MarketAccounting',
] as const;
export type ModuleKey = (typeof moduleKeys)[number];

/** Each module's screens, relative to `/User/Panel/Module/<Module>/`. */
export const moduleScreens: Record<ModuleKey, readonly string[]> = {
  HumanResource: [
    'dashboard',
    'Management/Attendance/Report/ReportIO',
    'Management/Personnel/AddNewPersonnel',
    'Management/Personnel/list/PersonnelList',
    'Management/Workplace/Device/DeviceManagement',
    'Management/Workplace/Place/PlaceManagement',
    'Management/Workplace/Rules/RulesManagement',
  ],
  MarketAccounting: ['dashboard'],
  NagemManagement: [
    'Dashboard',
    'Agents/Access', 'Agents/AddNewAgent', 'Agents/AgentPerformance', 'Agents/Dashboard', 'Agents/List',
    'Customers/AddNewCustomer', 'Customers/CustomersDetails', 'Customers/CustomersList', 'Customers/PanelManagement',
    'Modules/AddNewModule', 'Modules/ModuleDetails', 'Modules/ModuleList',
    'Sale/AddNewSale', 'Sale/SaleList', 'Sale/SaleStatus', 'Sale/Seller',
    'Sale/PanelSetupForms/AddModule', 'Sale/PanelSetupForms/AddRoleUser', 'Sale/PanelSetupForms/ChartFlow',
    'Support/RequestDetails', 'Support/RequestList', 'Support/SupporterList',
  ],
  NagemWarehousingERP: ['product/AddNewProduct'],
  PanelManagement: [
    'Module/add', 'Module/list', 'PanelDetails', 'People/Access', 'Activity', 'ChartFlow', 'Icon',
    'initial-elements', 'list', 'Role',
  ],
  WarehousingMVM: [
    'Cargos/AddNewCargo', 'Cargos/CargoList', 'Cargos/ReceiveCorgo',
    'Category/AddNewCategory', 'Category/CategoryList', 'Category/CategoryRow', 'Category/CategorySelectModal',
    'Category/CategorySelectRow',
    'consignment/AddNewConsignmnet', 'consignment/ConsignmentDetails', 'consignment/ConsignmentList',
    'consignment/ConsignmentReceive',
    'dashboard',
    'Inventory/AddProductToWarehouse', 'Inventory/inventory', 'Inventory/WarehouseStock',
    'People/AddNewPeople', 'People/PeopleList',
    'Product/AddNewProduct', 'Product/listProduct', 'Product/ProductBarcodeMaker', 'Product/ProductDetails',
    'Receipt/AddReceipt', 'Receipt/ReceiptDetails', 'Receipt/ReceiptList',
    'Warehouse/AddNewWarehouse', 'Warehouse/AddTrensfer', 'Warehouse/LocationPickerRow', 'Warehouse/LocationRow',
    'Warehouse/WarehouseList', 'Warehouse/WarehouseLocationSelector', 'Warehouse/WLocation',
  ],
};

/** The full path of a module screen, e.g. modulePath('PanelManagement', 'Role'). */
export function modulePath(module: ModuleKey, screen: string): string {
  return `${MODULE_BASE}/${module}/${screen}`;
}

/** Correctly spelled paths that redirect to the spec's spellings. */
export const aliases: Readonly<Record<string, string>> = {
  '/auth/Signup': paths.auth.signUp,
  '/auth/SignUp': paths.auth.signUp,
  [modulePath('WarehousingMVM', 'Cargos/ReceiveCargo')]: modulePath('WarehousingMVM', 'Cargos/ReceiveCorgo'),
  [modulePath('WarehousingMVM', 'consignment/AddNewConsignment')]: modulePath('WarehousingMVM', 'consignment/AddNewConsignmnet'),
  [modulePath('WarehousingMVM', 'Warehouse/AddTransfer')]: modulePath('WarehousingMVM', 'Warehouse/AddTrensfer'),
};

/** Every route of the spec (section 2), canonical spelling. */
export const allRoutes: readonly string[] = [
  paths.home,
  ...Object.values(paths.auth),
  ...Object.values(paths.user),
  paths.syncProblems,
  ...moduleKeys.flatMap((m) => moduleScreens[m].map((s) => modulePath(m, s))),
];

function key(path: string): string {
  return path.toLowerCase().replace(/\/+$/, '') || '/';
}

const canonicalByKey = new Map(allRoutes.map((r) => [key(r), r]));
const aliasByKey = new Map(Object.entries(aliases).map(([from, to]) => [key(from), to]));

/** The canonical route a path names (any case, an alias, a trailing slash), or null. */
export function canonicalRoute(path: string): string | null {
  const k = key(path);
  return canonicalByKey.get(k) ?? aliasByKey.get(k) ?? null;
}

/** The module a path belongs to, if it is a module screen. */
export function moduleOfPath(path: string): ModuleKey | null {
  const prefix = `${MODULE_BASE.toLowerCase()}/`;
  const lower = path.toLowerCase();
  if (!lower.startsWith(prefix)) return null;
  const segment = lower.slice(prefix.length).split('/')[0];
  return moduleKeys.find((m) => m.toLowerCase() === segment) ?? null;
}

/** Routes under /User need a session. */
export function needsSession(path: string): boolean {
  return key(path).startsWith('/user');
}
