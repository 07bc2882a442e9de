/**
 * The big panel (issue 31, first slice: the data set and the server's figures; decision 049).
 *
 * `seed` builds one panel, deterministically from a seed: the account, the panel, its modules and
 * one row of every kind the set holds (a product, a receipt in and an issue out, a voucher, a
 * customer, a sale, a support request, a person and a punch) are made through the real API by a
 * real server process, which is then stopped; the bulk is generated in SQL from those rows
 * (INSERT … SELECT over generate_series, every value a hash of the seed and the row's number, so
 * the same seed makes the same rows), each generated row a copy of the server's own row of its
 * kind with its keys, references, amounts, dates and texts replaced. The balances the server keeps
 * are then worked out again from their ledgers (stock balances and valuations from the stock moves,
 * account balances from the journal), with the ids the server would give them, and every row is
 * entered in the change log, so a pull sees it. What was made is recorded in
 * `bench/results/bigpanel-<engine>-<size>.json`.
 *
 * `run` (the default; it seeds first when nothing is recorded) measures on the seeded panel, each
 * figure beside its target, p50/p95 of a few runs: the trial balance over the whole journal, one
 * party's statement, stock on hand for a warehouse, a pull page of 5,000 rows (in the server's
 * pull function and over HTTP in pages of the protocol's largest), and a whole-panel first sync
 * streamed page by page from a server process (pages/s, rows/s, its RSS every second).
 *
 *   npm run bench:bigpanel -- seed [--size small|medium|full] [--seed N] [--engine postgres|pglite|both]
 *   npm run bench:bigpanel [-- run] [--size …] [--engine …] [--no-stream]   # --no-stream: not the whole-panel sync
 *   npm run bench:bigpanel -- --smoke        # tiny, both engines, seeded and measured once, then removed
 *
 * full is the issue's set (2,000,000 stock moves, 1,000,000 journal lines, …), medium a tenth,
 * small a hundredth, tiny (the smoke run's: it proves each part runs, one run a figure, in under a
 * minute; decision 057) a thousandth. PostgreSQL takes the size asked for; PGlite at most medium unless
 * `--pglite-size` says otherwise (a single-threaded WebAssembly engine: full takes too long).
 */
import { createHash, randomUUID } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { option, positionalArgs, smoke, verdict } from './benchArgs.ts';
import { measureWindows } from './bigPanelWindow.ts';
import { call, machine, POSTGRES_URL, postgresAnswers, startServer, stop, type Running } from './serverProcess.ts';
import { createSchema, dropSchema } from '../tests/server/testDatabase.ts';
import type { Db } from '../server/db/Db.ts';
import { endpoints } from '../src/contract/endpoints.ts';
import type { LoginData } from '../src/contract/envelope.ts';
import { DEFAULT_SERVICE_NAME, PANEL_HEADER } from '../src/contract/service.ts';
import { PULL_PAGE_MAX, PUSH_BATCH_MAX, syncEndpoints, type Mutation, type PullResponse, type PushResponse } from '../src/contract/sync.ts';
import { sortKey, normalizeSearch } from '../src/contract/list.ts';
import { Category, Location, Product, Warehouse } from '../modules/WarehousingMVM/entities/masterData.ts';
import { Receipt, StockBalance, StockMove, StockValuation } from '../modules/WarehousingMVM/entities/stock.ts';
import { Party } from '../modules/MarketAccounting/entities/books.ts';
import { Voucher } from '../modules/MarketAccounting/entities/documents.ts';
import { AccountBalance, JournalLine } from '../modules/MarketAccounting/entities/ledger.ts';
import { Customer } from '../modules/NagemManagement/entities/customers.ts';
import { Module as SoldModule } from '../modules/NagemManagement/entities/catalogue.ts';
import { Sale } from '../modules/NagemManagement/entities/sale.ts';
import { Request } from '../modules/NagemManagement/entities/support.ts';
import { Personnel } from '../modules/HumanResource/entities/masterData.ts';
import { Punch } from '../modules/HumanResource/entities/punch.ts';
import { accountId } from '../modules/MarketAccounting/server/books.ts';
import { monthDays } from '../modules/MarketAccounting/rules/month.ts';
import { linesTable } from '../server/entities/columns.ts';
import { derivedColumns } from '../server/entities/derivedColumns.ts';
import { lineFromDb, rowFromDb } from '../server/entities/rowCodec.ts';
import { stableId } from '../server/entities/stableId.ts';
import { isDocument } from '../src/contract/entity.ts';
import { selectRows } from '../server/entities/entityStore.ts';
import { accessById } from '../server/panels/panelAccess.ts';
import { pullChanges } from '../server/sync/pullChanges.ts';
import { trialBalanceOf } from '../modules/MarketAccounting/server/reports.ts';
import { partyStatement } from '../modules/MarketAccounting/rules/reports.ts';
import { measureStockOnHand } from './bigPanelStock.ts';
import '../server/modules/discover.ts';
import { measureReports } from './bigPanelReports.ts';
import { measureJoin } from './bigPanelJoin.ts';
import { type BigPanelFigure, openSeeded, rssMb, serverEnvOf, timed } from './bigPanelKit.ts';

/** Every entity the seed fills: each is entered in the change log and checked against the server's rules. */
const seededEntities = [
  Category,
  Product,
  Warehouse,
  Location,
  Receipt,
  StockMove,
  StockBalance,
  StockValuation,
  Party,
  Voucher,
  JournalLine,
  AccountBalance,
  Customer,
  SoldModule,
  Sale,
  Request,
  Personnel,
  Punch,
];
const MODULES = ['PanelManagement', 'WarehousingMVM', 'MarketAccounting', 'NagemManagement', 'HumanResource'];
const PASSWORD = 'a quiet river at dawn';

/** Ids of the sample rows made through the API in the template panel (random: they are copied, never referred to). */
interface Templates {
  panelCode: string;
  rows: Record<string, string>;
}

async function push(url: string, token: string, panel: string, mutations: Mutation[]): Promise<void> {
  const clientId = randomUUID();
  for (let at = 0; at < mutations.length; at += PUSH_BATCH_MAX) {
    const answer = await call<PushResponse>(
      url,
      syncEndpoints.push,
      { clientId, mutations: mutations.slice(at, at + PUSH_BATCH_MAX) },
      token,
      panel,
    );
    const refused = answer.results.filter((r) => r.status !== 'applied');
    if (refused.length) throw new Error(`template push refused: ${JSON.stringify(refused)}`);
  }
}

/**
 * The account, the big panel (empty but for what a new panel and its books start with) and a small
 * template panel holding one row of every kind, written and submitted through the real API.
 */
async function makePanels(url: string, username: string): Promise<{ bigCode: string; templates: Templates }> {
  const { access_token: token } = await call<LoginData>(url, endpoints.signUp, {
    username,
    password: PASSWORD,
    serviceName: DEFAULT_SERVICE_NAME,
  });
  await call(url, endpoints.registrationProfile, { firstName: 'پنل', lastName: 'بزرگ', publicUserName: 'null' }, token);
  const register = { method: 'POST', path: '/api/Panel/RegisterPanel' };
  const big = await call<{ code: string }>(url, register, { name: 'پنل بزرگ', icon: 'store', modules: MODULES }, token);
  const tpl = await call<{ code: string }>(url, register, { name: 'الگوی پنل بزرگ', icon: 'store', modules: MODULES }, token);
  for (const code of [big.code, tpl.code]) await call(url, { method: 'POST', path: '/api/MarketAccounting/books' }, undefined, token, code);

  const r: Record<string, string> = {};
  for (const k of [
    'category',
    'product',
    'warehouse',
    'bin',
    'receiptIn',
    'receiptOut',
    'party',
    'voucher',
    'customer',
    'module',
    'sale',
    'request',
    'personnel',
    'punch',
    'inLine',
    'outLine',
    'voucherDebit',
    'voucherCredit',
    'saleLine',
  ])
    r[k] = randomUUID();
  let id = 1;
  const create = (entity: { key: string }, rowId: string, values: Record<string, unknown>): Mutation => ({
    mutationId: id++,
    entity: entity.key,
    op: 'create',
    id: rowId,
    values,
  });
  const submit = (entity: { key: string }, rowId: string, dependsOn: number): Mutation => ({
    mutationId: id++,
    entity: entity.key,
    op: 'submit',
    id: rowId,
    baseVersion: 1,
    dependsOn,
  });
  const day = '2026-03-19';
  const mutations: Mutation[] = [
    create(Category, r.category!, { name: 'گروه الگو', parentId: null }),
    create(Product, r.product!, { name: 'کالای الگو', code: 'TPL-1', unit: 'piece', categoryId: r.category, active: true }),
    create(Warehouse, r.warehouse!, { name: 'انبار الگو', code: 'TW', active: true }),
    create(Location, r.bin!, { warehouseId: r.warehouse, code: 'A-0000', kind: 'bin', active: true }),
  ];
  const inCreate = create(Receipt, r.receiptIn!, {
    direction: 'in',
    date: day,
    warehouseId: r.warehouse,
    partyId: null,
    reference: 'INV-0',
    note: null,
    lines: [{ id: r.inLine, productId: r.product, quantity: '10.000', unitPrice: 12_000, locationId: r.bin, batch: null, expiry: null }],
  });
  mutations.push(inCreate, submit(Receipt, r.receiptIn!, inCreate.mutationId));
  const outCreate = create(Receipt, r.receiptOut!, {
    direction: 'out',
    date: day,
    warehouseId: r.warehouse,
    partyId: null,
    reference: 'OUT-0',
    note: null,
    lines: [{ id: r.outLine, productId: r.product, quantity: '4.000', unitPrice: null, locationId: r.bin, batch: null, expiry: null }],
  });
  mutations.push(outCreate, submit(Receipt, r.receiptOut!, outCreate.mutationId));
  mutations.push(create(Party, r.party!, { name: 'طرف حساب الگو' }));
  const voucherCreate = create(Voucher, r.voucher!, {
    date: day,
    description: 'سند الگو',
    lines: [
      { id: r.voucherDebit, accountId: accountId('1103'), partyId: r.party, debit: 50_000, credit: 0 },
      { id: r.voucherCredit, accountId: accountId('4101'), partyId: null, debit: 0, credit: 50_000 },
    ],
  });
  mutations.push(voucherCreate, submit(Voucher, r.voucher!, voucherCreate.mutationId));
  mutations.push(
    create(Customer, r.customer!, { kind: 'company', name: 'مشتری الگو', mobiles: ['09120000001'], city: 'تهران', province: 'تهران' }),
    create(SoldModule, r.module!, { name: 'ماژول الگو', code: 'M-TPL', price: 1_000_000, billing: 'yearly', active: true }),
    create(Sale, r.sale!, {
      customerId: r.customer,
      date: day,
      stage: 'quoted',
      note: 'فروش الگو',
      lines: [{ id: r.saleLine, moduleId: r.module, quantity: 1, unitPrice: 1_000_000, discount: 0 }],
    }),
    create(Request, r.request!, { customerId: r.customer, subject: 'درخواست الگو', priority: 'normal', status: 'open' }),
    create(Personnel, r.personnel!, { firstName: 'کارمند', lastName: 'الگو', code: 'E-0', methods: ['phoneAnywhere'] }),
    create(Punch, r.punch!, { personnelId: r.personnel, at: `${day}T05:00:00.000Z`, direction: 'in', source: 'manual', note: 'ثبت الگو' }),
  );
  await push(url, token, tpl.code, mutations);
  return { bigCode: big.code, templates: { panelCode: tpl.code, rows: r } };
}

// ---------------------------------------------------------------------------------------------
// Sizes

type Size = 'tiny' | 'small' | 'medium' | 'full';
/** tiny is the smoke run's: enough rows of every kind to go through every path, too few to measure anything. */
const SCALE: Record<Size, number> = { tiny: 0.001, small: 0.01, medium: 0.1, full: 1 };

interface Counts {
  categories: number;
  products: number;
  warehouses: number;
  bins: number;
  receipts: number;
  receiptLines: number;
  customers: number;
  soldModules: number;
  sales: number;
  parties: number;
  vouchers: number;
  personnel: number;
  workDays: number;
  requests: number;
}

/**
 * The issue's set times the size's scale (products a multiple of 5, so a receipt's five lines fall
 * in one round), at least `least` of each (tiny: at least `fewest`).
 */
function countsOf(size: Size): Counts {
  const f = SCALE[size];
  const at = (n: number, least: number, fewest = least) => Math.max(size === 'tiny' ? fewest : least, Math.round(n * f));
  return {
    categories: at(300, 3),
    products: at(100_000, 1_000, 100),
    warehouses: 3,
    bins: at(2_000, 30, 6),
    receipts: at(400_000, 4_000, 400),
    receiptLines: 5 * at(400_000, 4_000, 400),
    customers: at(50_000, 500, 50),
    soldModules: 20,
    sales: at(200_000, 2_000, 200),
    parties: at(2_000, 20, 5),
    // Eight lines each: with the receipts' two, 1,000,000 journal lines at full size.
    vouchers: at(25_000, 250, 25),
    personnel: at(500, 5, 2),
    // Three years of work days, an in and an out each: 750,000 punches at full size.
    workDays: 750,
    requests: at(10_000, 100, 10),
  };
}

// ---------------------------------------------------------------------------------------------
// SQL helpers: deterministic values from the seed, the server's derived columns

const lit = (text: string) => `'${text.replace(/'/g, "''")}'`;
/** A whole number in [0, 2^28) from the seed, a tag and a row's number. */
const hashOf = (seed: number, tag: string, n: string) => `(('x' || substr(md5('${seed}:${tag}:' || (${n})), 1, 7))::bit(28)::int)`;
/** A row's id from the seed, its kind and its number. */
const idOf = (seed: number, tag: string, n: string) => `(md5('${seed}:id:${tag}:' || (${n}))::uuid)`;
/** The sort key (src/contract/list.ts sortKey) of `literal` followed by the text of a number or ASCII code. */
/** The sort key of a whole number's digits (no leading zeros), as sortKey makes it. */
const numSk = (n: string) => `(chr(48 + length((${n})::text)) || (${n})::text)`;
/** The JSON text stableId hashes: each part a string (or null); one starting with `#` a number. */
const jsonParts = (...parts: string[]) =>
  `('[' || ${parts.map((p) => (p.startsWith('#') ? `(${p.slice(1)})::text` : `coalesce('"' || (${p})::text || '"', 'null')`)).join(` || ',' || `)} || ']')`;

const HELPERS = (letters: string) => `
CREATE OR REPLACE FUNCTION bigpanel_sort_key(t text) RETURNS text LANGUAGE sql IMMUTABLE STRICT AS $f$
  SELECT coalesce(string_agg(CASE WHEN x.m[1] ~ '^[0-9]' THEN chr(48 + least(length(z.d), 40)) || z.d
    ELSE translate(x.m[1], 'abcdefghijklmnopqrstuvwxyz', ${lit(letters)}) END, '' ORDER BY x.o), '')
  FROM regexp_matches(lower(t), '([0-9]+|[^0-9]+)', 'g') WITH ORDINALITY AS x(m, o),
  LATERAL (SELECT CASE WHEN ltrim(x.m[1], '0') = '' THEN '0' ELSE ltrim(x.m[1], '0') END AS d) z
$f$;
CREATE OR REPLACE FUNCTION bigpanel_stable_id(t text) RETURNS uuid LANGUAGE sql IMMUTABLE STRICT AS $f$
  SELECT (substr(h, 1, 8) || '-' || substr(h, 9, 4) || '-5' || substr(h, 14, 3) || '-' ||
    to_hex((('x' || substr(h, 17, 1))::bit(4)::int & 3) | 8) || substr(h, 18, 3) || '-' || substr(h, 21, 12))::uuid
  FROM (SELECT encode(sha256(convert_to(t, 'UTF8')), 'hex') AS h) s
$f$;`;
const DROP_HELPERS = 'DROP FUNCTION IF EXISTS bigpanel_sort_key(text); DROP FUNCTION IF EXISTS bigpanel_stable_id(text);';

// ---------------------------------------------------------------------------------------------
// The seed

interface SeedRecord {
  engine: 'postgres' | 'pglite';
  size: Size;
  seed: number;
  username: string;
  password: string;
  panelCode: string;
  panelId: string;
  /** PostgreSQL: the schema; PGlite: the data folder. */
  schema?: string;
  dataDir?: string;
  counts: Counts;
  rows: { [table: string]: number };
  seconds: { api: number; sql: number; total: number };
  partyId: string;
  warehouseId: string;
  seededAt: string;
}

class Seeder {
  private columns = new Map<string, string[]>();
  constructor(
    private readonly db: Db,
    private readonly seed: number,
    private readonly bigId: string,
    private readonly tplId: string,
  ) {}

  private async columnsOf(table: string): Promise<string[]> {
    let cols = this.columns.get(table);
    if (!cols) {
      cols = (
        await this.db.query<{ column_name: string }>(
          `SELECT column_name FROM information_schema.columns WHERE table_name = $1 AND table_schema = current_schema() ORDER BY ordinal_position`,
          [table],
        )
      ).map((c) => c.column_name);
      if (!cols.length) throw new Error(`no table ${table}`);
      this.columns.set(table, cols);
    }
    return cols;
  }

  /**
   * Copies the template panel's row `templateId` of `table` once per row of `source` (a FROM item
   * naming `g.n`, and anything else the overrides read) into the big panel, each column the
   * template's unless `set` gives it. Rows [from, to) in chunks, so no statement holds millions.
   */
  async copy(
    table: string,
    templateId: string,
    count: number,
    source: (from: number, to: number) => string,
    set: { [column: string]: string },
    chunk = 200_000,
  ): Promise<number> {
    const cols = await this.columnsOf(table);
    for (const c of Object.keys(set)) if (!cols.includes(c)) throw new Error(`${table} has no column ${c}`);
    const values = cols.map((c) => (c === 'panel_id' ? '$3::uuid' : (set[c] ?? `tpl.${c}`)));
    let made = 0;
    // A big table's secondary indexes are dropped while it fills and built again after: one sort
    // each instead of an index entry per row (the unique ones check the rows as they are built).
    const indexes = count >= 50_000 ? await secondaryIndexes(this.db, table) : [];
    for (const index of indexes) await this.db.exec(`DROP INDEX ${index.name}`);
    for (let from = 0; from < count; from += chunk) {
      const to = Math.min(count, from + chunk);
      // Foreign keys are not checked row by row (replica role): the rows refer to rows made
      // before them by construction, and the check is most of an insert's cost.
      const rows = await this.db.transaction(async (tx) => {
        await tx.query("SET LOCAL session_replication_role = 'replica'");
        return tx.query<{ n: number }>(
          `WITH made AS (INSERT INTO ${table} (${cols.join(', ')})
           SELECT ${values.join(', ')} FROM (SELECT * FROM ${table} WHERE panel_id = $1 AND id = $2) tpl, ${source(from, to)}
           RETURNING 1)
         SELECT count(*)::int AS n FROM made`,
          [this.tplId, templateId, this.bigId],
        );
      });
      made += rows[0]!.n;
    }
    for (const index of indexes) await this.db.exec(index.definition);
    if (made !== count) throw new Error(`${table}: made ${made} rows of ${count}`);
    return made;
  }

  h = (tag: string, n: string) => hashOf(this.seed, tag, n);
  id = (tag: string, n: string) => idOf(this.seed, tag, n);
}

/** The indexes of `table` other than its primary key, with the statements that make them. */
async function secondaryIndexes(db: Db, table: string): Promise<{ name: string; definition: string }[]> {
  return (
    await db.query<{ indexname: string; indexdef: string }>(
      `SELECT i.indexname, i.indexdef FROM pg_indexes i
       WHERE i.schemaname = current_schema() AND i.tablename = $1
         AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname AND c.connamespace = current_schema()::regnamespace)`,
      [table],
    )
  ).map((r) => ({ name: r.indexname, definition: r.indexdef }));
}

/** generate_series over [from, to) as g(n). */
const series = (from: number, to: number, extra = '') => `generate_series(${from}, ${to - 1}) AS g(n)${extra}`;

/** The ten Jalali years the documents span, as a VALUES list of (month, first day, last day, year). */
function jalaliMonths(): { sql: string; start: string; days: number } {
  const rows: string[] = [];
  for (let y = 1395; y <= 1404; y++)
    for (let m = 1; m <= 12; m++) {
      const month = `${y}-${String(m).padStart(2, '0')}`;
      const { from, to } = monthDays(month);
      rows.push(`(${lit(month)}, ${lit(from)}::date, ${lit(to)}::date, ${y})`);
    }
  const start = monthDays('1395-01').from;
  const end = monthDays('1404-12').to;
  const days = Math.round((Date.parse(end) - Date.parse(start)) / 86_400_000) + 1;
  return { sql: `(VALUES ${rows.join(', ')}) AS months(month, first_day, last_day, year)`, start, days };
}

/** `prefix` followed by a number: the literal's part of its sort key and search text, checked to split cleanly. */
function numbered(prefix: string): { sort: (n: string) => string; search: (n: string) => string } {
  // A text's own trailing space is trimmed (normalizePersianText): take the literal's part from the whole.
  const sort = sortKey(`${prefix}7`);
  const search = normalizeSearch(`${prefix}7`);
  if (!sort.endsWith('17') || !search.endsWith('7') || sortKey(`${prefix}12`) !== `${sort.slice(0, -2)}212`)
    throw new Error(`"${prefix}": its sort key or search text does not split before a number`);
  return {
    sort: (n) => `(${lit(sort.slice(0, -2))} || ${numSk(n)})`,
    search: (n) => `(${lit(search.slice(0, -1))} || (${n})::text)`,
  };
}

const CITIES = ['تهران', 'اصفهان', 'شیراز', 'مشهد', 'تبریز', 'کرج', 'قم', 'اهواز', 'رشت', 'کرمان'];
const sqlArray = (values: string[]) => `ARRAY[${values.join(', ')}]`;

/** The bulk, in SQL, into the big panel; answers the rows of each table it wrote. */
async function generate(
  db: Db,
  seed: number,
  bigId: string,
  tplId: string,
  t: Record<string, string>,
  c: Counts,
): Promise<Record<string, number>> {
  const letters = [...'abcdefghijklmnopqrstuvwxyz'].map((ch) => sortKey(ch)).join('');
  await db.exec(HELPERS(letters));
  const months = jalaliMonths();
  await db.exec(
    `DROP TABLE IF EXISTS bigpanel_months; DROP TABLE IF EXISTS bigpanel_keys; DROP TABLE IF EXISTS bigpanel_receipts; CREATE TABLE bigpanel_months AS SELECT * FROM ${months.sql};
     DROP TABLE IF EXISTS bigpanel_days;
     CREATE TABLE bigpanel_days AS SELECT d::date AS day, month, year FROM bigpanel_months, generate_series(first_day, last_day, interval '1 day') AS d;
     ALTER TABLE bigpanel_days ADD PRIMARY KEY (day); ANALYZE bigpanel_days;`,
  );
  const s = new Seeder(db, seed, bigId, tplId);
  const made: Record<string, number> = {};
  const note = (table: string, n: number) => {
    made[table] = (made[table] ?? 0) + n;
    process.stdout.write(`  ${table}: ${n.toLocaleString('en')} (${((performance.now() - t0) / 1000).toFixed(0)} s)\n`);
  };
  const t0 = performance.now();
  const { start, days } = months;
  const at = (day: string, hour = 5) => `((${day})::timestamp + interval '${hour} hours')::timestamptz`;
  const before = at(`${lit(start)}::date - 1`);
  const P = c.products;
  const binsPerWarehouse = Math.floor(c.bins / 3);
  const h = s.h;
  const id = s.id;

  // Master data.
  const category = numbered('گروه کالای ');
  note(
    Category.table,
    await s.copy(Category.table, t.category!, c.categories, series, {
      id: id('cat', 'n'),
      name: `'گروه کالای ' || n`,
      name_sk: category.sort('n'),
      search_text: category.search('n'),
      created_at: before,
      updated_at: before,
    }),
  );
  const product = numbered('کالای ');
  const price = (p: string) => `(1000 * (10 + ${h('price', p)} % 990))::bigint`;
  note(
    Product.table,
    await s.copy(Product.table, t.product!, P, series, {
      id: id('pr', 'n'),
      name: `'کالای ' || n`,
      name_sk: product.sort('n'),
      code: `'P-' || lpad(n::text, 6, '0')`,
      code_sk: `${lit(sortKey('P-'))} || ${numSk('n')}`,
      category_id: id('cat', `n % ${c.categories}`),
      search_text: `${product.search('n')} || E'\\n' || 'p-' || lpad(n::text, 6, '0') || E'\\n'`,
      purchase_price: price('n'),
      sale_price: `${price('n')} * 13 / 10`,
      created_at: before,
      updated_at: before,
    }),
  );
  const warehouse = numbered('انبار ');
  note(
    Warehouse.table,
    await s.copy(Warehouse.table, t.warehouse!, 3, series, {
      id: id('wh', 'n'),
      name: `'انبار ' || n`,
      name_sk: warehouse.sort('n'),
      code: `'W' || n`,
      code_sk: `bigpanel_sort_key('W' || n)`,
      search_text: `${warehouse.search('n')} || E'\\n' || 'w' || n`,
      created_at: before,
      updated_at: before,
    }),
  );
  note(
    Location.table,
    await s.copy(Location.table, t.bin!, c.bins, series, {
      id: id('bin', 'n'),
      warehouse_id: id('wh', 'n % 3'),
      code: `'A-' || lpad(n::text, 4, '0')`,
      code_sk: `bigpanel_sort_key('A-' || lpad(n::text, 4, '0'))`,
      search_text: `'a-' || lpad(n::text, 4, '0')`,
      created_at: before,
      updated_at: before,
    }),
  );

  // Receipts and issues: receipt r is in warehouse r % 3; its five lines take the next five
  // products of that warehouse's round (slot (r / 3) * 5 + j); even rounds bring goods in, odd
  // ones take out half of what the round before brought, so no balance ever goes below zero.
  const R = c.receipts;
  const receiptVars = (r: string) =>
    `CROSS JOIN LATERAL (SELECT ${r} % 3 AS w, ((${r} / 3) * 5 / ${P}) AS q, (${lit(start)}::date + (${r}::bigint * ${days} / ${R})::int) AS day) v
     JOIN bigpanel_days m ON m.day = v.day`;
  const receiptNumber = (r: string) => `('RC-' || m.year || '-' || lpad((${r} + 1)::text, 6, '0'))`;
  /** A document number's sort key: the series' letters, the Jalali year, the number without its zeros. */
  const numberSk = (series: string, n: string) => `(${lit(sortKey(series))} || '4' || m.year || '-' || ${numSk(`${n} + 1`)})`;
  await fillKeys(db, seed, 'rc', R);
  note(
    Receipt.table,
    await s.copy(Receipt.table, t.receiptIn!, R, (a, b) => `${series(a, b)} ${receiptVars('n')}`, {
      id: id('rc', 'n'),
      number: receiptNumber('n'),
      date: 'v.day',
      direction: `CASE WHEN v.q % 2 = 0 THEN 'in' ELSE 'out' END`,
      warehouse_id: id('wh', 'v.w'),
      reference: `'INV-' || n`,
      reference_sk: `${lit(sortKey('INV-'))} || ${numSk('n')}`,
      search_text: `'inv-' || n`,
      created_at: at('v.day'),
      updated_at: at('v.day'),
      submitted_at: at('v.day'),
    }),
  );
  const lineVars = `CROSS JOIN LATERAL (SELECT n / 5 AS r, n % 5 AS j) k
     CROSS JOIN LATERAL (SELECT k.r % 3 AS w, ((k.r / 3) * 5 + k.j) % ${P} AS p, ((k.r / 3) * 5 + k.j) / ${P} AS q,
       (${lit(start)}::date + (k.r::bigint * ${days} / ${R})::int) AS day) v
     JOIN bigpanel_days m ON m.day = v.day
     CROSS JOIN LATERAL (SELECT CASE WHEN v.q % 2 = 0 THEN 10 + ${h('q', `(v.q * ${P} + v.p) * 3 + v.w`)} % 90
       ELSE (10 + ${h('q', `((v.q - 1) * ${P} + v.p) * 3 + v.w`)} % 90) / 2 END AS qty, v.q % 2 = 0 AS incoming, ${price('v.p')} AS price) x`;
  const location = id('bin', `v.w + 3 * (v.p % ${binsPerWarehouse})`);
  note(
    Receipt.document!.lines ? linesTable(Receipt) : '',
    await s.copy(linesTable(Receipt), t.inLine!, c.receiptLines, (a, b) => `${series(a, b)} ${lineVars}`, {
      id: id('rl', 'n'),
      doc_id: id('rc', 'k.r'),
      position: 'k.j',
      product_id: id('pr', 'v.p'),
      quantity: 'x.qty',
      unit_price: 'CASE WHEN x.incoming THEN x.price END',
      location_id: location,
    }),
  );
  const receiptId = id('rc', 'k.r');
  const number = receiptNumber('k.r');
  const receiptKey = ` JOIN bigpanel_keys rk ON rk.tag = 'rc' AND rk.i = k.r`;
  note(
    StockMove.table,
    await s.copy(
      StockMove.table,
      (await templateIds(db, StockMove.table, tplId, t.receiptIn!))[0]!,
      c.receiptLines,
      (a, b) => `${series(a, b)} ${lineVars}${receiptKey}`,
      {
        id: `bigpanel_stable_id(${jsonParts("'StockMove'", receiptId, id('rl', 'n'), "'submit'")})`,
        date: 'v.day',
        product_id: id('pr', 'v.p'),
        warehouse_id: id('wh', 'v.w'),
        location_id: location,
        quantity: 'CASE WHEN x.incoming THEN x.qty ELSE -x.qty END',
        value: 'CASE WHEN x.incoming THEN x.qty * x.price ELSE -x.qty * x.price END',
        source_id: receiptId,
        source_id_sk: 'rk.sk',
        source_number: number,
        source_number_sk: numberSk('RC-', 'k.r'),
        search_text: `lower(${number})`,
        created_at: at('v.day'),
        updated_at: at('v.day'),
      },
    ),
  );

  // The journal of the receipts, as accounting's follower posts it: two lines each, the
  // template's accounts of goods in or out, the receipt's value.
  // Each receipt's value, worked out once from its moves.
  await db.query(
    `CREATE TABLE bigpanel_receipts AS SELECT source_id, min(date) AS day, min(source_number) AS number, min(source_id_sk) AS id_sk,
       min(source_number_sk) AS number_sk, sum(abs(value)) AS amount, bool_and(quantity > 0) AS incoming
     FROM ${StockMove.table} WHERE panel_id = $1 GROUP BY source_id`,
    [bigId],
  );
  const moves = `bigpanel_receipts s JOIN bigpanel_days m ON m.day = s.day`;
  const postedBy = (sourceId: string, seq: number | string) =>
    `bigpanel_stable_id(${jsonParts("'MarketAccounting/JournalLine'", sourceId, "'submit'", `#${seq}`)})`;
  const monthSk = `('4' || m.year || '-' || ${numSk("split_part(m.month, '-', 2)::int")})`;
  for (const [template, incoming] of [
    [t.receiptIn!, true],
    [t.receiptOut!, false],
  ] as const) {
    const [{ n: count }] = (await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM bigpanel_receipts WHERE ${incoming ? '' : 'NOT'} incoming`,
    )) as [{ n: number }];
    const lines = await templateIds(db, JournalLine.table, tplId, template);
    for (const [seq, line] of lines.entries())
      note(
        JournalLine.table,
        await s.copy(
          JournalLine.table,
          line,
          count,
          () => `${moves} WHERE ${incoming ? '' : 'NOT'} s.incoming`,
          {
            id: postedBy('s.source_id', seq),
            date: 's.day',
            month: 'm.month',
            month_sk: monthSk,
            debit: 'CASE WHEN tpl.debit > 0 THEN s.amount ELSE 0 END',
            credit: 'CASE WHEN tpl.credit > 0 THEN s.amount ELSE 0 END',
            source_id: 's.source_id',
            source_id_sk: 's.id_sk',
            source_number: 's.number',
            source_number_sk: 's.number_sk',
            search_text: 'lower(s.number)',
            created_at: at('s.day'),
            updated_at: at('s.day'),
          },
          Infinity,
        ),
      );
  }

  // Vouchers: eight lines each, four pairs of a receivable from a party and the income it earned.
  const party = numbered('طرف حساب ');
  note(
    Party.table,
    await s.copy(Party.table, t.party!, c.parties, series, {
      id: id('party', 'n'),
      name: `'طرف حساب ' || n`,
      name_sk: party.sort('n'),
      search_text: party.search('n'),
      created_at: before,
      updated_at: before,
    }),
  );
  const V = c.vouchers;
  await fillKeys(db, seed, 'jv', V);
  const voucherDay = (v: string) => `(${lit(start)}::date + (${v}::bigint * ${days} / ${V})::int)`;
  const description = numbered('سند فروش ');
  note(
    Voucher.table,
    await s.copy(
      Voucher.table,
      t.voucher!,
      V,
      (a, b) => `${series(a, b)} CROSS JOIN LATERAL (SELECT ${voucherDay('n')} AS day) v JOIN bigpanel_days m ON m.day = v.day`,
      {
        id: id('jv', 'n'),
        number: `('JV-' || m.year || '-' || lpad((n + 1)::text, 6, '0'))`,
        date: 'v.day',
        description: `'سند فروش ' || n`,
        description_sk: description.sort('n'),
        search_text: description.search('n'),
        created_at: at('v.day'),
        updated_at: at('v.day'),
        submitted_at: at('v.day'),
      },
    ),
  );
  const voucherLineVars = `CROSS JOIN LATERAL (SELECT n / 8 AS v, n % 8 AS i, (n % 8) % 2 = 0 AS debit) k
    CROSS JOIN LATERAL (SELECT 10000 * (1 + ${h('va', 'k.v * 4 + k.i / 2')} % 5000)::bigint AS amount, ${h('vp', 'k.v * 4 + k.i / 2')} % ${c.parties} AS party,
      ${voucherDay('k.v')} AS day) x
    JOIN bigpanel_days m ON m.day = x.day`;
  const [receivable, revenue] = [accountId('1103'), accountId('4101')];
  note(
    linesTable(Voucher),
    await s.copy(linesTable(Voucher), t.voucherDebit!, 8 * V, (a, b) => `${series(a, b)} ${voucherLineVars}`, {
      id: id('vl', 'n'),
      doc_id: id('jv', 'k.v'),
      position: 'k.i',
      account_id: `CASE WHEN k.debit THEN ${lit(receivable)} ELSE ${lit(revenue)} END::uuid`,
      party_id: `CASE WHEN k.debit THEN ${id('party', 'x.party')} END`,
      debit: 'CASE WHEN k.debit THEN x.amount ELSE 0 END',
      credit: 'CASE WHEN k.debit THEN 0 ELSE x.amount END',
    }),
  );
  const voucherNumber = `('JV-' || m.year || '-' || lpad((k.v + 1)::text, 6, '0'))`;
  note(
    JournalLine.table,
    await s.copy(
      JournalLine.table,
      (await templateIds(db, JournalLine.table, tplId, t.voucher!))[0]!,
      8 * V,
      (a, b) => `${series(a, b)} ${voucherLineVars} JOIN bigpanel_keys vk ON vk.tag = 'jv' AND vk.i = k.v`,
      {
        id: postedBy(id('jv', 'k.v'), 'k.i'),
        date: 'x.day',
        month: 'm.month',
        month_sk: monthSk,
        account_id: `CASE WHEN k.debit THEN ${lit(receivable)} ELSE ${lit(revenue)} END::uuid`,
        party_id: `CASE WHEN k.debit THEN ${id('party', 'x.party')} END`,
        debit: 'CASE WHEN k.debit THEN x.amount ELSE 0 END',
        credit: 'CASE WHEN k.debit THEN 0 ELSE x.amount END',
        note: `'سند فروش ' || k.v`,
        note_sk: description.sort('k.v'),
        source_id: id('jv', 'k.v'),
        source_id_sk: 'vk.sk',
        source_number: voucherNumber,
        source_number_sk: numberSk('JV-', 'k.v'),
        search_text: `lower(${voucherNumber}) || E'\\n' || ${description.search('k.v')}`,
        seq: 'k.i',
        created_at: at('x.day'),
        updated_at: at('x.day'),
      },
    ),
  );

  // The balances the server keeps, worked out again from their ledgers, with the ids it gives them.
  const [balance] = await db.query<{ id: string }>(`SELECT id FROM ${AccountBalance.table} WHERE panel_id = $1 LIMIT 1`, [tplId]);
  const end = at(`${lit(start)}::date + ${days}`);
  note(
    AccountBalance.table,
    await s.copy(
      AccountBalance.table,
      balance!.id,
      (
        await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM (SELECT DISTINCT account_id, party_id, cash_box_id, bank_account_id, month FROM ${JournalLine.table} WHERE panel_id = $1) d`,
          [bigId],
        )
      )[0]!.n,
      () => `(SELECT account_id, party_id, cash_box_id, bank_account_id, month, min(month_sk) AS month_sk, sum(debit) AS debit, sum(credit) AS credit
        FROM ${JournalLine.table} WHERE panel_id = $3 GROUP BY account_id, party_id, cash_box_id, bank_account_id, month) b`,
      {
        id: `bigpanel_stable_id(${jsonParts("'MarketAccounting/AccountBalance'", 'b.account_id', 'b.party_id', 'b.cash_box_id', 'b.bank_account_id', 'b.month')})`,
        version: '1',
        account_id: 'b.account_id',
        party_id: 'b.party_id',
        cash_box_id: 'b.cash_box_id',
        bank_account_id: 'b.bank_account_id',
        month: 'b.month',
        month_sk: 'b.month_sk',
        debit: 'b.debit',
        credit: 'b.credit',
        created_at: end,
        updated_at: end,
      },
      Infinity,
    ),
  );
  const [stockBalance] = await db.query<{ id: string }>(`SELECT id FROM ${StockBalance.table} WHERE panel_id = $1`, [tplId]);
  const places = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT DISTINCT product_id, warehouse_id, location_id FROM ${StockMove.table} WHERE panel_id = $1) d`,
    [bigId],
  );
  note(
    StockBalance.table,
    await s.copy(
      StockBalance.table,
      stockBalance!.id,
      places[0]!.n,
      () =>
        `(SELECT product_id, warehouse_id, location_id, sum(quantity) AS quantity FROM ${StockMove.table} WHERE panel_id = $3 GROUP BY product_id, warehouse_id, location_id) b`,
      {
        id: `bigpanel_stable_id(${jsonParts("'StockBalance'", 'b.product_id', 'b.warehouse_id', 'b.location_id', 'NULL')})`,
        version: '1',
        product_id: 'b.product_id',
        warehouse_id: 'b.warehouse_id',
        location_id: 'b.location_id',
        quantity: 'b.quantity',
        created_at: end,
        updated_at: end,
      },
      Infinity,
    ),
  );
  const [valuation] = await db.query<{ id: string }>(`SELECT id FROM ${StockValuation.table} WHERE panel_id = $1`, [tplId]);
  const valued = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT DISTINCT product_id, warehouse_id FROM ${StockMove.table} WHERE panel_id = $1) d`,
    [bigId],
  );
  note(
    StockValuation.table,
    await s.copy(
      StockValuation.table,
      valuation!.id,
      valued[0]!.n,
      () =>
        `(SELECT product_id, warehouse_id, sum(quantity) AS quantity, sum(value) AS value FROM ${StockMove.table} WHERE panel_id = $3 GROUP BY product_id, warehouse_id) b`,
      {
        id: `bigpanel_stable_id(${jsonParts("'StockValuation'", 'b.product_id', 'b.warehouse_id')})`,
        version: '1',
        product_id: 'b.product_id',
        warehouse_id: 'b.warehouse_id',
        quantity: 'b.quantity',
        value: 'b.value',
        created_at: end,
        updated_at: end,
      },
      Infinity,
    ),
  );

  // Customers, what they are sold, their sales and support requests.
  const customer = numbered('مشتری ');
  const city = (n: string) => `(${sqlArray(CITIES.map(lit))})[1 + ${n} % ${CITIES.length}]`;
  const citySk = (n: string) => `(${sqlArray(CITIES.map((x) => lit(sortKey(x))))})[1 + ${n} % ${CITIES.length}]`;
  const mobile = `'0912' || lpad(n::text, 7, '0')`;
  note(
    Customer.table,
    await s.copy(Customer.table, t.customer!, c.customers, series, {
      id: id('cust', 'n'),
      kind: `CASE WHEN n % 3 = 0 THEN 'company' ELSE 'person' END`,
      name: `'مشتری ' || n`,
      name_sk: customer.sort('n'),
      mobiles: `jsonb_build_array(${mobile})`,
      city: city('n'),
      city_sk: citySk('n'),
      province: city('n'),
      province_sk: citySk('n'),
      search_text: `${customer.search('n')} || E'\\n' || ${mobile} || E'\\n' || ${city('n')} || E'\\n'`,
      created_at: before,
      updated_at: before,
    }),
  );
  const soldModule = numbered('ماژول ');
  note(
    SoldModule.table,
    await s.copy(SoldModule.table, t.module!, c.soldModules, series, {
      id: id('mod', 'n'),
      name: `'ماژول ' || n`,
      name_sk: soldModule.sort('n'),
      code: `'M-' || n`,
      code_sk: `${lit(sortKey('M-'))} || ${numSk('n')}`,
      price: '1000000 * (n + 1)',
      search_text: `${soldModule.search('n')} || E'\\n' || 'm-' || n`,
      created_at: before,
      updated_at: before,
    }),
  );
  const S = c.sales;
  const saleVars = `CROSS JOIN LATERAL (SELECT ${h('sm', 'n')} % ${c.soldModules} AS module, 1 + ${h('sq', 'n')} % 5 AS qty,
      (ARRAY['lead', 'quoted', 'negotiating', 'won'])[1 + ${h('ss', 'n')} % 4] AS stage, ${h('sc', 'n')} % ${c.customers} AS customer,
      (${lit(start)}::date + (n::bigint * ${days} / ${S})::int) AS day) x
    CROSS JOIN LATERAL (SELECT x.qty * 1000000 * (x.module + 1)::bigint AS net) y`;
  const saleNote = numbered('فروش ');
  note(
    Sale.table,
    await s.copy(Sale.table, t.sale!, S, (a, b) => `${series(a, b)} ${saleVars}`, {
      id: id('sale', 'n'),
      customer_id: id('cust', 'x.customer'),
      date: 'x.day',
      stage: 'x.stage',
      note: `'فروش ' || n`,
      note_sk: saleNote.sort('n'),
      search_text: saleNote.search('n'),
      closed_on: `CASE WHEN x.stage = 'won' THEN x.day END`,
      net: 'y.net',
      vat: 'y.net / 10',
      total: 'y.net + y.net / 10',
      created_at: at('x.day'),
      updated_at: at('x.day'),
    }),
  );
  note(
    linesTable(Sale),
    await s.copy(linesTable(Sale), t.saleLine!, S, (a, b) => `${series(a, b)} ${saleVars}`, {
      id: id('sl', 'n'),
      doc_id: id('sale', 'n'),
      module_id: id('mod', 'x.module'),
      quantity: 'x.qty',
      unit_price: '1000000 * (x.module + 1)',
    }),
  );
  const subject = numbered('درخواست پشتیبانی ');
  const requestVars = `CROSS JOIN LATERAL (SELECT (ARRAY['low', 'normal', 'high', 'urgent'])[1 + ${h('rp', 'n')} % 4] AS priority,
      (ARRAY['open', 'inProgress', 'waiting', 'resolved', 'closed'])[1 + ${h('rs', 'n')} % 5] AS status,
      ${at(`${lit(start)}::date + (n::bigint * ${days} / ${c.requests})::int`, 6)} AS opened) x`;
  note(
    Request.table,
    await s.copy(Request.table, t.request!, c.requests, (a, b) => `${series(a, b)} ${requestVars}`, {
      id: id('req', 'n'),
      customer_id: id('cust', `${h('rc', 'n')} % ${c.customers}`),
      subject: `'درخواست پشتیبانی ' || n`,
      subject_sk: subject.sort('n'),
      search_text: subject.search('n'),
      priority: 'x.priority',
      status: 'x.status',
      opened_at: 'x.opened',
      due_at: `x.opened + interval '3 days'`,
      resolved_at: `CASE WHEN x.status IN ('resolved', 'closed') THEN x.opened + interval '1 day' END`,
      created_at: 'x.opened',
      updated_at: 'x.opened',
    }),
  );

  // People and three years of their punches: in near 08:00 and out near 17:00 Tehran time, every work day.
  const lastName = numbered('شماره ');
  const fullName = numbered('کارمند شماره ');
  note(
    Personnel.table,
    await s.copy(Personnel.table, t.personnel!, c.personnel, series, {
      id: id('pe', 'n'),
      first_name: `'کارمند'`,
      first_name_sk: lit(sortKey('کارمند')),
      last_name: `'شماره ' || n`,
      last_name_sk: lastName.sort('n'),
      name: `'کارمند شماره ' || n`,
      name_sk: fullName.sort('n'),
      code: `'E-' || n`,
      code_sk: `${lit(sortKey('E-'))} || ${numSk('n')}`,
      search_text: `${fullName.search('n')} || E'\\n' || 'e-' || n`,
      created_at: before,
      updated_at: before,
    }),
  );
  const D = c.workDays;
  const firstDay = monthDays('1402-01').from;
  note(
    Punch.table,
    await s.copy(
      Punch.table,
      t.punch!,
      c.personnel * D * 2,
      (a, b) => `${series(a, b)}
    CROSS JOIN LATERAL (SELECT n / ${D * 2} AS person, (n / 2) % ${D} AS day, n % 2 = 1 AS out) k
    CROSS JOIN LATERAL (SELECT (${lit(firstDay)}::date + (k.day * 1095 / ${D}))::timestamp AT TIME ZONE 'UTC'
      + CASE WHEN k.out THEN interval '13 hours 30 minutes' ELSE interval '4 hours 30 minutes' END + (${h('pm', 'n')} % 30) * interval '1 minute' AS at) x`,
      {
        id: id('pu', 'n'),
        personnel_id: id('pe', 'k.person'),
        at: 'x.at',
        received_at: 'x.at',
        direction: `CASE WHEN k.out THEN 'out' ELSE 'in' END`,
        note: 'NULL',
        note_sk: 'NULL',
        search_text: "''",
        created_at: 'x.at',
        updated_at: 'x.at',
      },
    ),
  );

  // The document series continue after the numbers used.
  for (const [entity, table] of [
    [Receipt.key, Receipt.table],
    [Voucher.key, Voucher.table],
  ])
    await db.query(
      `INSERT INTO document_series (panel_id, entity, year, last_number)
       SELECT $1::uuid, $2, split_part(number, '-', 2)::int, max(split_part(number, '-', 3)::int) FROM ${table} WHERE panel_id = $1::uuid GROUP BY 3
       ON CONFLICT (panel_id, entity, year) DO UPDATE SET last_number = greatest(document_series.last_number, excluded.last_number)`,
      [bigId, entity],
    );

  // Every row in the change log, in the order the days made them, so a pull sees them as it would.
  const logged: [string, string][] = seededEntities.map((e) => [e.key, e.table]);
  const [{ n: changes }] = (await db.query<{ n: number }>(
    `WITH stamped AS (INSERT INTO sync_changes (panel_id, entity, row_id, seq, left_scope)
       SELECT $1::uuid, entity, id, nextval('sync_change_seq'), '{}' FROM (
         ${logged.map(([key, table]) => `SELECT ${lit(key)} AS entity, id, updated_at FROM ${table} WHERE panel_id = $1::uuid`).join(' UNION ALL ')}
         ORDER BY updated_at, entity, id) r
       ON CONFLICT (panel_id, entity, row_id) DO NOTHING RETURNING 1)
     SELECT count(*)::int AS n FROM stamped`,
    [bigId],
  )) as [{ n: number }];
  note('sync_changes', changes);
  await db.exec(
    `${DROP_HELPERS} DROP TABLE bigpanel_months; DROP TABLE bigpanel_days; DROP TABLE bigpanel_keys; DROP TABLE bigpanel_receipts;`,
  );
  await db.exec('ANALYZE');
  return made;
}

/** The id idOf gives, worked out in Node. */
function idInNode(seed: number, tag: string, n: number): string {
  const h = createHash('md5').update(`${seed}:id:${tag}:${n}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/** The sort keys of the ids of `tag`'s rows 0 … count-1 (an id as text is sorted too), worked out in Node where it is quick. */
async function fillKeys(db: Db, seed: number, tag: string, count: number): Promise<void> {
  await db.exec('CREATE TABLE IF NOT EXISTS bigpanel_keys (tag text, i int, sk text, PRIMARY KEY (tag, i))');
  for (let from = 0; from < count; from += 50_000) {
    const ns = Array.from({ length: Math.min(50_000, count - from) }, (_, i) => from + i);
    await db.query('INSERT INTO bigpanel_keys SELECT $1, n, sk FROM unnest($2::int[], $3::text[]) AS u(n, sk)', [
      tag,
      ns,
      ns.map((n) => sortKey(idInNode(seed, tag, n))),
    ]);
  }
}

/** The ids of the template panel's rows of `table` that `sourceId` posted, in their order. */
async function templateIds(db: Db, table: string, tplId: string, sourceId: string): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `SELECT id FROM ${table} WHERE panel_id = $1 AND source_id = $2 ORDER BY ${table.endsWith('journal_line') ? 'seq' : 'id'}`,
    [tplId, sourceId],
  );
  return rows.map((r) => r.id);
}

/**
 * Checks the seeded panel against the server's own rules, so a generator that drifts from them
 * fails the seed: on a sample of every table, each derived column (search text, sort keys) is what
 * the server would write and each derived id is the stableId the server would give; over the whole
 * panel, every stock balance and valuation is the sum of its moves, every account balance the sum
 * of its journal lines, and every posting balanced. Answers the number of checks made.
 */
async function verify(db: Db, panelId: string): Promise<number> {
  let checks = 0;
  const fail = (what: string, detail: unknown) => {
    throw new Error(`seed check failed: ${what}: ${JSON.stringify(detail)}`);
  };
  for (const entity of seededEntities) {
    const records = await db.query(`SELECT * FROM ${entity.table} WHERE panel_id = $1 ORDER BY id LIMIT 50`, [panelId]);
    if (!records.length) fail(`${entity.key} has no rows`, null);
    for (const record of records) {
      const derived = derivedColumns(entity.fields, entity.searchFields, rowFromDb(entity, record));
      for (const [column, value] of Object.entries(derived)) {
        checks++;
        if ((record[column] ?? null) !== value) fail(`${entity.key}.${column}`, { id: record.id, seeded: record[column], server: value });
      }
      const expected =
        entity === StockBalance
          ? stableId('StockBalance', record.product_id, record.warehouse_id, record.location_id, record.batch)
          : entity === StockValuation
            ? stableId('StockValuation', record.product_id, record.warehouse_id)
            : entity === AccountBalance
              ? stableId(
                  'MarketAccounting/AccountBalance',
                  record.account_id,
                  record.party_id,
                  record.cash_box_id,
                  record.bank_account_id,
                  record.month,
                )
              : entity === JournalLine
                ? stableId('MarketAccounting/JournalLine', record.source_id, 'submit', record.seq)
                : null;
      if (expected !== null && (checks++, expected !== record.id)) fail(`${entity.key} id`, { seeded: record.id, server: expected });
    }
    if (isDocument(entity)) {
      const lines = await db.query(`SELECT * FROM ${linesTable(entity)} WHERE panel_id = $1 ORDER BY id LIMIT 50`, [panelId]);
      for (const record of lines) {
        const derived = derivedColumns(entity.document.lines, [], lineFromDb(entity.document.lines, record));
        for (const [column, value] of Object.entries(derived)) {
          checks++;
          if ((record[column] ?? null) !== value)
            fail(`${entity.key} line ${column}`, { id: record.id, seeded: record[column], server: value });
        }
      }
    }
  }
  const moves = await db.query<{ id: string; line_id: string; source_id: string }>(
    `SELECT m.id, l.id AS line_id, m.source_id FROM ${StockMove.table} m JOIN ${linesTable(Receipt)} l
       ON l.panel_id = m.panel_id AND l.doc_id = m.source_id::uuid AND l.product_id = m.product_id
     WHERE m.panel_id = $1 ORDER BY m.id LIMIT 50`,
    [panelId],
  );
  for (const m of moves) if ((checks++, stableId('StockMove', m.source_id, m.line_id, 'submit') !== m.id)) fail('StockMove id', m);
  const wrong = await db.query(
    `SELECT 'stock balance' AS what, count(*)::int AS n FROM ${StockBalance.table} b LEFT JOIN (SELECT product_id, warehouse_id, location_id, sum(quantity) AS q
        FROM ${StockMove.table} WHERE panel_id = $1 GROUP BY 1, 2, 3) m USING (product_id, warehouse_id, location_id)
      WHERE b.panel_id = $1 AND b.quantity IS DISTINCT FROM m.q
     UNION ALL SELECT 'negative stock', count(*)::int FROM ${StockBalance.table} WHERE panel_id = $1 AND quantity < 0
     UNION ALL SELECT 'valuation', count(*)::int FROM ${StockValuation.table} v LEFT JOIN (SELECT product_id, warehouse_id, sum(quantity) AS q, sum(value) AS s
        FROM ${StockMove.table} WHERE panel_id = $1 GROUP BY 1, 2) m USING (product_id, warehouse_id)
      WHERE v.panel_id = $1 AND (v.quantity IS DISTINCT FROM m.q OR v.value IS DISTINCT FROM m.s)
     UNION ALL SELECT 'stock on hand totals', count(*)::int FROM stock_on_hand_totals t FULL JOIN (SELECT warehouse_id, count(*) FILTER (WHERE quantity <> 0) AS n,
        sum(quantity) AS q, sum(value) AS s FROM ${StockValuation.table} WHERE panel_id = $1 AND NOT deleted GROUP BY 1) v USING (warehouse_id)
      WHERE coalesce(t.panel_id, $1) = $1 AND (t.rows IS DISTINCT FROM v.n OR t.quantity IS DISTINCT FROM v.q OR t.value IS DISTINCT FROM v.s)
     UNION ALL SELECT 'account balance', count(*)::int FROM ${AccountBalance.table} b LEFT JOIN (SELECT account_id, party_id, month, sum(debit) AS d, sum(credit) AS c
        FROM ${JournalLine.table} WHERE panel_id = $1 GROUP BY 1, 2, 3) j ON j.account_id = b.account_id AND j.party_id IS NOT DISTINCT FROM b.party_id AND j.month = b.month
      WHERE b.panel_id = $1 AND (b.debit IS DISTINCT FROM j.d OR b.credit IS DISTINCT FROM j.c)
     UNION ALL SELECT 'unbalanced posting', count(*)::int FROM (SELECT source_id FROM ${JournalLine.table} WHERE panel_id = $1
        GROUP BY source_id HAVING sum(debit) <> sum(credit)) u
     UNION ALL SELECT 'unlogged row', count(*)::int FROM ${StockMove.table} m WHERE panel_id = $1
        AND NOT EXISTS (SELECT 1 FROM sync_changes c WHERE c.panel_id = $1 AND c.entity = ${lit(StockMove.key)} AND c.row_id = m.id)`,
    [panelId],
  );
  for (const w of wrong) if ((checks++, Number(w.n) !== 0)) fail(String(w.what), w);
  return checks;
}

/**
 * Stock on hand's kept totals (WarehousingMVM's migration 002, decision 057) worked out again from
 * the valuations: the seed writes its rows in replica mode, where the triggers that keep them do not run.
 */
async function keptTotals(db: Db, panelId: string): Promise<void> {
  await db.query('DELETE FROM stock_on_hand_totals WHERE panel_id = $1', [panelId]);
  await db.query(
    `INSERT INTO stock_on_hand_totals (panel_id, warehouse_id, rows, quantity, value)
     SELECT panel_id, warehouse_id, count(*) FILTER (WHERE quantity <> 0), coalesce(sum(quantity), 0), coalesce(sum(value), 0)
     FROM ${StockValuation.table} WHERE panel_id = $1 AND NOT deleted AND warehouse_id IS NOT NULL GROUP BY panel_id, warehouse_id`,
    [panelId],
  );
}

// ---------------------------------------------------------------------------------------------
// Engines and records

type Engine = 'postgres' | 'pglite';
const RESULTS = resolve(import.meta.dirname, 'results');
const recordFile = (engine: Engine, size: Size) => join(RESULTS, `bigpanel-${engine}-${size}${smoke ? `-smoke-${process.pid}` : ''}.json`);

function readRecord(engine: Engine, size: Size): SeedRecord | null {
  const file = recordFile(engine, size);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as SeedRecord) : null;
}

/** Where the engine's data lives for this size: a schema of the PostgreSQL server, a PGlite data folder. */
function placeOf(engine: Engine, size: Size): { schema?: string; dataDir?: string } {
  return engine === 'postgres'
    ? { schema: smoke ? `bigpanel_smoke_${process.pid}` : `bigpanel_${size}` }
    : { dataDir: join(smoke ? tmpdir() : RESULTS, `bigpanel-pglite-${size}${smoke ? `-${process.pid}` : ''}`) };
}

async function removePlace(place: { schema?: string; dataDir?: string }): Promise<void> {
  if (place.schema) await dropSchema(POSTGRES_URL, place.schema);
  if (place.dataDir) rmSync(place.dataDir, { recursive: true, force: true });
}

async function seedEngine(engine: Engine, size: Size, seed: number): Promise<SeedRecord> {
  const place = placeOf(engine, size);
  const counts = countsOf(size);
  console.log(`seeding ${engine} at size ${size} (seed ${seed}) into ${place.schema ? `schema ${place.schema}` : place.dataDir}`);
  await removePlace(place);
  if (place.schema) await createSchema(POSTGRES_URL, place.schema);
  else {
    mkdirSync(place.dataDir!, { recursive: true });
    // A run of several benches has one initialised and migrated folder to start from (serverProcess.ts).
    if (process.env.BENCH_PGLITE_TEMPLATE) cpSync(process.env.BENCH_PGLITE_TEMPLATE, place.dataDir!, { recursive: true });
  }
  const started = performance.now();
  const username = `bigpanel${seed}`;
  const server = await startServer(serverEnvOf(place));
  let made: Awaited<ReturnType<typeof makePanels>>;
  try {
    made = await makePanels(server.url, username);
  } finally {
    await stop(server);
  }
  const api = (performance.now() - started) / 1000;
  const db = await openSeeded(place);
  try {
    const ids = async (code: string) => (await db.query<{ id: string }>('SELECT id FROM panels WHERE code = $1', [code]))[0]!.id;
    const bigId = await ids(made.bigCode);
    const tplId = await ids(made.templates.panelCode);
    const rows = await generate(db, seed, bigId, tplId, made.templates.rows, counts);
    await keptTotals(db, bigId);
    const sql = (performance.now() - started) / 1000 - api;
    console.log(`checked: ${(await verify(db, bigId)).toLocaleString('en')} checks of the seeded rows against the server's rules passed`);
    const record: SeedRecord = {
      engine,
      size,
      seed,
      username,
      password: PASSWORD,
      panelCode: made.bigCode,
      panelId: bigId,
      ...place,
      counts,
      rows,
      seconds: { api, sql, total: api + sql },
      partyId: '',
      warehouseId: '',
      seededAt: new Date().toISOString(),
    };
    mkdirSync(RESULTS, { recursive: true });
    writeFileSync(recordFile(engine, size), `${JSON.stringify(record, null, 2)}\n`);
    console.log(`seeded ${engine} ${size} in ${record.seconds.total.toFixed(0)} s (API ${api.toFixed(0)} s, SQL ${sql.toFixed(0)} s)`);
    return record;
  } finally {
    await db.close();
  }
}

// ---------------------------------------------------------------------------------------------
// The figures

const TARGETS = { trialBalance: 200, statement: 200, stockOnHand: 200, pullPage: 100 };
const PULL_PAGE = 5_000;

const ms = (v: number) => `${v.toFixed(1)} ms`;

type Figure = BigPanelFigure;

/** The server's figures that need no HTTP: measured on the engine opened in this process (a PGlite folder takes one process at a time). */
async function measureInProcess(record: SeedRecord, figures: Figure[]): Promise<void> {
  const db = await openSeeded(record);
  const add = (what: string, t: { p50: number; p95: number }, target?: number, note?: string) => {
    figures.push({ engine: record.engine, size: record.size, what, ...t, target, note });
    console.log(
      `  ${what}: p50 ${ms(t.p50)}, p95 ${ms(t.p95)}${target ? `; target < ${target} ms ${verdict(t.p95 < target)}` : ''}${note ? ` (${note})` : ''}`,
    );
  };
  try {
    const panelId = record.panelId;
    const [{ n: journal }] = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${JournalLine.table} WHERE panel_id = $1`, [
      panelId,
    ])) as [{ n: number }];
    let trial: Awaited<ReturnType<typeof trialBalanceOf>> | null = null;
    add(
      `trial balance over ${journal.toLocaleString('en')} journal lines`,
      await timed(async () => (trial = await trialBalanceOf(db, panelId, null, null))),
      TARGETS.trialBalance,
      `debits ${trial!.debit.toLocaleString('en')} = credits ${trial!.credit.toLocaleString('en')}`,
    );

    // The party with the most lines: the longest statement.
    const [busiest] = await db.query<{ party_id: string; n: number }>(
      `SELECT party_id, count(*)::int AS n FROM ${JournalLine.table} WHERE panel_id = $1 AND party_id IS NOT NULL GROUP BY party_id ORDER BY n DESC, party_id LIMIT 1`,
      [panelId],
    );
    const statement = async () => {
      const lines = await selectRows(db, JournalLine, panelId, (params) => {
        params.push(busiest!.party_id);
        return `party_id = $${params.length}`;
      });
      return partyStatement(lines, monthDays('1404-01').from, monthDays('1404-12').to);
    };
    const shown = await statement();
    add(
      `one party's statement (${busiest!.n.toLocaleString('en')} lines, year 1404)`,
      await timed(statement),
      TARGETS.statement,
      `${shown.lines.length} lines in the year, closing ${shown.closing.toLocaleString('en')}`,
    );

    const [warehouse] = await db.query<{ warehouse_id: string }>(
      `SELECT warehouse_id FROM ${StockBalance.table} WHERE panel_id = $1 ORDER BY warehouse_id LIMIT 1`,
      [panelId],
    );
    // The warehouse's stock on hand as a report shows it: per product (summed over its bins), with
    // its code and name, in code order. The balances are summed per product first, then joined.
    const perProduct = `SELECT product_id, sum(quantity) AS quantity FROM ${StockBalance.table}
      WHERE panel_id = $1 AND warehouse_id = $2 AND NOT deleted GROUP BY product_id`;
    let onHand = 0;
    add(
      'stock on hand for a warehouse summed from its balances (decision 049; the screen reads StockOnHand below)',
      await timed(async () => {
        const rows = await db.query(
          `SELECT p.id, p.code, p.name, b.quantity FROM (${perProduct}) b
           JOIN ${Product.table} p ON p.panel_id = $1 AND p.id = b.product_id ORDER BY p.code_sk, p.id`,
          [panelId, warehouse!.warehouse_id],
        );
        onHand = rows.length;
      }),
      TARGETS.stockOnHand,
      `${onHand.toLocaleString('en')} products`,
    );
    add('  of which the quantities per product alone', await timed(() => db.query(perProduct, [panelId, warehouse!.warehouse_id])));
    add(
      '  the first shape: balances joined to products and valuations, then grouped',
      await timed(() =>
        db.query(
          `SELECT p.id, p.code, p.name, sum(b.quantity) AS quantity, min(v.value) AS value
           FROM ${StockBalance.table} b JOIN ${Product.table} p ON p.panel_id = b.panel_id AND p.id = b.product_id
           LEFT JOIN ${StockValuation.table} v ON v.panel_id = b.panel_id AND v.product_id = b.product_id AND v.warehouse_id = b.warehouse_id AND NOT v.deleted
           WHERE b.panel_id = $1 AND b.warehouse_id = $2 AND NOT b.deleted GROUP BY p.id, p.code, p.name ORDER BY p.code`,
          [panelId, warehouse!.warehouse_id],
        ),
      ),
    );
    add(
      "  the same as the module reads rows (selectRows of the warehouse's balances)",
      await timed(() =>
        selectRows(db, StockBalance, panelId, (params) => {
          params.push(warehouse!.warehouse_id);
          return `warehouse_id = $${params.length}`;
        }),
      ),
    );

    // A pull page of 5,000 rows, in the server's own pull function (the protocol's pages hold at most PULL_PAGE_MAX).
    const [owner] = await db.query<{ id: string }>('SELECT id FROM users WHERE username = $1', [record.username]);
    const access = (await accessById(db, panelId, owner!.id))!;
    const [{ lo, hi }] = (await db.query<{ lo: number; hi: number }>(
      'SELECT min(seq)::float8 AS lo, max(seq)::float8 AS hi FROM sync_changes WHERE panel_id = $1',
      [panelId],
    )) as [{ lo: number; hi: number }];
    for (const [where, cursor] of [
      ['first page', 0],
      ['a page in the middle', Math.floor((lo + hi) / 2)],
    ] as const) {
      let rows = 0;
      add(
        `pull page of ${PULL_PAGE.toLocaleString('en')} rows, ${where} (pullChanges)`,
        await timed(async () => {
          rows = (await pullChanges(db, access, { cursor, limit: PULL_PAGE })).changes.length;
        }),
        TARGETS.pullPage,
        `${rows.toLocaleString('en')} rows`,
      );
    }
  } finally {
    await db.close();
  }
}

/** Over HTTP from a server process: pages of the protocol's largest size, and the whole panel streamed as a first sync. */
async function measureOverHttp(record: SeedRecord, figures: Figure[]): Promise<void> {
  const server: Running = await startServer(serverEnvOf(record));
  try {
    const signIn = async () =>
      (
        await call<LoginData>(server.url, endpoints.login, {
          username: record.username,
          password: record.password,
          serviceName: DEFAULT_SERVICE_NAME,
        })
      ).access_token;
    let token = await signIn();
    // A whole-panel sync outlives an access token: signed in again when the server says it ended, as a device refreshes.
    const page = async (cursor: number, limit: number): Promise<PullResponse> => {
      const path = `${syncEndpoints.pull.path}?cursor=${cursor}&limit=${limit}`;
      const response = await fetch(`${server.url}${path}`, {
        headers: { authorization: `Bearer ${token}`, [PANEL_HEADER]: record.panelCode },
      });
      if (response.status === 401) {
        token = await signIn();
        return page(cursor, limit);
      }
      const envelope = (await response.json()) as { isSuccess: boolean; data: PullResponse };
      if (!response.ok || !envelope.isSuccess) throw new Error(`${path}: ${response.status} ${JSON.stringify(envelope)}`);
      return envelope.data;
    };
    // 5,000 rows as a device gets them: pages of PULL_PAGE_MAX, one after another.
    const t = await timed(async () => {
      let cursor = 0;
      for (let rows = 0; rows < PULL_PAGE;) {
        const answer = await page(cursor, Math.min(PULL_PAGE_MAX, PULL_PAGE - rows));
        rows += answer.changes.length;
        cursor = answer.cursor;
        if (!answer.hasMore) break;
      }
    });
    figures.push({
      engine: record.engine,
      size: record.size,
      what: `pull of ${PULL_PAGE.toLocaleString('en')} rows over HTTP (pages of ${PULL_PAGE_MAX})`,
      ...t,
    });
    console.log(
      `  pull of ${PULL_PAGE.toLocaleString('en')} rows over HTTP in pages of ${PULL_PAGE_MAX}: p50 ${ms(t.p50)}, p95 ${ms(t.p95)}`,
    );

    if (process.argv.includes('--no-stream')) return;
    // The whole panel, as a new device's first sync: every page from cursor 0, RSS every second.
    const samples: number[] = [];
    const sampler = setInterval(() => {
      const mb = rssMb(server.child.pid!);
      if (mb !== null) samples.push(mb);
    }, 1000);
    const started = performance.now();
    let cursor = 0;
    let rows = 0;
    let pages = 0;
    let lastReport = started;
    try {
      for (;;) {
        const answer = await page(cursor, PULL_PAGE_MAX);
        pages++;
        rows += answer.changes.length;
        cursor = answer.cursor;
        if (performance.now() - lastReport > 30_000) {
          lastReport = performance.now();
          console.log(`    … ${rows.toLocaleString('en')} rows in ${pages} pages, RSS ${samples.at(-1)?.toFixed(0)} MB`);
        }
        if (!answer.hasMore) break;
      }
    } finally {
      clearInterval(sampler);
    }
    const seconds = (performance.now() - started) / 1000;
    const firstHalf = samples.slice(0, Math.ceil(samples.length / 2));
    const secondHalf = samples.slice(Math.ceil(samples.length / 2));
    const peak = (xs: number[]) => (xs.length ? Math.max(...xs).toFixed(0) : 'n/a');
    const note = `${rows.toLocaleString('en')} rows in ${pages.toLocaleString('en')} pages, ${seconds.toFixed(1)} s: ${(pages / seconds).toFixed(1)} pages/s, ${Math.round(rows / seconds).toLocaleString('en')} rows/s; server RSS (${samples.length} samples, one a second) min ${samples.length ? Math.min(...samples).toFixed(0) : 'n/a'} MB, peak in the first half ${peak(firstHalf)} MB, in the second half ${peak(secondHalf)} MB`;
    figures.push({
      engine: record.engine,
      size: record.size,
      what: 'whole-panel first sync',
      p50: seconds * 1000,
      p95: seconds * 1000,
      note,
    });
    console.log(`  whole-panel first sync: ${note}`);
    if (!smoke && samples.length >= 4)
      console.log(
        `  memory flat while the panel streams: ${verdict(Number(peak(secondHalf)) <= Number(peak(firstHalf)) * 1.1)} (second half's peak within 10% of the first's)`,
      );
  } finally {
    await stop(server);
  }
}

async function measure(record: SeedRecord, figures: Figure[]): Promise<void> {
  console.log(`\n${record.engine} at size ${record.size} (seed ${record.seed}, seeded ${record.seededAt}; ${machine()})`);
  await measureInProcess(record, figures);
  await measureStockOnHand(record, figures);
  await measureOverHttp(record, figures);
  await measureReports(record, figures);
  await measureJoin(record, figures);
  await measureWindows(record, figures);
}

// ---------------------------------------------------------------------------------------------
// Command line

async function main(): Promise<void> {
  const command = positionalArgs()[0] ?? 'run';
  if (command !== 'seed' && command !== 'run') throw new Error(`unknown command ${command}: seed or run`);
  const size = (smoke ? 'tiny' : (option('--size') ?? 'full')) as Size;
  if (!(size in SCALE)) throw new Error(`--size tiny|small|medium|full, not ${size}`);
  const seed = Number(option('--seed') ?? 1404);
  const wanted = (option('--engine') ?? 'both') as Engine | 'both';
  const pgliteSize = (option('--pglite-size') ?? (SCALE[size] > SCALE.medium ? 'medium' : size)) as Size;
  const engines: { engine: Engine; size: Size }[] = [];
  if (wanted === 'both' || wanted === 'pglite') engines.push({ engine: 'pglite', size: pgliteSize });
  if (wanted === 'both' || wanted === 'postgres') {
    if (await postgresAnswers(POSTGRES_URL)) engines.push({ engine: 'postgres', size });
    else
      console.log(
        `\n*** PostgreSQL SKIPPED: nothing answers at ${POSTGRES_URL}; only PGlite was measured (start it, or set BENCH_DATABASE_URL) ***\n`,
      );
  }
  const figures: Figure[] = [];
  for (const { engine, size: engineSize } of engines) {
    let record = readRecord(engine, engineSize);
    if (command === 'seed' || smoke || !record || record.seed !== seed) record = await seedEngine(engine, engineSize, seed);
    else console.log(`${engine} ${engineSize}: the panel seeded ${record.seededAt} (seed ${record.seed}); \`seed\` makes it again`);
    try {
      if (command === 'run') await measure(record, figures);
    } finally {
      if (smoke) {
        await removePlace(record);
        rmSync(recordFile(engine, engineSize), { force: true });
      }
    }
  }
  if (!figures.length) return;
  console.log('\nfigure'.padEnd(78), 'engine'.padEnd(9), 'size'.padEnd(7), 'p50'.padStart(10), 'p95'.padStart(10), ' target');
  for (const f of figures)
    console.log(
      f.what.padEnd(77),
      f.engine.padEnd(9),
      f.size.padEnd(7),
      ms(f.p50).padStart(10),
      ms(f.p95).padStart(10),
      f.target ? ` < ${f.target} ms ${verdict(f.p95 < f.target)}` : '',
    );
  const file = join(RESULTS, `bigpanel-figures-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  if (!smoke) {
    mkdirSync(RESULTS, { recursive: true });
    writeFileSync(file, `${JSON.stringify(figures, null, 2)}\n`);
    console.log(`\nfigures written to ${file}`);
  }
}

await main();
