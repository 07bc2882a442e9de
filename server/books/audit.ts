/**
 * The books-and-stock audit (issue 22, decision 018): recomputes, for one panel or all, what the
 * server keeps from what it was made from, and names every difference with the document that
 * caused it. The platform knows no module's rules: each module's server part declares its own
 * checks (`books` in its ServerModule), and the platform gives them a read-only snapshot of one
 * panel and the generic check every ledger needs (a balance is the sum of its ledger rows,
 * `balanceFromLedger`). `npm run audit:books`, the owner's settings screen
 * (`GET /api/Panel/BooksAudit`), the documents soak and the server tests all run this.
 */
import type { BooksAuditDifference, BooksAuditDocument } from '../../src/contract/booksAudit.ts';
import type { Entity } from '../../src/contract/entity.ts';
import type { Db, Queryable } from '../db/Db.ts';
import { columnName } from '../entities/columns.ts';

/** The document a difference comes from, and a difference: as the wire carries them (src/contract/booksAudit.ts). */
export type AuditDocument = BooksAuditDocument;
export type AuditDifference = BooksAuditDifference;

/** What a check reads: one panel, in one read-only snapshot of the database. */
export interface AuditScope {
  q: Queryable;
  panelId: string;
}

export interface CheckResult {
  /** How many rows the check compared (for the summary). */
  compared: number;
  differences: AuditDifference[];
}

/** One check of a module's books: reads the panel, answers what it compared and what differs. */
export interface BooksCheck {
  name: string;
  run(scope: AuditScope): Promise<CheckResult>;
}

export interface PanelAudit {
  panelId: string;
  code: string;
  name: string;
  compared: number;
  differences: AuditDifference[];
  /** Each check's name, in the order they ran. */
  checks: string[];
}

export interface BooksAudit {
  panels: PanelAudit[];
  compared: number;
  differences: number;
  /** Each check's name, in the order they ran. */
  checks: string[];
}

export interface NamedBooksCheck {
  /** `<Module>.<check>`. */
  name: string;
  check: BooksCheck;
}

let checks: readonly NamedBooksCheck[] = [];

/** The modules' checks (wired when the modules are registered, server/modules/serverModule.ts). */
export function registerBooksChecks(list: readonly NamedBooksCheck[]): void {
  checks = list;
}

/** Every check the modules declare. */
export function booksChecks(): readonly NamedBooksCheck[] {
  return checks;
}

interface PanelRecord {
  id: string;
  code: string;
  name: string;
}

/** The panels to audit: the one whose code or id is `panel`, or all of them (oldest first). */
export async function panelsToAudit(q: Queryable, panel?: string): Promise<PanelRecord[]> {
  if (panel === undefined) return q.query<PanelRecord>('SELECT id::text AS id, code, name FROM panels ORDER BY created_at, id');
  return q.query<PanelRecord>('SELECT id::text AS id, code, name FROM panels WHERE code = $1 OR id::text = lower($1)', [panel]);
}

/** Runs every module's checks over one panel, in one read-only transaction (a snapshot). */
export async function auditPanel(db: Db, panel: PanelRecord): Promise<PanelAudit> {
  return db.transaction(async (tx) => {
    await tx.exec('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const result: PanelAudit = {
      panelId: panel.id,
      code: panel.code,
      name: panel.name,
      compared: 0,
      differences: [],
      checks: booksChecks().map((c) => c.name),
    };
    for (const { name, check } of booksChecks()) {
      const found = await check.run({ q: tx, panelId: panel.id });
      result.compared += found.compared;
      result.differences.push(...found.differences.map((d) => ({ ...d, check: `${name.split('.')[0]}.${d.check}` })));
    }
    return result;
  });
}

/** Audits one panel (by code or id) or every panel. */
export async function auditBooks(db: Db, options: { panel?: string } = {}): Promise<BooksAudit> {
  const panels = await panelsToAudit(db, options.panel);
  const audits: PanelAudit[] = [];
  for (const panel of panels) audits.push(await auditPanel(db, panel));
  return {
    panels: audits,
    compared: audits.reduce((s, p) => s + p.compared, 0),
    differences: audits.reduce((s, p) => s + p.differences.length, 0),
    checks: booksChecks().map((c) => c.name),
  };
}

// ——— Helpers the modules' checks share ———

/** An integer (rials, thousandths) from a column read as text, a number or a bigint. */
export function whole(value: unknown): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? BigInt(Math.round(value)) : 0n;
  if (value === null || value === undefined || value === '') return 0n;
  const text = String(value).trim();
  const [int, frac = ''] = text.split('.');
  if (/^0*$/.test(frac)) return BigInt(int!);
  throw new Error(`${text} is not a whole number`);
}

/** An optional reference or code from a document's field: its text, or null when empty. */
export function optionalText(value: unknown): string | null {
  return typeof value === 'string' && value ? value : null;
}

/** A quantity as exact thousandths (from numeric text such as "12.500" or "-3"). */
export function thousandths(value: unknown): bigint {
  if (value === null || value === undefined || value === '') return 0n;
  const text = String(value).trim();
  const negative = text.startsWith('-');
  const [int, frac = ''] = text.replace(/^[-+]/, '').split('.');
  const n = BigInt(int || '0') * 1000n + BigInt((frac + '000').slice(0, 3));
  return negative ? -n : n;
}

/**
 * How a check reads a column of a ledger row: `id` (text, "" when empty), `optional` (text, null
 * when empty), `whole` (rials, 0 when empty), `thousandths` (a quantity, 0 when empty) or `flag`.
 */
export type AuditColumn = 'id' | 'optional' | 'whole' | 'thousandths' | 'flag';
type ColumnValue<C extends AuditColumn> = C extends 'whole' | 'thousandths'
  ? bigint
  : C extends 'flag'
    ? boolean
    : C extends 'id'
      ? string
      : string | null;
export type AuditRow<C extends Record<string, AuditColumn>> = { id: string } & { [F in keyof C]: ColumnValue<C[F]> };

/**
 * Every live row of a ledger entity (stock moves, journal lines) in the panel, the fields asked
 * for read exactly — amounts and quantities as text into BigInt, never through Number.
 */
export async function readLedgerRows<const C extends Record<string, AuditColumn>>(
  { q, panelId }: AuditScope,
  entity: Entity,
  columns: C,
): Promise<AuditRow<C>[]> {
  const fields = Object.entries(columns);
  const select = fields.map(([field, kind], i) => {
    const column = columnName(field);
    const read =
      kind === 'whole' || kind === 'thousandths'
        ? `coalesce(${column}, 0)::text`
        : kind === 'flag'
          ? `coalesce(${column}, false)`
          : `${column}::text`;
    return `${read} AS c${i}`;
  });
  const rows = await q.query<Record<string, unknown>>(
    `SELECT id::text AS id, ${select.join(', ')} FROM ${entity.table} WHERE panel_id = $1 AND NOT deleted`,
    [panelId],
  );
  return rows.map((r) => {
    const row: Record<string, unknown> = { id: String(r.id) };
    fields.forEach(([field, kind], i) => {
      const v = r[`c${i}`];
      row[field] =
        kind === 'whole'
          ? whole(v)
          : kind === 'thousandths'
            ? thousandths(v)
            : kind === 'flag'
              ? v === true
              : kind === 'id'
                ? String(v ?? '')
                : typeof v === 'string' && v
                  ? v
                  : null;
    });
    return row as AuditRow<C>;
  });
}

/** Thousandths as canonical quantity text ("-2.500"). */
export function quantityText(n: bigint): string {
  const negative = n < 0n;
  const a = negative ? -n : n;
  return `${negative ? '-' : ''}${a / 1000n}.${String(a % 1000n).padStart(3, '0')}`;
}

/** Rials for `quantity` (thousandths) at `unitPrice` rials, rounded half away from zero. */
export function amountOf(quantityThousandths: bigint, unitPrice: bigint): bigint {
  const n = quantityThousandths * unitPrice;
  const a = n < 0n ? -n : n;
  const q = (a * 2n + 1000n) / 2000n;
  return n < 0n ? -q : q;
}

/**
 * The generic check: every balance row holds the sum of its ledger's rows of the same key, and
 * every key the ledger posted to has its balance row. `sums` maps a balance field to the ledger
 * field it adds up (the same name unless given); `ledgerWhere` limits the ledger rows (SQL over
 * its columns, e.g. consignment stock is not valued). A difference names the last document that
 * posted to that key, through the ledger's `source` fields.
 */
export function balanceFromLedger(spec: {
  name: string;
  balance: Entity;
  ledger: Entity;
  key: readonly string[];
  sums: Readonly<Record<string, string>>;
  ledgerWhere?: string;
  source?: { type: string; id: string; number: string };
}): BooksCheck {
  const { balance, ledger, key } = spec;
  const sums = Object.entries(spec.sums);
  const k = key.map(columnName);
  const src = spec.source;
  // One text of the whole key, empty values included: FULL JOIN needs a plain equality.
  const joinKey = `concat_ws('|', ${k.map((c) => `coalesce(${c}::text, '∅')`).join(', ')})`;
  return {
    name: spec.name,
    async run({ q, panelId }) {
      const lastSource = src
        ? `, (array_agg(${columnName(src.type)} || '|' || ${columnName(src.id)} || '|' || coalesce(${columnName(src.number)}, '') ORDER BY created_at DESC, id DESC))[1] AS last_source`
        : ', NULL::text AS last_source';
      const rows = await q.query<Record<string, unknown>>(
        `WITH l AS (
           SELECT ${joinKey} AS join_key, ${k.join(', ')}, ${sums.map(([, f]) => `sum(${columnName(f)}) AS l_${columnName(f)}`).join(', ')}${lastSource}
           FROM ${ledger.table} WHERE panel_id = $1 AND NOT deleted AND (${spec.ledgerWhere ?? 'true'}) GROUP BY ${k.join(', ')}
         ), b AS (
           SELECT id, ${joinKey} AS join_key, ${k.join(', ')}, ${sums.map(([f]) => `${columnName(f)} AS b_${columnName(f)}`).join(', ')}
           FROM ${balance.table} WHERE panel_id = $1 AND NOT deleted
         )
         SELECT b.id::text AS balance_id, l.last_source, ${k.map((c) => `coalesce(b.${c}::text, l.${c}::text) AS ${c}`).join(', ')},
           ${sums.map(([b, l]) => `coalesce(b.b_${columnName(b)}, 0)::text AS found_${columnName(b)}, coalesce(l.l_${columnName(l)}, 0)::text AS expected_${columnName(b)}`).join(', ')}
         FROM b FULL JOIN l ON b.join_key = l.join_key
         WHERE ${sums.map(([b, l]) => `coalesce(b.b_${columnName(b)}, 0) <> coalesce(l.l_${columnName(l)}, 0)`).join(' OR ')}`,
        [panelId],
      );
      const [count] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${balance.table} WHERE panel_id = $1 AND NOT deleted`, [
        panelId,
      ]);
      const place = (r: Record<string, unknown>) =>
        key.map((f, i) => `${f}=${r[k[i]!] === null || r[k[i]!] === undefined ? '∅' : String(r[k[i]!])}`).join(' ');
      const differences = rows.map((r): AuditDifference => {
        const [type, id, number] = typeof r.last_source === 'string' ? r.last_source.split('|') : [];
        const values = (prefix: string) => sums.map(([b]) => `${b} ${String(r[`${prefix}_${columnName(b)}`])}`).join(', ');
        return {
          check: spec.name,
          entity: balance.key,
          rowId: typeof r.balance_id === 'string' ? r.balance_id : null,
          document: type && id ? { type, id, number: number || null } : null,
          expected: values('expected'),
          found: typeof r.balance_id === 'string' ? values('found') : 'no balance row',
          problem: `${balance.name} ${place(r)} is not the sum of its ${ledger.name} rows`,
        };
      });
      return { compared: count?.n ?? 0, differences };
    },
  };
}
