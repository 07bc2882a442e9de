/**
 * Warehousing's share of the books-and-stock audit (decision 018): every stock balance and
 * valuation is the sum of its moves (the platform's generic check), no warehouse that forbids it
 * is below zero, and every move is what its document says — recomputed here from the documents
 * themselves, not from the posting code, so a bug there or a row changed by hand shows:
 * - a draft (or a deleted row) posted nothing;
 * - a submitted receipt, consignment, transfer or arrival has exactly the move of each line, at
 *   the line's product, warehouse, place, batch and signed quantity (and, for goods in, the
 *   line's value; a transfer's far end the value its near end took out; an arrival takes out of
 *   transit exactly what its transfer put in); a count's adjustments are each at a place of the
 *   counted warehouse (their quantities depended on the stock of that moment);
 * - a cancelled one also has the exact opposite of each of those moves, and a submitted one none;
 * - no move is left that no document explains.
 */
import type { Line, Row } from '../../../src/contract/entity.ts';
import {
  amountOf,
  balanceFromLedger,
  columnName,
  optionalText,
  quantityText,
  readLedgerRows,
  selectRows,
  stableId,
  thousandths,
  whole,
  type AuditColumn,
  type AuditDifference,
  type AuditRow,
  type AuditScope,
  type BooksCheck,
} from '../../../server/moduleApi.ts';
import { StockCount } from '../entities/counts.ts';
import { Consignment } from '../entities/inbound.ts';
import { Warehouse } from '../entities/masterData.ts';
import { Transfer, TransferArrival } from '../entities/movements.ts';
import { Receipt, StockBalance, StockMove, StockValuation } from '../entities/stock.ts';
import { countKey } from '../rules/countMerge.ts';

const MOVE = {
  sourceType: 'id',
  sourceId: 'id',
  productId: 'id',
  warehouseId: 'id',
  locationId: 'optional',
  batch: 'optional',
  ownerId: 'optional',
  inTransit: 'flag',
  quantity: 'thousandths',
  value: 'whole',
} as const satisfies Record<string, AuditColumn>;
type Move = AuditRow<typeof MOVE>;

/** A move a document should have made: its place, signed quantity and (when it follows from the document) value. */
interface Expected {
  lineId: string;
  productId: string;
  warehouseId: string;
  locationId: string | null;
  batch: string | null;
  ownerId: string | null;
  inTransit: boolean;
  quantity: bigint;
  value: bigint | null;
  /** Which line of the document, for the report (1-based). */
  line: number | null;
}

const moveId = (docId: string, lineId: string, step: 'submit' | 'cancel') => stableId('StockMove', docId, lineId, step);

const readMoves = (scope: AuditScope): Promise<Move[]> => readLedgerRows(scope, StockMove, MOVE);

const lineMoves = (doc: Row, sign: 1n | -1n, options: { ownerId?: string | null; valued: boolean }): Expected[] =>
  (doc.lines as Line[]).map((line, i) => {
    const quantity = thousandths(line.quantity) * sign;
    return {
      lineId: line.id,
      productId: String(line.productId),
      warehouseId: String(doc.warehouseId),
      locationId: optionalText(line.locationId),
      batch: optionalText(line.batch),
      ownerId: options.ownerId ?? null,
      inTransit: false,
      quantity,
      value: options.valued ? amountOf(quantity, whole(line.unitPrice)) : sign < 0n && !options.ownerId ? null : 0n,
      line: i + 1,
    };
  });

function transferMoves(doc: Row, submitted: Map<string, Move>): Expected[] {
  const from = String(doc.fromWarehouseId);
  const to = String(doc.toWarehouseId);
  const between = from !== to;
  return (doc.lines as Line[]).flatMap((line, i) => {
    const place = { productId: String(line.productId), batch: optionalText(line.batch), ownerId: null, line: i + 1 };
    const quantity = thousandths(line.quantity);
    const out = submitted.get(moveId(doc.id, `${line.id}:out`, 'submit'));
    return [
      {
        ...place,
        lineId: `${line.id}:out`,
        warehouseId: from,
        locationId: optionalText(line.fromLocationId),
        inTransit: false,
        quantity: -quantity,
        value: null,
      },
      // The far end carries what the near end took out.
      {
        ...place,
        lineId: `${line.id}:in`,
        warehouseId: to,
        locationId: between ? null : optionalText(line.toLocationId),
        inTransit: between,
        quantity,
        value: out ? -out.value : null,
      },
    ];
  });
}

function arrivalMoves(doc: Row, transfers: Map<string, Row>, submitted: Map<string, Move>): Expected[] {
  const transfer = transfers.get(String(doc.transferId));
  const into = (doc.lines as Line[]).map((line, i): Expected => ({
    lineId: line.id,
    productId: String(line.productId),
    warehouseId: String(transfer?.toWarehouseId ?? ''),
    locationId: optionalText(line.locationId),
    batch: optionalText(line.batch),
    ownerId: null,
    inTransit: false,
    quantity: thousandths(line.quantity),
    value: null,
    line: i + 1,
  }));
  if (!transfer) return into;
  // Out of transit: exactly what the transfer's submit put in transit.
  const dispatched = (transfer.lines as Line[]).flatMap((line) => {
    const m = submitted.get(moveId(transfer.id, `${line.id}:in`, 'submit'));
    return m?.inTransit ? [m] : [];
  });
  return [
    ...dispatched.map((m): Expected => ({
      lineId: `${m.id}:transit`,
      productId: m.productId,
      warehouseId: m.warehouseId,
      locationId: null,
      batch: m.batch,
      ownerId: null,
      inTransit: true,
      quantity: -m.quantity,
      value: -m.value,
      line: null,
    })),
    ...into.filter((e) => e.quantity > 0n),
  ];
}

const describeMove = (
  m: Pick<Move, 'productId' | 'warehouseId' | 'locationId' | 'batch' | 'ownerId' | 'inTransit' | 'quantity'> & { value: bigint | null },
) =>
  `product ${m.productId} warehouse ${m.warehouseId} location ${m.locationId ?? '∅'} batch ${m.batch ?? '∅'}${m.ownerId ? ` owner ${m.ownerId}` : ''}${m.inTransit ? ' in transit' : ''} quantity ${quantityText(m.quantity)}${m.value === null ? '' : ` value ${m.value}`}`;

function sameMove(e: Expected, m: Move): boolean {
  return (
    e.productId === m.productId &&
    e.warehouseId === m.warehouseId &&
    e.locationId === m.locationId &&
    e.batch === m.batch &&
    e.ownerId === m.ownerId &&
    e.inTransit === m.inTransit &&
    e.quantity === m.quantity &&
    (e.value === null || e.value === m.value)
  );
}

const documents = [Receipt, Consignment, Transfer, TransferArrival, StockCount];

const movesFromDocuments: BooksCheck = {
  name: 'movesFromDocuments',
  async run({ q, panelId }) {
    const moves = await readMoves({ q, panelId });
    const byId = new Map(moves.map((m) => [m.id, m]));
    const explained = new Set<string>();
    const differences: AuditDifference[] = [];
    const docs = new Map<string, { type: string; doc: Row }>();
    for (const entity of documents) for (const doc of await selectRows(q, entity, panelId)) docs.set(doc.id, { type: entity.key, doc });
    const transfers = new Map([...docs.values()].filter((d) => d.type === Transfer.key).map((d) => [d.doc.id, d.doc]));
    const differ = (doc: { type: string; doc: Row }, rowId: string | null, expected: string, found: string, problem: string) =>
      differences.push({
        check: 'movesFromDocuments',
        entity: StockMove.key,
        rowId,
        document: { type: doc.type, id: doc.doc.id, number: (doc.doc.number as string | null) ?? null },
        expected,
        found,
        problem,
      });

    for (const d of docs.values()) {
      const { doc, type } = d;
      const status = String(doc.status);
      if (status === 'draft') continue;
      let expected: Expected[] | null;
      if (type === Receipt.key) expected = lineMoves(doc, doc.direction === 'in' ? 1n : -1n, { valued: doc.direction === 'in' });
      else if (type === Consignment.key)
        expected = lineMoves(doc, doc.kind === 'receive' ? 1n : -1n, { ownerId: String(doc.partyId), valued: false });
      else if (type === Transfer.key) expected = transferMoves(doc, byId);
      else if (type === TransferArrival.key) expected = arrivalMoves(doc, transfers, byId);
      else expected = null;
      const forward: Move[] = [];
      if (expected) {
        for (const e of expected) {
          const id = moveId(doc.id, e.lineId, 'submit');
          const m = byId.get(id);
          const where = e.line ? `line ${e.line}` : 'a move out of transit';
          if (!m || m.sourceId !== doc.id)
            differ(d, id, describeMove(e), 'no move', `${where} of the ${status} document has no stock move`);
          else {
            explained.add(m.id);
            forward.push(m);
            if (!sameMove(e, m))
              differ(d, m.id, describeMove(e), describeMove(m), `the stock move of ${where} is not what the document says`);
          }
        }
      } else {
        // A count: each adjustment is named by the place it adjusts, in the counted warehouse (and location).
        for (const m of moves.filter((x) => x.sourceId === doc.id && x.sourceType === type)) {
          const place = countKey(m.productId, m.locationId, m.batch);
          if (m.id !== moveId(doc.id, place, 'submit')) continue;
          explained.add(m.id);
          forward.push(m);
          const outside =
            m.warehouseId !== doc.warehouseId ||
            m.ownerId !== null ||
            m.inTransit ||
            (typeof doc.locationId === 'string' && doc.locationId && m.locationId !== doc.locationId);
          if (outside)
            differ(
              d,
              m.id,
              `an adjustment in warehouse ${String(doc.warehouseId)}${doc.locationId ? ` location ${String(doc.locationId)}` : ''}`,
              describeMove(m),
              'a count adjusted stock outside the place it counted',
            );
        }
      }
      for (const m of forward) {
        const id = moveId(doc.id, m.id, 'cancel');
        const back = byId.get(id);
        if (status === 'submitted') {
          if (back) {
            explained.add(id);
            differ(d, id, 'no reversal', describeMove(back), 'a submitted document has the reversal of a move');
          }
          continue;
        }
        if (m.quantity === 0n) continue;
        const opposite: Expected = { ...m, lineId: m.id, quantity: -m.quantity, value: -m.value, line: null };
        if (!back) differ(d, id, describeMove(opposite), 'no move', 'the cancelled document did not reverse one of its moves');
        else {
          explained.add(id);
          if (!sameMove(opposite, back))
            differ(d, id, describeMove(opposite), describeMove(back), 'the reversal of a move is not its exact opposite');
        }
      }
    }
    for (const m of moves) {
      if (explained.has(m.id)) continue;
      // Goods another module's document moved (postGoods, decision 043) are that module's audit's to explain.
      if (m.sourceType && !m.sourceType.startsWith('WarehousingMVM/')) continue;
      const source = docs.get(m.sourceId);
      if (source && source.type === m.sourceType) {
        const status = String(source.doc.status);
        differ(
          source,
          m.id,
          'no move',
          describeMove(m),
          status === 'draft' ? 'a draft has a stock move' : 'a stock move that no line of its document explains',
        );
      } else {
        differences.push({
          check: 'movesFromDocuments',
          entity: StockMove.key,
          rowId: m.id,
          document: m.sourceId ? { type: m.sourceType, id: m.sourceId, number: null } : null,
          expected: 'no move',
          found: describeMove(m),
          problem: 'a stock move whose document is not there',
        });
      }
    }
    return { compared: moves.length + docs.size, differences };
  },
};

const noNegativeStock: BooksCheck = {
  name: 'noNegativeStock',
  async run({ q, panelId }) {
    const rows = await q.query<{ id: string; quantity: string; product_id: string; warehouse_id: string }>(
      `SELECT b.id::text AS id, b.${columnName('quantity')}::text AS quantity, b.${columnName('productId')}::text AS product_id, b.${columnName('warehouseId')}::text AS warehouse_id
       FROM ${StockBalance.table} b JOIN ${Warehouse.table} w ON w.panel_id = b.panel_id AND w.id = b.${columnName('warehouseId')}
       WHERE b.panel_id = $1 AND NOT b.deleted AND b.${columnName('quantity')} < 0 AND NOT coalesce(w.${columnName('allowsNegativeStock')}, false)`,
      [panelId],
    );
    return {
      compared: 0,
      differences: rows.map((r) => ({
        check: 'noNegativeStock',
        entity: StockBalance.key,
        rowId: r.id,
        document: null,
        expected: 'not below zero',
        found: `product ${r.product_id} warehouse ${r.warehouse_id} quantity ${r.quantity}`,
        problem: 'stock below zero in a warehouse that does not allow it',
      })),
    };
  },
};

const source = { type: 'sourceType', id: 'sourceId', number: 'sourceNumber' };

export const booksChecks: readonly BooksCheck[] = [
  balanceFromLedger({
    name: 'stockBalances',
    balance: StockBalance,
    ledger: StockMove,
    key: ['productId', 'warehouseId', 'locationId', 'batch', 'ownerId', 'inTransit'],
    sums: { quantity: 'quantity' },
    source,
  }),
  // Consignment stock is the consignor's: never valued as ours.
  balanceFromLedger({
    name: 'stockValuations',
    balance: StockValuation,
    ledger: StockMove,
    key: ['productId', 'warehouseId'],
    sums: { quantity: 'quantity', value: 'value' },
    ledgerWhere: `${columnName('ownerId')} IS NULL`,
    source,
  }),
  noNegativeStock,
  movesFromDocuments,
];
