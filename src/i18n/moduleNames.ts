import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ModuleKey } from '../contract/routes.ts';

/** What each module is called, and what it is for, in words for people. */
export const moduleNames: Record<ModuleKey, MessageDescriptor> = {
  HumanResource: msg`Human resources & attendance`,
  NagemManagement: msg`Sales & customers`,
  PanelManagement: msg`Panel management`,
  WarehousingMVM: msg`Warehousing & inventory`,
  NagemWarehousingERP: msg`Warehouse products`,
  MarketAccounting: msg`Market accounting`,
};

export const moduleDescriptions: Record<ModuleKey, MessageDescriptor> = {
  HumanResource: msg`Personnel, workplaces, devices, rules and attendance reports.`,
  NagemManagement: msg`Customers, agents, sales and their status, and support requests.`,
  PanelManagement: msg`People, roles and access, modules, icons and the activity log.`,
  WarehousingMVM: msg`Warehouses, products, categories, cargos, consignments, receipts and transfers.`,
  NagemWarehousingERP: msg`The product catalogue shared with the ERP.`,
  MarketAccounting: msg`The market's books at a glance.`,
};
