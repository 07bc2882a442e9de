/**
 * Sales, customers, agents and support (sales-crm-support.md): the catalogue of modules sold,
 * customers owned by their agents (a row scope), sales as documents moved along a board of stages
 * and invoiced when won, the subscriptions and the setup checklist a won sale brings, and support
 * requests with their thread. The organisation chart of the setup comes from panel management.
 */
import { defineModule } from '../../src/contract/module.ts';
import { Agent, Module, SalesSetting } from './entities/catalogue.ts';
import { Customer, Payment, Subscription } from './entities/customers.ts';
import { Sale, SetupStep } from './entities/sale.ts';
import { Request, RequestMessage } from './entities/support.ts';

export default defineModule({
  key: 'NagemManagement',
  order: 40,
  entities: [Module, Agent, SalesSetting, Customer, Sale, Payment, Subscription, SetupStep, Request, RequestMessage],
  dependsOn: ['PanelManagement'],
  routes: {
    dashboard: 'Dashboard',
    access: 'Agents/Access',
    addAgent: 'Agents/AddNewAgent',
    performance: 'Agents/AgentPerformance',
    agentDashboard: 'Agents/Dashboard',
    agents: 'Agents/List',
    addCustomer: 'Customers/AddNewCustomer',
    customer: 'Customers/CustomersDetails',
    customers: 'Customers/CustomersList',
    subscriptions: 'Customers/PanelManagement',
    addModule: 'Modules/AddNewModule',
    module: 'Modules/ModuleDetails',
    modules: 'Modules/ModuleList',
    addSale: 'Sale/AddNewSale',
    sales: 'Sale/SaleList',
    board: 'Sale/SaleStatus',
    sellers: 'Sale/Seller',
    setupModules: 'Sale/PanelSetupForms/AddModule',
    setupRoleUser: 'Sale/PanelSetupForms/AddRoleUser',
    setupChart: 'Sale/PanelSetupForms/ChartFlow',
    request: 'Support/RequestDetails',
    requests: 'Support/RequestList',
    supporters: 'Support/SupporterList',
  },
});
