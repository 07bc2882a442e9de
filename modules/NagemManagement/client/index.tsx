/**
 * Sales' client part: its navigation (each place shown to those whose role opens it) and a screen
 * for each route of sales-crm-support.md.
 */
import { msg } from '@lingui/core/macro';
import { permission } from '@/contract/entity.ts';
import { defineClientModule, lazyScreen } from '@/moduleKit.ts';
import { Agent, Module } from '../entities/catalogue.ts';
import { Customer, Subscription } from '../entities/customers.ts';
import { Sale, SetupStep } from '../entities/sale.ts';
import { Request } from '../entities/support.ts';
import module from '../module.ts';
import { SaleRefusal } from './parts/SaleRefusal.tsx';

const read = (e: Parameters<typeof permission>[0]) => permission(e, 'read');

export default defineClientModule({
  module,
  documentPages: { Sale: 'Sale/SaleList' },
  refusals: { Sale: SaleRefusal },
  name: msg`Sales, customers & support`,
  description: msg`Customers and their agents, the catalogue of modules sold, sales on a board of stages, subscriptions, setup after a sale, and support requests.`,
  icon: 'cart',
  nav: [
    { screen: 'Dashboard', label: msg`Dashboard`, needs: read(Sale) },
    { screen: 'Sale/SaleStatus', label: msg`Sales board`, needs: read(Sale) },
    { screen: 'Sale/SaleList', label: msg`Sales`, needs: read(Sale) },
    { screen: 'Sale/Seller', label: msg`Sales by seller`, needs: read(Sale) },
    { screen: 'Customers/CustomersList', label: msg`Customers`, needs: read(Customer) },
    { screen: 'Customers/PanelManagement', label: msg`Subscriptions and renewals`, needs: read(Subscription) },
    { screen: 'Modules/ModuleList', label: msg`Catalogue of modules`, needs: read(Module) },
    { screen: 'Agents/Dashboard', label: msg`My sales`, needs: read(Sale) },
    { screen: 'Agents/List', label: msg`Agents`, needs: read(Agent) },
    { screen: 'Agents/Access', label: msg`Agents’ customers`, needs: permission(Customer, 'readAll') },
    { screen: 'Agents/AgentPerformance', label: msg`Agent performance`, needs: read(Agent) },
    { screen: 'Sale/PanelSetupForms/AddModule', label: msg`Setup after a sale`, needs: read(SetupStep) },
    { screen: 'Support/RequestList', label: msg`Support requests`, needs: read(Request) },
    { screen: 'Support/SupporterList', label: msg`Supporters`, needs: read(Request) },
  ],
  screens: {
    Dashboard: lazyScreen(() => import('./screens/Dashboard.tsx'), 'Dashboard'),
    'Agents/Access': lazyScreen(() => import('./screens/Access.tsx'), 'Access'),
    'Agents/AddNewAgent': lazyScreen(() => import('./screens/agents.tsx'), 'AddNewAgent'),
    'Agents/AgentPerformance': lazyScreen(() => import('./screens/AgentPerformance.tsx'), 'AgentPerformance'),
    'Agents/Dashboard': lazyScreen(() => import('./screens/AgentDashboard.tsx'), 'AgentDashboard'),
    'Agents/List': lazyScreen(() => import('./screens/agents.tsx'), 'AgentList'),
    'Customers/AddNewCustomer': lazyScreen(() => import('./screens/customers.tsx'), 'AddNewCustomer'),
    'Customers/CustomersDetails': lazyScreen(() => import('./screens/CustomersDetails.tsx'), 'CustomersDetails'),
    'Customers/CustomersList': lazyScreen(() => import('./screens/customers.tsx'), 'CustomersList'),
    'Customers/PanelManagement': lazyScreen(() => import('./screens/Subscriptions.tsx'), 'Subscriptions'),
    'Modules/AddNewModule': lazyScreen(() => import('./screens/catalogue.tsx'), 'AddNewModule'),
    'Modules/ModuleDetails': lazyScreen(() => import('./screens/ModuleDetails.tsx'), 'ModuleDetails'),
    'Modules/ModuleList': lazyScreen(() => import('./screens/catalogue.tsx'), 'ModuleList'),
    'Sale/AddNewSale': lazyScreen(() => import('./screens/sales.tsx'), 'AddNewSale'),
    'Sale/SaleList': lazyScreen(() => import('./screens/sales.tsx'), 'SaleList'),
    'Sale/SaleStatus': lazyScreen(() => import('./screens/SaleStatus.tsx'), 'SaleStatus'),
    'Sale/Seller': lazyScreen(() => import('./screens/Seller.tsx'), 'Seller'),
    'Sale/PanelSetupForms/AddModule': lazyScreen(() => import('./screens/setup.tsx'), 'SetupModules'),
    'Sale/PanelSetupForms/AddRoleUser': lazyScreen(() => import('./screens/setup.tsx'), 'SetupRoleUser'),
    'Sale/PanelSetupForms/ChartFlow': lazyScreen(() => import('./screens/setup.tsx'), 'SetupChart'),
    'Support/RequestDetails': lazyScreen(() => import('./screens/RequestDetails.tsx'), 'RequestDetails'),
    'Support/RequestList': lazyScreen(() => import('./screens/RequestList.tsx'), 'RequestList'),
    'Support/SupporterList': lazyScreen(() => import('./screens/SupporterList.tsx'), 'SupporterList'),
  },
  catalogue: {
    fa: () => import('../locales/fa.po'),
    en: () => import('../locales/en.po'),
  },
});
