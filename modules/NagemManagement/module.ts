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
  routes: [
    'Dashboard',
    'Agents/Access', 'Agents/AddNewAgent', 'Agents/AgentPerformance', 'Agents/Dashboard', 'Agents/List',
    'Customers/AddNewCustomer', 'Customers/CustomersDetails', 'Customers/CustomersList', 'Customers/PanelManagement',
    'Modules/AddNewModule', 'Modules/ModuleDetails', 'Modules/ModuleList',
    'Sale/AddNewSale', 'Sale/SaleList', 'Sale/SaleStatus', 'Sale/Seller',
    'Sale/PanelSetupForms/AddModule', 'Sale/PanelSetupForms/AddRoleUser', 'Sale/PanelSetupForms/ChartFlow',
    'Support/RequestDetails', 'Support/RequestList', 'Support/SupporterList',
  ],
});
