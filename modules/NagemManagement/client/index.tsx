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
  documentPages: { Sale: 'sales', Request: 'request' },
  refusals: { Sale: SaleRefusal },
  name: msg`Sales, customers & support`,
  description: msg`Customers and their agents, the catalogue of modules sold, sales on a board of stages, subscriptions, setup after a sale, and support requests.`,
  icon: 'cart',
  nav: [
    { screen: 'dashboard', label: msg`Dashboard`, needs: read(Sale) },
    { screen: 'board', label: msg`Sales board`, needs: read(Sale) },
    { screen: 'sales', label: msg`Sales`, needs: read(Sale) },
    { screen: 'sellers', label: msg`Sales by seller`, needs: read(Sale) },
    { screen: 'customers', label: msg`Customers`, needs: read(Customer) },
    { screen: 'subscriptions', label: msg`Subscriptions and renewals`, needs: read(Subscription) },
    { screen: 'modules', label: msg`Catalogue of modules`, needs: read(Module) },
    { screen: 'agentDashboard', label: msg`My sales`, needs: read(Sale) },
    { screen: 'agents', label: msg`Agents`, needs: read(Agent) },
    { screen: 'access', label: msg`Agents’ customers`, needs: permission(Customer, 'readAll') },
    { screen: 'performance', label: msg`Agent performance`, needs: read(Agent) },
    { screen: 'setupModules', label: msg`Setup after a sale`, needs: read(SetupStep) },
    { screen: 'requests', label: msg`Support requests`, needs: read(Request) },
    { screen: 'supporters', label: msg`Supporters`, needs: read(Request) },
  ],
  screens: {
    dashboard: lazyScreen(() => import('./screens/Dashboard.tsx'), 'Dashboard'),
    access: lazyScreen(() => import('./screens/Access.tsx'), 'Access'),
    addAgent: lazyScreen(() => import('./screens/agents.tsx'), 'AddNewAgent'),
    performance: lazyScreen(() => import('./screens/AgentPerformance.tsx'), 'AgentPerformance'),
    agentDashboard: lazyScreen(() => import('./screens/AgentDashboard.tsx'), 'AgentDashboard'),
    agents: lazyScreen(() => import('./screens/agents.tsx'), 'AgentList'),
    addCustomer: lazyScreen(() => import('./screens/customers.tsx'), 'AddNewCustomer'),
    customer: lazyScreen(() => import('./screens/CustomersDetails.tsx'), 'CustomersDetails'),
    customers: lazyScreen(() => import('./screens/customers.tsx'), 'CustomersList'),
    subscriptions: lazyScreen(() => import('./screens/Subscriptions.tsx'), 'Subscriptions'),
    addModule: lazyScreen(() => import('./screens/catalogue.tsx'), 'AddNewModule'),
    module: lazyScreen(() => import('./screens/ModuleDetails.tsx'), 'ModuleDetails'),
    modules: lazyScreen(() => import('./screens/catalogue.tsx'), 'ModuleList'),
    addSale: lazyScreen(() => import('./screens/sales.tsx'), 'AddNewSale'),
    sales: lazyScreen(() => import('./screens/sales.tsx'), 'SaleList'),
    board: lazyScreen(() => import('./screens/SaleStatus.tsx'), 'SaleStatus'),
    sellers: lazyScreen(() => import('./screens/Seller.tsx'), 'Seller'),
    setupModules: lazyScreen(() => import('./screens/setup.tsx'), 'SetupModules'),
    setupRoleUser: lazyScreen(() => import('./screens/setup.tsx'), 'SetupRoleUser'),
    setupChart: lazyScreen(() => import('./screens/setup.tsx'), 'SetupChart'),
    request: lazyScreen(() => import('./screens/RequestDetails.tsx'), 'RequestDetails'),
    requests: lazyScreen(() => import('./screens/RequestList.tsx'), 'RequestList'),
    supporters: lazyScreen(() => import('./screens/SupporterList.tsx'), 'SupporterList'),
  },
  catalogue: {
    fa: () => import('../locales/fa.po'),
    en: () => import('../locales/en.po'),
  },
});
