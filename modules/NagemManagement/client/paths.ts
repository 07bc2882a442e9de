/** Every sales screen's path, written once; links are built from here. */
import { modulePath } from '@/contract/routes.ts';

const at = (screen: string) => modulePath('NagemManagement', screen);

export const nm = {
  dashboard: at('Dashboard'),
  access: at('Agents/Access'),
  addAgent: at('Agents/AddNewAgent'),
  performance: at('Agents/AgentPerformance'),
  agentDashboard: at('Agents/Dashboard'),
  agents: at('Agents/List'),
  addCustomer: at('Customers/AddNewCustomer'),
  customer: at('Customers/CustomersDetails'),
  customers: at('Customers/CustomersList'),
  subscriptions: at('Customers/PanelManagement'),
  addModule: at('Modules/AddNewModule'),
  module: at('Modules/ModuleDetails'),
  modules: at('Modules/ModuleList'),
  addSale: at('Sale/AddNewSale'),
  sales: at('Sale/SaleList'),
  board: at('Sale/SaleStatus'),
  sellers: at('Sale/Seller'),
  setupModules: at('Sale/PanelSetupForms/AddModule'),
  setupRoleUser: at('Sale/PanelSetupForms/AddRoleUser'),
  setupChart: at('Sale/PanelSetupForms/ChartFlow'),
  request: at('Support/RequestDetails'),
  requests: at('Support/RequestList'),
  supporters: at('Support/SupporterList'),
} as const;

export { withQuery } from '@/contract/routes.ts';
