/**
 * Accounting's share of the books-and-stock audit (decision 018): every account balance is the
 * sum of its journal lines (the platform's generic check), every source's postings balance, and
 * every posting is what its source says, recomputed here from the source itself:
 * - a voucher posts its lines; a receipt or payment the party's account against each line's cash
 *   box, bank account or cheque;
 * - the automatic voucher of a warehousing receipt is inventory against the supplier's payable (or
 *   opening equity) at the value of its stock moves, of goods out cost of sales against inventory;
 *   of an invoiced sale the customer's receivable against revenue and VAT. A followed document
 *   submitted while accounting was off has none, and that is no difference;
 * - a cancelled source's postings net to nothing on every account, party, box, bank and cheque;
 *   a draft posted nothing; no journal line is left whose source is not there.
 * Followed documents are read through the events their modules publish (decision 033), as
 * followers.ts follows them: their payloads, never their rows.
 */
import type { DocumentStatus, Entity, Line, Row } from '../../../src/contract/entity.ts';
import {
  balanceFromLedger,
  columnName,
  optionalText,
  findRows,
  publishedDocuments,
  readLedgerRows,
  selectRows,
  stableId,
  whole,
  type AuditColumn,
  type AuditDifference,
  type AuditRow,
  type AuditScope,
  type BooksCheck,
  type DocumentEvent,
} from '../../../server/moduleApi.ts';
import { receiptEvents, type ReceiptEvent } from '../../WarehousingMVM/server/exports.ts';
import { saleEvents, type SaleEvent } from '../../NagemManagement/server/exports.ts';
import { Cheque, Payment, Voucher, type PaymentMethod } from '../entities/documents.ts';
import { AccountBalance, JournalLine } from '../entities/ledger.ts';
import { roleAccount } from './books.ts';
import { mirrorPartyId, type SourceParty } from './parties.ts';
import { chequeIdOf, partyRoleOf } from './paymentHooks.ts';
import { Invoice } from '../entities/invoices.ts';
import { invoiceEntries, invoiceGoodsValues } from './invoiceHooks.ts';

const JOURNAL = {
  sourceType: 'id',
  sourceId: 'id',
  accountId: 'id',
  partyId: 'optional',
  cashBoxId: 'optional',
  bankAccountId: 'optional',
  chequeId: 'optional',
  debit: 'whole',
  credit: 'whole',
} as const satisfies Record<string, AuditColumn>;
type Posted = AuditRow<typeof JOURNAL>;

type Entry = Pick<Posted, 'accountId' | 'partyId' | 'cashBoxId' | 'bankAccountId' | 'chequeId' | 'debit' | 'credit'>;

const lineId = (sourceId: string, step: string, seq: number) => stableId('MarketAccounting/JournalLine', sourceId, step, seq);
const entry = (accountId: string, debit: bigint, credit: bigint, more: Partial<Entry> = {}): Entry => ({
  accountId,
  partyId: null,
  cashBoxId: null,
  bankAccountId: null,
  chequeId: null,
  debit,
  credit,
  ...more,
});
const dimension = (e: Entry) => [e.accountId, e.partyId, e.cashBoxId, e.bankAccountId, e.chequeId].join('|');
const describe = (e: Entry) =>
  `account ${e.accountId}${e.partyId ? ` party ${e.partyId}` : ''}${e.cashBoxId ? ` cash box ${e.cashBoxId}` : ''}${e.bankAccountId ? ` bank account ${e.bankAccountId}` : ''}${e.chequeId ? ` cheque ${e.chequeId}` : ''} debit ${e.debit} credit ${e.credit}`;

const readJournal = (scope: AuditScope): Promise<Posted[]> => readLedgerRows(scope, JournalLine, JOURNAL);

/** What a voucher's submit posts: its lines as they are. */
const voucherEntries = (doc: Row): Entry[] =>
  (doc.lines as Line[]).map((l) =>
    entry(String(l.accountId), whole(l.debit), whole(l.credit), {
      partyId: optionalText(l.partyId),
      cashBoxId: optionalText(l.cashBoxId),
      bankAccountId: optionalText(l.bankAccountId),
    }),
  );

/** What a receipt or payment's submit posts: the party's account for the total, each line against its box, bank account or cheque. */
function paymentEntries(doc: Row): Entry[] {
  const incoming = doc.direction === 'in';
  const lines = doc.lines as Line[];
  const total = lines.reduce((s, l) => s + whole(l.amount), 0n);
  const side = (amount: bigint): [bigint, bigint] => (incoming ? [amount, 0n] : [0n, amount]);
  const party = entry(roleAccount(partyRoleOf(doc)), incoming ? 0n : total, incoming ? total : 0n, {
    partyId: optionalText(doc.partyId),
  });
  return [
    party,
    ...lines.map((l) => {
      const [debit, credit] = side(whole(l.amount));
      switch (l.method as PaymentMethod) {
        case 'cash':
          return entry(roleAccount('cash'), debit, credit, { cashBoxId: optionalText(l.cashBoxId) });
        case 'cheque':
          return entry(roleAccount(incoming ? 'chequesInHand' : 'chequesPayable'), debit, credit, { chequeId: chequeIdOf(doc.id, l.id) });
        default:
          return entry(roleAccount('bank'), debit, credit, { bankAccountId: optionalText(l.bankAccountId) });
      }
    }),
  ];
}

const mirrorOf = (party: SourceParty | null) => (party ? mirrorPartyId(party.entity, party.id) : null);

/** The automatic voucher of a warehousing receipt: at the value of the stock moves its submit made. */
function receiptEntries({ direction, opening, party, value }: ReceiptEvent): Entry[] {
  if (direction === 'in') {
    const credit = opening
      ? entry(roleAccount('openingBalance'), 0n, value)
      : entry(roleAccount('payable'), 0n, value, { partyId: mirrorOf(party) });
    return [entry(roleAccount('inventory'), value, 0n), credit];
  }
  return [entry(roleAccount('costOfSales'), -value, 0n), entry(roleAccount('inventory'), 0n, -value)];
}

/** The automatic voucher of an invoiced sale. */
const saleEntries = ({ net, vat, total, customer }: SaleEvent): Entry[] => [
  entry(roleAccount('receivable'), total, 0n, { partyId: mirrorOf(customer) }),
  entry(roleAccount('revenue'), 0n, net),
  entry(roleAccount('vatPayable'), 0n, vat),
];

/** A posting document as the check reads it: its own row, or a followed module's published document. */
interface Audited {
  id: string;
  number: string | null;
  status: DocumentStatus;
  /** What its submit posts. */
  entries: () => Entry[];
}

interface Source {
  type: string;
  documents: Audited[];
  /** Followed sources may have posted nothing (accounting was off). */
  followed: boolean;
}

const own = async (scope: AuditScope, entity: Entity, entries: (doc: Row) => Entry[]): Promise<Source> => ({
  type: entity.key,
  documents: (await selectRows(scope.q, entity, scope.panelId)).map((doc) => ({
    id: doc.id,
    number: (doc.number as string | null) ?? null,
    status: doc.status as DocumentStatus,
    entries: () => entries(doc),
  })),
  followed: false,
});

const followed = async <P>(scope: AuditScope, event: DocumentEvent<P>, entries: (payload: P) => Entry[]): Promise<Source> => ({
  type: event.document.key,
  documents: (await publishedDocuments(scope, event)).map((doc) => ({ ...doc, entries: () => entries(doc.payload) })),
  followed: true,
});

/** Invoices post what invoiceEntries makes of them and the values their stock moves took (decision 043). */
async function invoices(scope: AuditScope): Promise<Source> {
  const docs = await selectRows(scope.q, Invoice, scope.panelId);
  const values = await invoiceGoodsValues(
    scope.q,
    scope.panelId,
    docs.filter((d) => d.status !== 'draft'),
  );
  return {
    type: Invoice.key,
    documents: docs.map((doc) => ({
      id: doc.id,
      number: (doc.number as string | null) ?? null,
      status: doc.status as DocumentStatus,
      entries: () =>
        invoiceEntries(doc, values.get(doc.id) ?? new Map()).map((e) =>
          entry(e.accountId, e.debit, e.credit, {
            partyId: e.partyId ?? null,
            cashBoxId: e.cashBoxId ?? null,
            bankAccountId: e.bankAccountId ?? null,
          }),
        ),
    })),
    followed: false,
  };
}

const postingsFromSources: BooksCheck = {
  name: 'postingsFromSources',
  async run(scope) {
    const journal = await readJournal(scope);
    const bySource = new Map<string, Posted[]>();
    for (const p of journal) bySource.set(p.sourceId, [...(bySource.get(p.sourceId) ?? []), p]);
    const sources: Source[] = [
      await own(scope, Voucher, voucherEntries),
      await own(scope, Payment, paymentEntries),
      await invoices(scope),
      await followed(scope, receiptEvents, receiptEntries),
      await followed(scope, saleEvents, saleEntries),
    ];

    const differences: AuditDifference[] = [];
    const explained = new Set<string>();
    let compared = 0;
    for (const { type, documents, followed } of sources) {
      for (const doc of documents) {
        compared++;
        const posted = bySource.get(doc.id) ?? [];
        const document = { type, id: doc.id, number: doc.number };
        const differ = (rowId: string | null, expected: string, found: string, problem: string) =>
          differences.push({ check: 'postingsFromSources', entity: JournalLine.key, rowId, document, expected, found, problem });
        for (const p of posted) explained.add(p.id);
        if (doc.status === 'draft') {
          if (posted.length) differ(posted[0]!.id, 'no journal line', describe(posted[0]!), `a draft has ${posted.length} journal lines`);
          continue;
        }
        if (followed && !posted.length) continue;
        const byId = new Map(posted.map((p) => [p.id, p]));
        // The submit's lines: those of more than nothing, numbered in order.
        const expected = doc.entries().filter((e) => e.debit !== 0n || e.credit !== 0n);
        const submitIds = new Set<string>();
        expected.forEach((e, seq) => {
          const id = lineId(doc.id, 'submit', seq);
          submitIds.add(id);
          const p = byId.get(id);
          if (!p)
            differ(id, describe(e), 'no journal line', `line ${seq + 1} of the ${followed ? 'automatic voucher' : 'posting'} is missing`);
          else if (describe(p) !== describe(e))
            differ(
              id,
              describe(e),
              describe(p),
              `line ${seq + 1} of the ${followed ? 'automatic voucher' : 'posting'} is not what the document says`,
            );
        });
        for (const p of posted) {
          if (submitIds.has(p.id)) continue;
          const isCancel = Array.from({ length: posted.length }, (_, seq) => lineId(doc.id, 'cancel', seq)).includes(p.id);
          if (!isCancel) differ(p.id, 'no journal line', describe(p), 'a journal line that no line of its document explains');
          else if (doc.status === 'submitted') differ(p.id, 'no reversal', describe(p), 'a submitted document has reversing journal lines');
        }
        if (doc.status === 'cancelled') {
          const net = new Map<string, Entry>();
          for (const p of posted) {
            const seen = net.get(dimension(p)) ?? { ...p, debit: 0n, credit: 0n };
            net.set(dimension(p), { ...seen, debit: seen.debit + p.debit, credit: seen.credit + p.credit });
          }
          for (const e of net.values()) {
            if (e.debit !== e.credit)
              differ(null, 'nothing left (debit = credit)', describe(e), 'a cancelled document’s postings were not reversed');
          }
        }
      }
    }
    // Cheques post their changes of status; any other source must still be there.
    const cheques = new Set(
      (
        await findRows(scope.q, Cheque, scope.panelId, [
          ...new Set(journal.filter((p) => p.sourceType === Cheque.key).map((p) => p.sourceId)),
        ])
      ).map((c) => c.id),
    );
    for (const p of journal) {
      if (explained.has(p.id) || (p.sourceType === Cheque.key && cheques.has(p.sourceId))) continue;
      differences.push({
        check: 'postingsFromSources',
        entity: JournalLine.key,
        rowId: p.id,
        document: { type: p.sourceType, id: p.sourceId, number: null },
        expected: 'no journal line',
        found: describe(p),
        problem: 'a journal line whose source is not there',
      });
    }
    return { compared: compared + journal.length, differences };
  },
};

/** Each source's postings balance: its debits equal its credits. */
const postingsBalance: BooksCheck = {
  name: 'postingsBalance',
  async run({ q, panelId }) {
    const c = (f: string) => columnName(f);
    const rows = await q.query<{
      source_type: string;
      source_id: string;
      source_number: string | null;
      debit: string;
      credit: string;
      n: number;
    }>(
      `SELECT ${c('sourceType')} AS source_type, ${c('sourceId')} AS source_id, max(${c('sourceNumber')}) AS source_number,
         coalesce(sum(${c('debit')}), 0)::text AS debit, coalesce(sum(${c('credit')}), 0)::text AS credit, count(*)::int AS n
       FROM ${JournalLine.table} WHERE panel_id = $1 AND NOT deleted GROUP BY 1, 2`,
      [panelId],
    );
    return {
      compared: rows.length,
      differences: rows
        .filter((r) => whole(r.debit) !== whole(r.credit))
        .map((r) => ({
          check: 'postingsBalance',
          entity: JournalLine.key,
          rowId: null,
          document: { type: r.source_type, id: r.source_id, number: r.source_number },
          expected: 'debit = credit',
          found: `debit ${r.debit} credit ${r.credit}`,
          problem: 'the postings of a document do not balance',
        })),
    };
  },
};

export const booksChecks: readonly BooksCheck[] = [
  balanceFromLedger({
    name: 'accountBalances',
    balance: AccountBalance,
    ledger: JournalLine,
    key: ['accountId', 'partyId', 'cashBoxId', 'bankAccountId', 'month'],
    sums: { debit: 'debit', credit: 'credit' },
    source: { type: 'sourceType', id: 'sourceId', number: 'sourceNumber' },
  }),
  postingsBalance,
  postingsFromSources,
];
