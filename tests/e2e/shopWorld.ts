/**
 * A shop's real day, made through the API as its people would have made it, in one panel with
 * every module on: 31 Persian products in categories, two warehouses with bins, receipts and a
 * goods-out, transfers, a stock count, a cargo and consignments; ten staff with their punches;
 * customers, sales at every stage, a payment and a support request; the chart of accounts,
 * vouchers, payments and a cheque; and roles that report to one another (the organisation chart). The phone sweep (phoneSweep.test.ts) visits every screen on it.
 */
import { randomUUID } from 'node:crypto';
import { Role } from '../../src/contract/access.ts';
import { entityPath, type Entity, type Row } from '../../src/contract/entity.ts';
import { panelEndpoints, type CurrentPanel } from '../../src/contract/panels.ts';
import { Personnel, Place, Rule } from '../../modules/HumanResource/entities/masterData.ts';
import { Punch } from '../../modules/HumanResource/entities/punch.ts';
import { addDays, tehranDay } from '../../modules/HumanResource/rules/attendanceDay.ts';
import { BankAccount, CashBox, Party as BookParty } from '../../modules/MarketAccounting/entities/books.ts';
import { Payment as BookPayment, Voucher } from '../../modules/MarketAccounting/entities/documents.ts';
import { Invoice } from '../../modules/MarketAccounting/entities/invoices.ts';
import { accountId } from '../../modules/MarketAccounting/server/books.ts';
import { Agent, Module } from '../../modules/NagemManagement/entities/catalogue.ts';
import { Customer, Payment as SalePayment } from '../../modules/NagemManagement/entities/customers.ts';
import { Sale } from '../../modules/NagemManagement/entities/sale.ts';
import { Request, RequestMessage } from '../../modules/NagemManagement/entities/support.ts';
import { StockCount } from '../../modules/WarehousingMVM/entities/counts.ts';
import { Cargo, Consignment } from '../../modules/WarehousingMVM/entities/inbound.ts';
import { Category, Location, Party, Product, Warehouse } from '../../modules/WarehousingMVM/entities/masterData.ts';
import { Transfer } from '../../modules/WarehousingMVM/entities/movements.ts';
import { Receipt } from '../../modules/WarehousingMVM/entities/stock.ts';
import { modulePath, withQuery } from '../../src/contract/routes.ts';
import { allModuleKeys } from './appRoutes.ts';
import type { RunningServer } from './harness.ts';
import { callInPanel } from './panelsSteps.ts';

export const shopName = 'فروشگاه سپیده';

const productNames = [
  'چای سبز',
  'چای سیاه ممتاز',
  'قهوه اسپرسو',
  'برنج هاشمی',
  'روغن آفتابگردان',
  'شکر سفید',
  'نمک یددار',
  'عدس',
  'لوبیا قرمز',
  'نخود',
  'ماکارونی',
  'رب گوجه‌فرنگی',
  'زعفران',
  'زردچوبه',
  'دارچین',
  'عسل طبیعی',
  'پنیر لیقوان',
  'کره حیوانی',
  'شیر کم‌چرب',
  'ماست پرچرب',
  'خرمای مضافتی',
  'پسته اکبری',
  'بادام درختی',
  'گردو',
  'کشمش',
  'آب معدنی',
  'دوغ',
  'نوشابه',
  'بیسکویت',
  'شکلات تلخ',
  'صابون گیاهی',
];

const staffNames = [
  'مریم کریمی',
  'علی رضایی',
  'زهرا احمدی',
  'حسین محمدی',
  'فاطمه حسینی',
  'رضا موسوی',
  'سارا جعفری',
  'محمد کاظمی',
  'نرگس صادقی',
  'امیر قاسمی',
];

export interface ShopWorld {
  panelCode: string;
  /**
   * Screens that show a record when given one and something else without (a count's sheet, a
   * transfer's arrival, a cargo's check, a won sale's setup): opened from a button, not a link, so
   * the sweep is told where they are.
   */
  recordScreens: string[];
}

/** Builds the shop in a new panel of the signed-in person (the panel's owner). */
export async function buildShopWorld(server: RunningServer, token: string): Promise<ShopWorld> {
  const panel = await callInPanel<CurrentPanel>(server.url, panelEndpoints.register, token, null, {
    name: shopName,
    icon: 'store',
    modules: allModuleKeys,
  });
  const api = <T = Row>(method: string, path: string, body?: unknown) =>
    callInPanel<T>(server.url, { method, path }, token, panel.code, body);
  const create = (entity: Entity, body: Record<string, unknown>) => api('POST', entityPath(entity), { id: randomUUID(), ...body });
  const submitted = async (entity: Entity, body: Record<string, unknown>) => {
    const row = await create(entity, body);
    return api('POST', `${entityPath(entity)}/${row.id}/submit`, { version: row.version });
  };
  const today = tehranDay(Date.now());
  const daysAgo = (n: number) => addDays(today, -n);
  const line = (fields: Record<string, unknown>) => ({ id: randomUUID(), ...fields });

  // Roles under a shop manager, two levels deep: an organisation chart wider than a phone.
  const manager = await create(Role, { name: 'مدیر فروشگاه', permissions: [] });
  const salesLead = await create(Role, { name: 'مدیر فروش', permissions: [], parentRoleId: manager.id });
  for (const name of ['انباردار', 'حسابدار', 'سرپرست شعبه']) await create(Role, { name, permissions: [], parentRoleId: manager.id });
  for (const name of ['فروشنده', 'بازاریاب', 'پشتیبان فروش']) await create(Role, { name, permissions: [], parentRoleId: salesLead.id });

  // Warehousing: categories, products, two warehouses with bins, parties, and a week's documents.
  const groceries = await create(Category, { name: 'خواربار', code: 'C1' });
  const drinks = await create(Category, { name: 'نوشیدنی', code: 'C2', parentId: groceries.id });
  const products: Row[] = [];
  for (const [i, name] of productNames.entries()) {
    const price = 150_000 + i * 37_500;
    products.push(
      await create(Product, {
        name,
        code: `P-${String(i + 1).padStart(3, '0')}`,
        unit: i % 3 ? 'piece' : 'pack',
        categoryId: i < 25 ? groceries.id : drinks.id,
        salePrice: price + 60_000,
        purchasePrice: price,
        active: true,
      }),
    );
  }
  const central = await create(Warehouse, { name: 'انبار مرکزی', code: 'W1', active: true });
  const branch = await create(Warehouse, { name: 'انبار شعبه ونک', code: 'W2', active: true });
  const bins = {
    a1: await create(Location, { warehouseId: central.id, code: 'A-01', kind: 'bin', active: true }),
    a2: await create(Location, { warehouseId: central.id, code: 'A-02', kind: 'bin', active: true }),
    b1: await create(Location, { warehouseId: branch.id, code: 'B-01', kind: 'bin', active: true }),
  };
  const supplier = await create(Party, { name: 'پخش البرز', kinds: ['supplier'], mobile: '09121112233' });
  const consignor = await create(Party, { name: 'بازرگانی امین', kinds: ['consignor'] });
  const carrier = await create(Party, { name: 'باربری سپهر', kinds: ['carrier'] });
  const receiptLines = products
    .slice(0, 12)
    .map((p, i) =>
      line({ productId: p.id, quantity: String(40 + i * 5), unitPrice: p.purchasePrice, locationId: i % 2 ? bins.a2.id : bins.a1.id }),
    );
  await submitted(Receipt, { direction: 'in', date: daysAgo(6), warehouseId: central.id, partyId: supplier.id, lines: receiptLines });
  await submitted(Receipt, {
    direction: 'in',
    date: daysAgo(5),
    warehouseId: branch.id,
    partyId: supplier.id,
    lines: products.slice(12, 20).map((p) => line({ productId: p.id, quantity: '25', unitPrice: p.purchasePrice, locationId: bins.b1.id })),
  });
  const goodsOut = await submitted(Receipt, {
    direction: 'out',
    date: daysAgo(3),
    warehouseId: central.id,
    lines: [0, 2, 4, 6].map((i) => line({ productId: products[i]!.id, quantity: '6', locationId: bins.a1.id })),
  });
  await create(Receipt, {
    direction: 'in',
    date: today,
    warehouseId: central.id,
    lines: [line({ productId: products[20]!.id, quantity: '10', unitPrice: products[20]!.purchasePrice, locationId: bins.a1.id })],
  });
  const transfer = await submitted(Transfer, {
    date: daysAgo(2),
    fromWarehouseId: central.id,
    toWarehouseId: branch.id,
    lines: [line({ productId: products[0]!.id, quantity: '4', fromLocationId: bins.a1.id, toLocationId: bins.b1.id })],
  });
  const count = await create(StockCount, { date: daysAgo(1), warehouseId: central.id, lines: [line({})] });
  const cargo = await create(Cargo, {
    expectedDate: addDays(today, 1),
    warehouseId: central.id,
    carrierId: carrier.id,
    plate: '12ب345-67',
    driverName: 'رضا محمدی',
    waybill: 'WB-1404-77',
    lines: [line({ productId: products[2]!.id, expected: '3', unitPrice: products[2]!.purchasePrice, locationId: bins.a2.id })],
  });
  const consignment = await submitted(Consignment, {
    kind: 'receive',
    date: daysAgo(4),
    partyId: consignor.id,
    warehouseId: central.id,
    lines: [line({ productId: products[5]!.id, quantity: '6', unitPrice: 350_000, locationId: bins.a2.id })],
  });

  // Attendance: a workplace, a rule, ten staff and a week of punches entered by the manager.
  const place = await create(Place, { name: 'فروشگاه مرکزی', latitude: '35.7', longitude: '51.4', radius: 150 });
  const rule = await create(Rule, {
    name: 'اداری',
    workDays: ['sat', 'sun', 'mon', 'tue', 'wed', 'thu'],
    shiftStart: '08:00',
    shiftEnd: '16:00',
    graceMinutes: 10,
    worstAccuracy: 100,
    maxOfflineHours: 72,
  });
  for (const [i, name] of staffNames.entries()) {
    const [lastName, ...first] = name.split(' ').reverse();
    const person = await create(Personnel, {
      firstName: first.reverse().join(' '),
      lastName,
      code: `P-${100 + i}`,
      jobTitle: i ? 'فروشنده' : 'مدیر فروشگاه',
      placeIds: [place.id],
      ruleId: rule.id,
      methods: ['phoneFence'],
      offlineAccepted: true,
      active: true,
    });
    for (const day of [3, 2, 1]) {
      const date = daysAgo(day);
      await create(Punch, {
        personnelId: person.id,
        at: `${date}T08:0${i % 10}:00+03:30`,
        direction: 'in',
        source: 'manual',
        note: 'ثبت دستی مدیر',
      });
      await create(Punch, {
        personnelId: person.id,
        at: `${date}T16:1${i % 10}:00+03:30`,
        direction: 'out',
        source: 'manual',
        note: 'ثبت دستی مدیر',
      });
    }
  }

  // Sales: the catalogue, an agent, customers, a sale at each stage, a payment and a support request.
  const crm = await create(Module, { name: 'سامانه CRM', code: 'CRM', price: 120_000_000, billing: 'yearly', active: true });
  const hr = await create(Module, { name: 'حضور و غیاب', code: 'HR', price: 3_500_000, billing: 'monthly', active: true });
  await create(Agent, {
    name: 'نماینده شیراز',
    kind: 'reseller',
    region: 'فارس',
    commissionRate: '5',
    monthlyTarget: 500_000_000,
    active: true,
  });
  const alborz = await create(Customer, {
    kind: 'company',
    name: 'شرکت البرز',
    province: 'تهران',
    city: 'تهران',
    source: 'web',
    mobiles: ['09121234567'],
  });
  const baran = await create(Customer, { kind: 'company', name: 'بازرگانی باران', province: 'فارس', city: 'شیراز', source: 'agent' });
  const stages = ['lead', 'quoted', 'negotiating', 'won', 'lost'];
  const sales: Row[] = [];
  for (const [i, stage] of stages.entries()) {
    sales[i] = await create(Sale, {
      customerId: i % 2 ? baran.id : alborz.id,
      date: daysAgo(3 + i * 4),
      stage,
      lostReason: stage === 'lost' ? 'قیمت بالا' : null,
      lines: [
        line({ moduleId: crm.id, quantity: 1, unitPrice: 120_000_000, discount: 0 }),
        line({ moduleId: hr.id, quantity: 12, unitPrice: 3_500_000, discount: 0 }),
      ],
    });
  }
  await create(SalePayment, { customerId: baran.id, date: today, amount: 50_000_000, method: 'transfer' });
  const request = await create(Request, {
    customerId: baran.id,
    subject: 'ورود به سامانه ممکن نیست',
    priority: 'urgent',
    status: 'open',
    category: 'technical',
    description: 'از صبح خطا می‌دهد.',
  });
  await create(RequestMessage, { requestId: request.id, kind: 'note', body: 'لاگ‌ها بررسی شد.' });

  // Accounting: the standard chart, the owner's capital, a sale on credit paid partly by cheque, a purchase and the rent.
  await api('POST', '/api/MarketAccounting/books', {});
  const customer = await create(BookParty, { name: 'علی رضایی' });
  const vendor = await create(BookParty, { name: 'پخش البرز' });
  const box = await create(CashBox, { name: 'صندوق اصلی', active: true });
  const bank = await create(BankAccount, { bank: 'ملت', accountNumber: '4455', sheba: 'IR062960000000100324200001', active: true });
  await submitted(Voucher, {
    date: daysAgo(6),
    description: 'سرمایه اولیه',
    lines: [
      line({ accountId: accountId('1102'), bankAccountId: bank.id, debit: 200_000_000, credit: 0 }),
      line({ accountId: accountId('1101'), cashBoxId: box.id, debit: 10_000_000, credit: 0 }),
      line({ accountId: accountId('3101'), debit: 0, credit: 210_000_000 }),
    ],
  });
  await submitted(Voucher, {
    date: daysAgo(4),
    description: 'فروش نسیه',
    lines: [
      line({ accountId: accountId('1103'), partyId: customer.id, debit: 120_000_000, credit: 0 }),
      line({ accountId: accountId('4101'), debit: 0, credit: 120_000_000 }),
    ],
  });
  await submitted(BookPayment, {
    direction: 'in',
    date: daysAgo(2),
    partyId: customer.id,
    lines: [line({ method: 'cheque', amount: 50_000_000, chequeBank: 'صادرات', chequeSerial: '778899', dueDate: addDays(today, 12) })],
  });
  await submitted(Voucher, {
    date: daysAgo(2),
    description: 'خرید کالا',
    lines: [
      line({ accountId: accountId('1106'), debit: 80_000_000, credit: 0 }),
      line({ accountId: accountId('2101'), partyId: vendor.id, debit: 0, credit: 80_000_000 }),
    ],
  });
  await submitted(BookPayment, {
    direction: 'out',
    date: daysAgo(1),
    partyId: vendor.id,
    lines: [line({ method: 'transfer', amount: 30_000_000, bankAccountId: bank.id })],
  });
  await submitted(Voucher, {
    date: daysAgo(1),
    description: 'اجاره',
    lines: [
      line({ accountId: accountId('5202'), debit: 15_000_000, credit: 0 }),
      line({ accountId: accountId('3101'), debit: 0, credit: 15_000_000 }),
    ],
  });
  // A sales invoice of goods from the central warehouse, part paid in cash: its page and its official print.
  const invoice = await submitted(Invoice, {
    kind: 'sale',
    date: daysAgo(1),
    partyId: customer.id,
    cashAmount: 500_000,
    cashBoxId: box.id,
    dueDate: addDays(today, 30),
    lines: [0, 1].map((i) =>
      line({
        productId: products[i]!.id,
        description: products[i]!.name,
        warehouseId: central.id,
        locationId: i % 2 ? bins.a2.id : bins.a1.id,
        quantity: '2',
        unitPrice: products[i]!.salePrice,
        vatRate: '10',
      }),
    ),
  });
  const acc = (screen: string, id: string) => withQuery(modulePath('MarketAccounting', screen), { id });
  const wh = (screen: string, id: string) => withQuery(modulePath('WarehousingMVM', screen), { id });
  const setup = (screen: string) => withQuery(modulePath('NagemManagement', `Sale/PanelSetupForms/${screen}`), { saleId: sales[3]!.id });
  return {
    panelCode: panel.code,
    recordScreens: [
      wh('Receipt/ReceiptDetails', goodsOut.id),
      wh('Inventory/inventory', count.id),
      wh('Warehouse/AddTrensfer', transfer.id),
      wh('Cargos/ReceiveCorgo', cargo.id),
      wh('consignment/ConsignmentDetails', consignment.id),
      ...['AddModule', 'AddRoleUser', 'ChartFlow'].map(setup),
      acc('Invoice/InvoiceDetails', invoice.id),
      acc('Invoice/InvoicePrint', invoice.id),
    ],
  };
}
