/**
 * `npm run audit:books [-- --panel <code or id>] [--json]`: the books-and-stock audit
 * (server/books/audit.ts, decision 018) over the database the server is configured with —
 * PostgreSQL when DATABASE_URL is set, else the embedded PGlite in DATA_DIR (stop the server
 * first: PGlite's folder has one user at a time). It only reads. Prints every difference with
 * the document that caused it; exit status 1 when anything differs, 0 with a one-line summary
 * when the books agree, 2 when it could not audit (no such panel, no database).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import '../server/modules/discover.ts';
import { auditBooks } from '../server/books/audit.ts';
import { auditReport } from '../server/books/auditReport.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/open.ts';

function argsOf(argv: readonly string[]): { panel?: string; json: boolean } {
  const out: { panel?: string; json: boolean } = { json: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--json') out.json = true;
    else if (arg === '--panel') out.panel = argv[++i];
    else if (arg.startsWith('--panel=')) out.panel = arg.slice('--panel='.length);
    else if (arg !== '--') throw new Error(`unknown argument ${arg}: use --panel <code or id> and --json`);
  }
  if ('panel' in out && !out.panel) throw new Error('--panel needs a panel code or id');
  return out;
}

async function main(): Promise<number> {
  const args = argsOf(process.argv.slice(2));
  // The audit signs nothing and sends nothing: the server's secret and SMS settings are not needed.
  const config = loadConfig({
    SMS_SENDER: 'log',
    ...process.env,
    JWT_SECRET: process.env.JWT_SECRET || 'audit-books-signs-nothing-0123456789abcdefghijklmnop',
  });
  if (!config.databaseUrl && !existsSync(join(config.dataDir, 'pglite'))) {
    console.error(`audit:books: no database in ${config.dataDir} (DATA_DIR): start the server there once, or set DATABASE_URL`);
    return 2;
  }
  const db = await openDatabase(config);
  try {
    const audit = await auditBooks(db, args.panel === undefined ? {} : { panel: args.panel });
    if (args.panel !== undefined && !audit.panels.length) {
      console.error(`audit:books: no panel has the code or id ${args.panel}`);
      return 2;
    }
    console.log(args.json ? JSON.stringify(audit, null, 2) : auditReport(audit));
    return audit.differences ? 1 : 0;
  } finally {
    await db.close();
  }
}

main().then(
  (status) => process.exit(status),
  (error: unknown) => {
    console.error(`audit:books: could not audit: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  },
);
