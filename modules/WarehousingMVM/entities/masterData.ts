/**
 * Warehousing's master data (warehousing.md): categories (a tree), products, warehouses, their
 * locations (a tree of bins inside each warehouse) and the parties goods come from and go to.
 */
import { defineEntity } from '../../../src/contract/entity.ts';

export const Category = defineEntity({
  module: 'WarehousingMVM',
  name: 'Category',
  label: /*i18n*/ { id: 'entity.WarehousingMVM.Category', message: 'Category' },
  pluralLabel: /*i18n*/ { id: 'entity.WarehousingMVM.Category.plural', message: 'Categories' },
  fields: {
    name: { kind: 'text', label: /*i18n*/ { id: 'field.Category.name', message: 'Name' }, required: true, max: 80 },
    code: { kind: 'text', label: /*i18n*/ { id: 'field.Category.code', message: 'Code' }, unique: true, max: 30 },
    parentId: {
      kind: 'reference',
      to: 'WarehousingMVM/Category',
      label: /*i18n*/ { id: 'field.Category.parentId', message: 'Parent category' },
    },
    description: { kind: 'longText', label: /*i18n*/ { id: 'field.Category.description', message: 'Description' }, max: 500 },
  },
  importable: { keys: ['code', 'name'], example: { name: 'نوشیدنی', code: 'C-01' } },
  titleField: 'name',
  listFields: ['name', 'code', 'parentId'],
  searchFields: ['name', 'code'],
  indexes: ['name'],
  tree: 'parentId',
  defaultSort: { field: 'name', direction: 'asc' },
  staff: ['read'],
});

export const unitOptions = [
  { value: 'piece', label: /*i18n*/ { id: 'unit.piece', message: 'Piece' } },
  { value: 'kg', label: /*i18n*/ { id: 'unit.kg', message: 'Kilogram' } },
  { value: 'g', label: /*i18n*/ { id: 'unit.g', message: 'Gram' } },
  { value: 'm', label: /*i18n*/ { id: 'unit.m', message: 'Metre' } },
  { value: 'cm', label: /*i18n*/ { id: 'unit.cm', message: 'Centimetre' } },
  { value: 'l', label: /*i18n*/ { id: 'unit.l', message: 'Litre' } },
  { value: 'ml', label: /*i18n*/ { id: 'unit.ml', message: 'Millilitre' } },
  { value: 'pack', label: /*i18n*/ { id: 'unit.pack', message: 'Pack' } },
  { value: 'carton', label: /*i18n*/ { id: 'unit.carton', message: 'Carton' } },
  { value: 'pair', label: /*i18n*/ { id: 'unit.pair', message: 'Pair' } },
  { value: 'roll', label: /*i18n*/ { id: 'unit.roll', message: 'Roll' } },
  { value: 'set', label: /*i18n*/ { id: 'unit.set', message: 'Set' } },
] as const;

export const Product = defineEntity({
  module: 'WarehousingMVM',
  name: 'Product',
  label: /*i18n*/ { id: 'entity.WarehousingMVM.Product', message: 'Product' },
  pluralLabel: /*i18n*/ { id: 'entity.WarehousingMVM.Product.plural', message: 'Products' },
  fields: {
    name: { kind: 'text', label: /*i18n*/ { id: 'field.Product.name', message: 'Name' }, required: true, max: 120 },
    code: { kind: 'text', label: /*i18n*/ { id: 'field.Product.code', message: 'Code (SKU)' }, required: true, unique: true, max: 40 },
    barcodes: {
      kind: 'stringList',
      label: /*i18n*/ { id: 'field.Product.barcodes', message: 'Barcodes' },
      hint: /*i18n*/ { id: 'field.Product.barcodes.hint', message: 'EAN-13, Code 128 or QR text; scan or type, one per line.' },
    },
    categoryId: {
      kind: 'reference',
      to: 'WarehousingMVM/Category',
      label: /*i18n*/ { id: 'field.Product.categoryId', message: 'Category' },
    },
    unit: { kind: 'select', label: /*i18n*/ { id: 'field.Product.unit', message: 'Unit' }, required: true, options: unitOptions },
    purchasePrice: { kind: 'money', label: /*i18n*/ { id: 'field.Product.purchasePrice', message: 'Purchase price' }, min: 0 },
    salePrice: { kind: 'money', label: /*i18n*/ { id: 'field.Product.salePrice', message: 'Sale price' }, min: 0 },
    vatRate: {
      kind: 'decimal',
      label: /*i18n*/ { id: 'field.Product.vatRate', message: 'VAT %' },
      hint: /*i18n*/ { id: 'field.Product.vatRate.hint', message: 'Put on its invoice lines: empty is 10, 0 for an exempt product.' },
      min: 0,
      max: 100,
    },
    dutyRate: {
      kind: 'decimal',
      label: /*i18n*/ { id: 'field.Product.dutyRate', message: 'Other duties %' },
      hint: /*i18n*/ { id: 'field.Product.dutyRate.hint', message: 'Put on its invoice lines where the product carries duties.' },
      min: 0,
      max: 100,
    },
    reorderPoint: {
      kind: 'decimal',
      label: /*i18n*/ { id: 'field.Product.reorderPoint', message: 'Reorder point' },
      hint: /*i18n*/ { id: 'field.Product.reorderPoint.hint', message: 'Stock at or below this is flagged for reordering.' },
      min: 0,
    },
    tracksBatches: {
      kind: 'boolean',
      label: /*i18n*/ { id: 'field.Product.tracksBatches', message: 'Tracked by batch' },
    },
    expires: {
      kind: 'boolean',
      label: /*i18n*/ { id: 'field.Product.expires', message: 'Its batches expire' },
      hint: /*i18n*/ {
        id: 'field.Product.expires.hint',
        message: 'Goods in of a product tracked by batch then need each batch’s expiry date.',
      },
    },
    active: { kind: 'boolean', label: /*i18n*/ { id: 'field.Product.active', message: 'Active' } },
    description: { kind: 'longText', label: /*i18n*/ { id: 'field.Product.description', message: 'Description' }, max: 1000 },
  },
  importable: {
    keys: ['code', 'name'],
    example: {
      name: 'چای سبز ۱۰۰ گرمی',
      code: 'P-1001',
      barcodes: '6260100000017',
      categoryId: 'نوشیدنی',
      unit: 'عدد',
      purchasePrice: '۱۲۰٬۰۰۰',
      salePrice: '۱۵۰٬۰۰۰',
      reorderPoint: '۱۰',
      active: 'بله',
    },
  },
  titleField: 'name',
  listFields: ['name', 'code', 'categoryId', 'unit', 'salePrice'],
  searchFields: ['name', 'code', 'barcodes'],
  indexes: ['name', 'code', 'barcodes'],
  defaultSort: { field: 'name', direction: 'asc' },
  staff: ['read'],
});

export const Warehouse = defineEntity({
  module: 'WarehousingMVM',
  name: 'Warehouse',
  label: /*i18n*/ { id: 'entity.WarehousingMVM.Warehouse', message: 'Warehouse' },
  pluralLabel: /*i18n*/ { id: 'entity.WarehousingMVM.Warehouse.plural', message: 'Warehouses' },
  fields: {
    name: { kind: 'text', label: /*i18n*/ { id: 'field.Warehouse.name', message: 'Name' }, required: true, max: 80 },
    code: { kind: 'text', label: /*i18n*/ { id: 'field.Warehouse.code', message: 'Code' }, required: true, unique: true, max: 20 },
    address: { kind: 'longText', label: /*i18n*/ { id: 'field.Warehouse.address', message: 'Address' }, max: 500 },
    keeperId: { kind: 'reference', to: 'PanelManagement/Member', label: /*i18n*/ { id: 'field.Warehouse.keeperId', message: 'Keeper' } },
    allowsNegativeStock: {
      kind: 'boolean',
      label: /*i18n*/ { id: 'field.Warehouse.allowsNegativeStock', message: 'Allows negative stock' },
      hint: /*i18n*/ {
        id: 'field.Warehouse.allowsNegativeStock.hint',
        message: 'Issues are accepted even when the system shows too little on hand.',
      },
    },
    active: { kind: 'boolean', label: /*i18n*/ { id: 'field.Warehouse.active', message: 'Active' } },
  },
  importable: { keys: ['code', 'name'], example: { name: 'انبار مرکزی', code: 'W1', address: 'تهران', active: 'بله' } },
  titleField: 'name',
  listFields: ['name', 'code', 'keeperId', 'active'],
  searchFields: ['name', 'code', 'address'],
  indexes: ['name'],
  defaultSort: { field: 'name', direction: 'asc' },
  staff: ['read'],
});

export const Location = defineEntity({
  module: 'WarehousingMVM',
  name: 'Location',
  label: /*i18n*/ { id: 'entity.WarehousingMVM.Location', message: 'Location' },
  pluralLabel: /*i18n*/ { id: 'entity.WarehousingMVM.Location.plural', message: 'Locations' },
  fields: {
    warehouseId: {
      kind: 'reference',
      to: 'WarehousingMVM/Warehouse',
      label: /*i18n*/ { id: 'field.Location.warehouseId', message: 'Warehouse' },
      required: true,
    },
    parentId: { kind: 'reference', to: 'WarehousingMVM/Location', label: /*i18n*/ { id: 'field.Location.parentId', message: 'Inside' } },
    code: {
      kind: 'text',
      label: /*i18n*/ { id: 'field.Location.code', message: 'Code' },
      hint: /*i18n*/ { id: 'field.Location.code.hint', message: 'As on its label, e.g. A-03-2-B; unique within the warehouse.' },
      required: true,
      max: 30,
    },
    kind: {
      kind: 'select',
      label: /*i18n*/ { id: 'field.Location.kind', message: 'Kind' },
      required: true,
      options: [
        { value: 'zone', label: /*i18n*/ { id: 'location.zone', message: 'Zone' } },
        { value: 'aisle', label: /*i18n*/ { id: 'location.aisle', message: 'Aisle' } },
        { value: 'rack', label: /*i18n*/ { id: 'location.rack', message: 'Rack' } },
        { value: 'shelf', label: /*i18n*/ { id: 'location.shelf', message: 'Shelf' } },
        { value: 'bin', label: /*i18n*/ { id: 'location.bin', message: 'Bin' } },
      ],
    },
    name: { kind: 'text', label: /*i18n*/ { id: 'field.Location.name', message: 'Name' }, max: 80 },
    capacity: { kind: 'text', label: /*i18n*/ { id: 'field.Location.capacity', message: 'Capacity note' }, max: 120 },
    active: { kind: 'boolean', label: /*i18n*/ { id: 'field.Location.active', message: 'Active' } },
  },
  titleField: 'code',
  listFields: ['code', 'name', 'kind', 'warehouseId', 'parentId'],
  searchFields: ['code', 'name'],
  indexes: ['code'],
  tree: 'parentId',
  uniqueTogether: [['warehouseId', 'code']],
  defaultSort: { field: 'code', direction: 'asc' },
  staff: ['read'],
});

export const partyKinds = [
  { value: 'supplier', label: /*i18n*/ { id: 'party.supplier', message: 'Supplier' } },
  { value: 'customer', label: /*i18n*/ { id: 'party.customer', message: 'Customer' } },
  { value: 'carrier', label: /*i18n*/ { id: 'party.carrier', message: 'Carrier' } },
  { value: 'consignor', label: /*i18n*/ { id: 'party.consignor', message: 'Consignor' } },
] as const;

export const Party = defineEntity({
  module: 'WarehousingMVM',
  name: 'Party',
  label: /*i18n*/ { id: 'entity.WarehousingMVM.Party', message: 'Party' },
  pluralLabel: /*i18n*/ { id: 'entity.WarehousingMVM.Party.plural', message: 'People and companies' },
  fields: {
    name: { kind: 'text', label: /*i18n*/ { id: 'field.Party.name', message: 'Name' }, required: true, max: 120 },
    kinds: {
      kind: 'stringList',
      label: /*i18n*/ { id: 'field.Party.kinds', message: 'Is a' },
      options: partyKinds,
      required: true,
    },
    nationalId: { kind: 'nationalId', label: /*i18n*/ { id: 'field.Party.nationalId', message: 'National ID' } },
    economicCode: {
      kind: 'text',
      label: /*i18n*/ { id: 'field.Party.economicCode', message: 'Economic code' },
      hint: /*i18n*/ { id: 'field.Party.economicCode.hint', message: 'A company’s economic code or national company ID.' },
      max: 20,
    },
    mobile: { kind: 'mobile', label: /*i18n*/ { id: 'field.Party.mobile', message: 'Mobile' } },
    phone: { kind: 'text', label: /*i18n*/ { id: 'field.Party.phone', message: 'Phone' }, max: 30 },
    address: { kind: 'longText', label: /*i18n*/ { id: 'field.Party.address', message: 'Address' }, max: 500 },
    note: { kind: 'longText', label: /*i18n*/ { id: 'field.Party.note', message: 'Note' }, max: 1000 },
  },
  importable: {
    keys: ['name', 'nationalId', 'mobile'],
    example: { name: 'شرکت نمونه', kinds: 'تأمین‌کننده', nationalId: '0012345679', mobile: '۰۹۱۲۱۲۳۴۵۶۷', address: 'تهران' },
  },
  titleField: 'name',
  listFields: ['name', 'kinds', 'mobile', 'nationalId'],
  searchFields: ['name', 'mobile', 'nationalId', 'economicCode', 'phone'],
  indexes: ['name', 'kinds'],
  defaultSort: { field: 'name', direction: 'asc' },
  staff: ['read'],
});

export const masterData = [Category, Product, Warehouse, Location, Party] as const;
