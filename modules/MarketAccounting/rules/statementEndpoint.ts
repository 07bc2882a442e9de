/** A party's statement over any period, worked out on the server (server/statementRoute.ts) by the same rule as the device's. */
export const statementEndpoint = { method: 'GET', path: '/api/MarketAccounting/PartyStatement' } as const;

/** The longest period one request covers, in days: ten years and their leap days. */
export const STATEMENT_MAX_DAYS = 3660;

/** Query: the party, and `from` and `to` (days, YYYY-MM-DD, both included). */
export interface StatementQuery {
  partyId: string;
  from: string;
  to: string;
}
