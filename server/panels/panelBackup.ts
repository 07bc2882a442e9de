/**
 * A panel as one file, and a file as a new panel (docs/decisions/022-panel-backup.md).
 *
 * The file is gzip-compressed JSON lines: a header (format, version, when, the panel's name, icon,
 * company details and modules), then per table a line naming the table and its columns followed by
 * a line per row (each value as PostgreSQL prints it, or null), and a last line with the number of
 * rows and the SHA-256 of every line before it. Every panel-scoped table is in it — each module's
 * entity tables (documents and their lines, ledgers, stock, the audit log, members and roles) and
 * the document numbering (`document_series`) — in an order where a row comes after the rows it
 * refers to. The sync log and the devices' sync state are not: a restored panel is new to every
 * device, and its change log is written afresh.
 *
 * Both directions stream: the backup reads a table a page at a time (keyset, by primary key) inside
 * one repeatable-read transaction (one consistent picture) and writes through gzip with
 * back-pressure; the restore first unpacks the upload into a temporary file while it counts and
 * hashes (a wrong checksum, a file of another format or too large is refused before the database
 * is touched), then reads that file back a line at a time into one transaction.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { once } from 'node:events';
import { Code } from '../../src/contract/codes.ts';
import { entities } from '../../src/contract/modules.ts';
import type { Db, Queryable } from '../db/Db.ts';
import { AppError } from '../errors.ts';
import { lockPanelWrites, signalChanges } from '../db/changeLog.ts';
import { newPanelCode } from './panelStore.ts';

export const BACKUP_FORMAT = 'pishkhan-panel-backup';
export const BACKUP_VERSION = 1;
const PAGE = 500;
const INSERT_BATCH = 100;

interface TableShape {
  table: string;
  /** Every column but panel_id, in the table's order. */
  columns: string[];
  /** The primary key's columns but panel_id: the order of the pages. */
  key: string[];
  /** Columns that refer to a row of the same table (a parent): restored after the table's rows. */
  selfRefs: string[];
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The panel-scoped tables of the live database, each after the tables it refers to. */
export async function panelTables(q: Queryable): Promise<TableShape[]> {
  const tables = await q.query<{ table: string; columns: string[] }>(
    `SELECT c.relname AS table, array_agg(a.attname::text ORDER BY a.attnum) AS columns
     FROM pg_class c
     JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = current_schema()
     JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
     WHERE c.relkind = 'r' AND (c.relname LIKE 'e\\_%' OR c.relname = 'document_series')
     GROUP BY c.relname
     HAVING bool_or(a.attname = 'panel_id')`,
  );
  const keys = await q.query<{ table: string; key: string[] }>(
    `SELECT c.relname AS table, array_agg(a.attname::text ORDER BY array_position(i.indkey::int2[], a.attnum)) AS key
     FROM pg_index i
     JOIN pg_class c ON c.oid = i.indrelid
     JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = current_schema()
     JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = ANY(i.indkey)
     WHERE i.indisprimary
     GROUP BY c.relname`,
  );
  const refs = await q.query<{ child: string; parent: string; columns: string[] }>(
    `SELECT child.relname AS child, parent.relname AS parent,
            ARRAY(SELECT a.attname::text FROM pg_attribute a WHERE a.attrelid = f.conrelid AND a.attnum = ANY(f.conkey) AND a.attname <> 'panel_id') AS columns
     FROM pg_constraint f
     JOIN pg_class child ON child.oid = f.conrelid
     JOIN pg_class parent ON parent.oid = f.confrelid
     JOIN pg_namespace n ON n.oid = child.relnamespace AND n.nspname = current_schema()
     WHERE f.contype = 'f'`,
  );
  const keyOf = new Map(keys.map((k) => [k.table, k.key.filter((c) => c !== 'panel_id')]));
  const shapes = new Map<string, TableShape>();
  for (const t of tables) {
    shapes.set(t.table, {
      table: t.table,
      columns: t.columns.filter((c) => c !== 'panel_id'),
      key: keyOf.get(t.table) ?? [],
      selfRefs: refs.filter((r) => r.child === t.table && r.parent === t.table).flatMap((r) => r.columns),
    });
  }
  // Depth-first: every table after the tables it refers to (names sorted, so the order is stable).
  const ordered: TableShape[] = [];
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    for (const r of refs
      .filter((x) => x.child === name && x.parent !== name && shapes.has(x.parent))
      .sort((a, b) => a.parent.localeCompare(b.parent)))
      visit(r.parent);
    ordered.push(shapes.get(name)!);
  };
  for (const name of [...shapes.keys()].sort()) visit(name);
  return ordered;
}

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  panel: {
    name: string;
    icon: string;
    details: Record<string, unknown>;
    modules: string[];
    moduleIcons: Record<string, unknown>;
    initialized: boolean;
  };
}

/** Writes `line` and a newline, waiting while the reader is behind. */
async function writeLine(out: Writable, hash: ReturnType<typeof createHash> | null, line: string): Promise<void> {
  const text = `${line}\n`;
  hash?.update(text);
  if (!out.write(text)) await once(out, 'drain');
}

/** Writes the backup of panel `panelId` into `out` (a gzip stream), and ends it. */
export async function writeBackup(db: Db, panelId: string, now: Date, out: Writable): Promise<void> {
  const hash = createHash('sha256');
  let rows = 0;
  await db.transaction(async (tx) => {
    if (db.kind === 'postgres') await tx.exec('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const [panel] = await tx.query<{
      name: string;
      icon: string;
      details: Record<string, unknown>;
      modules: string[];
      module_icons: Record<string, unknown>;
      initialized: boolean;
    }>('SELECT name, icon, details, modules, module_icons, initialized FROM panels WHERE id = $1', [panelId]);
    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: now.toISOString(),
      panel: {
        name: panel!.name,
        icon: panel!.icon,
        details: panel!.details,
        modules: panel!.modules,
        moduleIcons: panel!.module_icons,
        initialized: panel!.initialized,
      },
    };
    await writeLine(out, hash, JSON.stringify(header));
    for (const shape of await panelTables(tx)) {
      await writeLine(out, hash, JSON.stringify({ table: shape.table, columns: shape.columns }));
      const select = shape.columns.map((c) => `${quote(c)}::text`).join(', ');
      const keyList = shape.key.map(quote).join(', ');
      let after: (string | null)[] | null = null;
      for (;;) {
        const params: unknown[] = [panelId];
        let where = 'panel_id = $1';
        if (after && shape.key.length) {
          where += ` AND (${keyList}) > (${shape.key.map((_, i) => `$${i + 2}`).join(', ')})`;
          params.push(...after);
        }
        const page = await tx.query<Record<string, string | null>>(
          `SELECT ${select} FROM ${quote(shape.table)} WHERE ${where} ORDER BY ${keyList || '1'} ${shape.key.length ? `LIMIT ${PAGE}` : ''}`,
          params,
        );
        for (const row of page) {
          await writeLine(out, hash, JSON.stringify(shape.columns.map((c) => row[c] ?? null)));
          rows++;
        }
        if (!shape.key.length || page.length < PAGE) break;
        const last = page[page.length - 1]!;
        after = shape.key.map((k) => last[k] ?? null);
      }
    }
  });
  await writeLine(out, null, JSON.stringify({ end: true, rows, sha256: hash.digest('hex') }));
  out.end();
}

/** A file that is not a backup of this format, or damaged: 400 with 9401. */
const refused = () => new AppError(Code.BadRequest, 400);

/**
 * Unpacks an uploaded backup into a temporary file, checking its checksum, its format and its
 * size as it goes; answers the folder (removed by the caller) and the file in it.
 */
async function unpack(upload: Readable, limit: number): Promise<{ folder: string; file: string; header: BackupHeader }> {
  const folder = await mkdtemp(join(tmpdir(), 'pishkhan-restore-'));
  const file = join(folder, 'backup.jsonl');
  const out = createWriteStream(file);
  const hash = createHash('sha256');
  let size = 0;
  let header: BackupHeader | null = null;
  let end: { rows: number; sha256: string } | null = null;
  let rows = 0;
  try {
    const gunzip = createGunzip();
    upload.on('error', (error) => gunzip.destroy(error));
    const lines = createInterface({ input: upload.pipe(gunzip), crlfDelay: Infinity });
    for await (const line of lines) {
      size += line.length + 1;
      if (size > limit) throw new AppError(Code.BadRequest, 413);
      if (end) throw refused();
      if (!header) {
        const parsed = JSON.parse(line) as BackupHeader;
        if (parsed.format !== BACKUP_FORMAT || typeof parsed.version !== 'number' || parsed.version > BACKUP_VERSION) throw refused();
        header = parsed;
      } else if (line.startsWith('{"end":')) {
        end = JSON.parse(line) as { rows: number; sha256: string };
        continue;
      } else if (line.startsWith('[')) {
        rows++;
      }
      hash.update(`${line}\n`);
      await writeLine(out, null, line);
    }
    out.end();
    await once(out, 'finish');
    if (!header || !end || end.rows !== rows || end.sha256 !== hash.digest('hex')) throw refused();
    return { folder, file, header };
  } catch (error) {
    // A write still pending fails once the stream is gone; that is expected now.
    out.on('error', () => {});
    out.destroy();
    await rm(folder, { recursive: true, force: true });
    if (error instanceof AppError) throw error;
    // Not gzip, not JSON, cut short.
    throw refused();
  }
}

/** Inserts `batch` rows of `shape` into panel `panelId`, with the self references left empty. */
async function insertRows(
  tx: Queryable,
  panelId: string,
  table: string,
  columns: readonly string[],
  nulled: ReadonlySet<number>,
  batch: (string | null)[][],
): Promise<void> {
  if (!batch.length) return;
  const width = columns.length + 1;
  const values = batch.map((_, r) => `(${Array.from({ length: width }, (_, c) => `$${r * width + c + 1}`).join(', ')})`);
  await tx.query(
    `INSERT INTO ${quote(table)} (panel_id, ${columns.map(quote).join(', ')}) VALUES ${values.join(', ')}`,
    batch.flatMap((row) => [panelId, ...row.map((v, i) => (nulled.has(i) ? null : v))]),
  );
}

export interface RestoredPanel {
  id: string;
  code: string;
  name: string;
}

/** Restores an uploaded backup as a new panel owned by `ownerUserId`. */
export async function restoreBackup(db: Db, upload: Readable, ownerUserId: string, now: Date, limit: number): Promise<RestoredPanel> {
  const { folder, file, header } = await unpack(upload, limit);
  try {
    return await db.transaction(async (tx) => {
      const live = new Map((await panelTables(tx)).map((t) => [t.table, t]));
      const code = await newPanelCode(tx);
      const { panel } = header;
      const [created] = await tx.query<{ id: string }>(
        `INSERT INTO panels (code, name, icon, details, modules, module_icons, owner_user_id, initialized, created_at, updated_at)
         VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, $6::jsonb, $7, $8, $9, $9) RETURNING id`,
        [
          code,
          panel.name,
          panel.icon,
          JSON.stringify(panel.details ?? {}),
          JSON.stringify(panel.modules ?? []),
          JSON.stringify(panel.moduleIcons ?? {}),
          ownerUserId,
          panel.initialized === true,
          now,
        ],
      );
      const panelId = created!.id;
      await lockPanelWrites(tx, panelId);

      let shape: TableShape | null = null;
      let columns: string[] = [];
      let nulled = new Set<number>();
      let batch: (string | null)[][] = [];
      let parents: { id: string; values: (string | null)[] }[] = [];
      const finishTable = async () => {
        if (!shape) return;
        await insertRows(tx, panelId, shape.table, columns, nulled, batch);
        batch = [];
        // The parents, now that every row of the table is there.
        const refs = [...nulled];
        for (const p of parents) {
          const sets = refs.map((c, i) => `${quote(columns[c]!)} = $${i + 3}`).join(', ');
          await tx.query(`UPDATE ${quote(shape.table)} SET ${sets} WHERE panel_id = $1 AND id = $2`, [
            panelId,
            p.id,
            ...refs.map((c) => p.values[c]),
          ]);
        }
        parents = [];
      };
      const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
      let first = true;
      for await (const line of lines) {
        if (first) {
          first = false;
          continue;
        }
        if (line.startsWith('{')) {
          await finishTable();
          const named = JSON.parse(line) as { table: string; columns: string[] };
          shape = live.get(named.table) ?? null;
          // A table or column this server does not have: a backup of a newer build.
          if (!shape || named.columns.some((c) => !shape!.columns.includes(c))) throw refused();
          columns = named.columns;
          nulled = new Set(shape.selfRefs.map((c) => columns.indexOf(c)).filter((i) => i >= 0));
          continue;
        }
        if (!shape) throw refused();
        const row = JSON.parse(line) as (string | null)[];
        if (row.length !== columns.length) throw refused();
        if (nulled.size && [...nulled].some((i) => row[i] !== null)) parents.push({ id: row[columns.indexOf('id')]!, values: row });
        batch.push(row);
        if (batch.length >= INSERT_BATCH) {
          await insertRows(tx, panelId, shape.table, columns, nulled, batch);
          batch = [];
        }
      }
      await finishTable();

      // Every row is new to every device: the change log lists them all.
      for (const entity of entities()) {
        await tx.query(
          `INSERT INTO sync_changes (panel_id, entity, row_id, seq)
           SELECT $1, $2, id, nextval('sync_change_seq') FROM ${quote(entity.table)} WHERE panel_id = $1 ORDER BY updated_at, id`,
          [panelId, entity.key],
        );
      }
      await signalChanges(tx, panelId);
      return { id: panelId, code, name: panel.name };
    });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
