/**
 * The standard chart a new panel starts with: the groups and accounts an Iranian shop or trading
 * company keeps (کدینگ حساب‌ها), in Persian or English after the language of whoever sets it up.
 * The accounts the server posts to by itself carry their role.
 */
import type { AccountKind, AccountRole } from '../entities/books.ts';

export interface ChartAccount {
  code: string;
  fa: string;
  en: string;
  kind: AccountKind;
  parent?: string;
  role?: AccountRole;
}

export const standardChart: readonly ChartAccount[] = [
  { code: '1', fa: 'دارایی‌ها', en: 'Assets', kind: 'asset' },
  { code: '11', fa: 'دارایی‌های جاری', en: 'Current assets', kind: 'asset', parent: '1' },
  { code: '1101', fa: 'صندوق', en: 'Cash on hand', kind: 'asset', parent: '11', role: 'cash' },
  { code: '1102', fa: 'موجودی نزد بانک‌ها', en: 'Cash at bank', kind: 'asset', parent: '11', role: 'bank' },
  { code: '1103', fa: 'حساب‌های دریافتنی تجاری', en: 'Trade receivables', kind: 'asset', parent: '11', role: 'receivable' },
  { code: '1104', fa: 'اسناد دریافتنی (چک‌های نزد صندوق)', en: 'Cheques in hand', kind: 'asset', parent: '11', role: 'chequesInHand' },
  { code: '1105', fa: 'اسناد در جریان وصول', en: 'Cheques in collection', kind: 'asset', parent: '11', role: 'chequesInCollection' },
  { code: '1106', fa: 'موجودی کالا', en: 'Inventory', kind: 'asset', parent: '11', role: 'inventory' },
  { code: '1107', fa: 'مالیات بر ارزش افزوده خرید', en: 'VAT receivable', kind: 'asset', parent: '11', role: 'vatReceivable' },
  { code: '12', fa: 'دارایی‌های غیرجاری', en: 'Non-current assets', kind: 'asset', parent: '1' },
  { code: '1201', fa: 'اموال، ماشین‌آلات و تجهیزات', en: 'Property, plant and equipment', kind: 'asset', parent: '12' },
  { code: '2', fa: 'بدهی‌ها', en: 'Liabilities', kind: 'liability' },
  { code: '21', fa: 'بدهی‌های جاری', en: 'Current liabilities', kind: 'liability', parent: '2' },
  { code: '2101', fa: 'حساب‌های پرداختنی تجاری', en: 'Trade payables', kind: 'liability', parent: '21', role: 'payable' },
  { code: '2102', fa: 'اسناد پرداختنی', en: 'Cheques payable', kind: 'liability', parent: '21', role: 'chequesPayable' },
  { code: '2103', fa: 'مالیات بر ارزش افزوده پرداختنی', en: 'VAT payable', kind: 'liability', parent: '21', role: 'vatPayable' },
  { code: '3', fa: 'حقوق مالکانه', en: 'Equity', kind: 'equity' },
  { code: '3101', fa: 'سرمایه', en: 'Capital', kind: 'equity', parent: '3' },
  { code: '3102', fa: 'سود (زیان) انباشته', en: 'Retained earnings', kind: 'equity', parent: '3' },
  { code: '3103', fa: 'برداشت', en: 'Drawings', kind: 'equity', parent: '3' },
  { code: '3104', fa: 'تراز افتتاحیه', en: 'Opening balance equity', kind: 'equity', parent: '3', role: 'openingBalance' },
  { code: '4', fa: 'درآمدها', en: 'Income', kind: 'income' },
  { code: '4101', fa: 'فروش کالا', en: 'Sales', kind: 'income', parent: '4', role: 'revenue' },
  { code: '4102', fa: 'برگشت از فروش و تخفیفات', en: 'Sales returns and discounts', kind: 'income', parent: '4', role: 'salesReturns' },
  { code: '4201', fa: 'سایر درآمدها', en: 'Other income', kind: 'income', parent: '4' },
  { code: '5', fa: 'هزینه‌ها', en: 'Expenses', kind: 'expense' },
  { code: '5101', fa: 'بهای تمام‌شده کالای فروش‌رفته', en: 'Cost of goods sold', kind: 'expense', parent: '5', role: 'costOfSales' },
  {
    code: '5102',
    fa: 'خرید کالا و خدمات (غیر انباری)',
    en: 'Purchases not kept in stock',
    kind: 'expense',
    parent: '5',
    role: 'purchases',
  },
  { code: '5201', fa: 'حقوق و دستمزد', en: 'Salaries and wages', kind: 'expense', parent: '5' },
  { code: '5202', fa: 'اجاره', en: 'Rent', kind: 'expense', parent: '5' },
  { code: '5203', fa: 'آب، برق، گاز و تلفن', en: 'Utilities', kind: 'expense', parent: '5' },
  { code: '5204', fa: 'حمل و نقل', en: 'Freight', kind: 'expense', parent: '5' },
  { code: '5205', fa: 'کارمزد بانکی', en: 'Bank charges', kind: 'expense', parent: '5' },
  { code: '5299', fa: 'سایر هزینه‌ها', en: 'Other expenses', kind: 'expense', parent: '5' },
];

/** Groups have children; only the leaves take postings. */
export const isGroup = (code: string) => standardChart.some((a) => a.parent === code);
