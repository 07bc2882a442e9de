/**
 * A document made from a sheet (decision 042): a module declares which document, which of its
 * fields a sheet row fills (`groupBy`: rows with equal values there make one document) and which
 * line fields (`lines`), and the platform's import screen reads, checks and writes it like an
 * entity import. Warehousing's opening stock is one: a row per product and bin, one goods-in
 * receipt per warehouse. Each document carries a mark (a hash of its rows) in a text field, so the
 * same sheet imported again is found and reported instead of doubling what it brought in.
 */
import { LINES_MAX, type Entity, type ImportSpec, type Row } from './entity.ts';
import type { Field, Label } from './fields.ts';

export interface DocumentImport {
  /** The import's key in the address (`?entity=`): `<Module>/<name>`. */
  key: string;
  module: string;
  name: string;
  label: Label;
  /** A sentence under the title: what the sheet brings in. */
  description: Label;
  /** The document each group of rows becomes. */
  document: Entity;
  /** Document fields a row fills; rows with equal values make one document. */
  groupBy: readonly string[];
  /** Line fields a row fills. */
  lines: readonly string[];
  /** Values every document gets besides its group's (direction, the opening flag, the day). */
  fixed: (today: string) => Record<string, unknown>;
  /** A line reference named among the rows of the group's reference: a bin by its code within its warehouse. */
  within?: Readonly<Record<string, { group: string; field: string }>>;
  /** More fields a referenced row may be named by (a product by its barcodes). */
  alsoBy?: Readonly<Record<string, readonly string[]>>;
  /** Referenced entities whose rows the whole-row check reads (`rowOf`). */
  needs?: readonly string[];
  /** The template's example row. */
  example: Readonly<Record<string, string>>;
  /** The module's check of a whole row beyond its fields (a batch where the product is tracked by batch). */
  check?: ImportSpec['check'];
  /** The document's text field holding the mark, and the words before it. */
  mark: { field: string; words: Label };
  /** Grants of the document needed besides its create (the opening-stock grant). */
  grants?: readonly string[];
}

export function defineDocumentImport(declaration: Omit<DocumentImport, 'key'>): DocumentImport {
  const spec = declaration.document.document;
  if (!spec) throw new Error(`${declaration.document.key} is not a document`);
  for (const name of declaration.groupBy)
    if (!Object.hasOwn(declaration.document.fields, name)) throw new Error(`${declaration.name}: no field ${name}`);
  for (const name of declaration.lines) if (!Object.hasOwn(spec.lines, name)) throw new Error(`${declaration.name}: no line field ${name}`);
  if (declaration.document.fields[declaration.mark.field]?.kind !== 'text')
    throw new Error(`${declaration.name}: its mark needs a text field`);
  return { ...declaration, key: `${declaration.module}/${declaration.name}` };
}

/**
 * The entity the import screen and the checker see: the group's fields and the line fields side
 * by side, every row a create (no key), the module's check as its own.
 */
export function documentImportEntity(spec: DocumentImport): Entity {
  const lines = spec.document.document!.lines;
  const fields: Record<string, Field> = {};
  for (const name of spec.groupBy) fields[name] = spec.document.fields[name]!;
  for (const name of spec.lines) fields[name] = lines[name]!;
  return {
    ...spec.document,
    key: spec.key,
    label: spec.label,
    pluralLabel: spec.label,
    fields,
    document: undefined,
    importable: { keys: [], example: spec.example, check: spec.check },
  };
}

/** One document to make: its group's values, its lines and the sheet lines they came from, and its mark. */
export interface PlannedDocument {
  group: Record<string, unknown>;
  lines: Record<string, unknown>[];
  sheetLines: number[];
  mark: string;
}

export interface CheckedLine {
  line: number;
  values: Record<string, unknown>;
}

/** A short, stable hash of text (FNV-1a, 64 bits as two 32-bit halves), as 12 hex digits. */
export function shortHash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0xcbf29ce4;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c ^ (a >>> 7), 0x01000193) >>> 0;
  }
  return (a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0')).slice(0, 12);
}

/**
 * The documents a sheet's checked rows make: grouped by the group's values (in the order first
 * met), a group longer than a document may hold split into parts. Each document's mark is `#`
 * and the hash of its group and its lines' values (then `.2`, `.3` for the parts), so the same
 * rows give the same marks, whoever imports them and when.
 */
export function planDocuments(spec: DocumentImport, rows: readonly CheckedLine[], words: string): PlannedDocument[] {
  const groups = new Map<string, { group: Record<string, unknown>; rows: CheckedLine[] }>();
  for (const row of rows) {
    const group = Object.fromEntries(spec.groupBy.map((name) => [name, row.values[name] ?? null]));
    const key = JSON.stringify(group);
    let entry = groups.get(key);
    if (!entry) groups.set(key, (entry = { group, rows: [] }));
    entry.rows.push(row);
  }
  const max = spec.document.document!.maxLines ?? LINES_MAX;
  const planned: PlannedDocument[] = [];
  for (const [key, { group, rows: members }] of groups) {
    const lines = members.map((m) => Object.fromEntries(spec.lines.map((name) => [name, m.values[name] ?? null])));
    const hash = shortHash(key + JSON.stringify(lines));
    const parts = Math.ceil(lines.length / max);
    for (let part = 0; part < parts; part++) {
      const at = part * max;
      const suffix = parts > 1 ? `.${part + 1}` : '';
      planned.push({
        group,
        lines: lines.slice(at, at + max),
        sheetLines: members.slice(at, at + max).map((m) => m.line),
        mark: `${words} #${hash}${suffix}`.trim(),
      });
    }
  }
  return planned;
}

/** The live, not cancelled document here that carries this mark's hash already, if any. */
export function alreadyImported(spec: DocumentImport, documents: readonly Row[], mark: string): Row | undefined {
  const tail = mark.slice(mark.lastIndexOf('#'));
  return documents.find(
    (row) =>
      !row.deleted &&
      row.status !== 'cancelled' &&
      typeof row[spec.mark.field] === 'string' &&
      (row[spec.mark.field] as string).endsWith(tail),
  );
}
