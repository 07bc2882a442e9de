/**
 * The books-and-stock audit on the wire (decision 018): `GET /api/Panel/BooksAudit` runs it over
 * the X-Panel-Code panel, for its owner only, and answers what was compared and each difference
 * with the row that differs and the document that caused it.
 */
export const booksAuditEndpoint = { method: 'GET', path: '/api/Panel/BooksAudit' } as const;

/** The document a difference comes from: its entity key (`<Module>/<Entity>`), row id and number. */
export interface BooksAuditDocument {
  type: string;
  id: string;
  number: string | null;
}

export interface BooksAuditDifference {
  /** Which check found it: `<Module>.<check>`. */
  check: string;
  /** The row that differs (a balance, a move, a journal line, a document): its entity key and id. */
  entity: string;
  rowId: string | null;
  /** The document that caused it, when one can be named. */
  document: BooksAuditDocument | null;
  /** What the row should hold, recomputed from what it was made from, and what it holds. */
  expected: string;
  found: string;
  /** What is wrong, in a few English words (screens word it from `check`). */
  problem: string;
}

export interface BooksAuditResult {
  /** How many rows the checks compared. */
  compared: number;
  /** Every check that ran, `<Module>.<check>`. */
  checks: string[];
  differences: BooksAuditDifference[];
  /** When it ran (ISO). */
  ranAt: string;
}
