/**
 * A customer's timeline and balance: their sales, subscriptions, support requests and payments,
 * newest first; the balance is what was invoiced (submitted sales, with VAT) less what was paid.
 */
type R = Readonly<Record<string, unknown>> & { id: string };

export type TimelineKind = 'sale' | 'subscription' | 'request' | 'payment';

export interface TimelineEvent {
  kind: TimelineKind;
  at: string;
  row: R;
}

const day = (v: unknown) => (typeof v === 'string' ? v.slice(0, 10) : '');

export function customerTimeline(
  customerId: string,
  parts: { sales: readonly R[]; subscriptions: readonly R[]; requests: readonly R[]; payments: readonly R[] },
): TimelineEvent[] {
  const of = (rows: readonly R[]) => rows.filter((r) => r.customerId === customerId);
  const events: TimelineEvent[] = [
    ...of(parts.sales).map((row) => ({ kind: 'sale' as const, at: day(row.date), row })),
    ...of(parts.subscriptions).map((row) => ({ kind: 'subscription' as const, at: day(row.since), row })),
    ...of(parts.requests).map((row) => ({ kind: 'request' as const, at: day(row.openedAt ?? row.updatedAt), row })),
    ...of(parts.payments).map((row) => ({ kind: 'payment' as const, at: day(row.date), row })),
  ];
  return events.sort((a, b) => b.at.localeCompare(a.at) || a.kind.localeCompare(b.kind) || a.row.id.localeCompare(b.row.id));
}

export function customerBalance(
  customerId: string,
  sales: readonly R[],
  payments: readonly R[],
): { invoiced: number; paid: number; balance: number } {
  const money = (v: unknown) => (typeof v === 'number' && Number.isSafeInteger(v) ? v : 0);
  const invoiced = sales.filter((s) => s.customerId === customerId && s.status === 'submitted').reduce((sum, s) => sum + money(s.total), 0);
  const paid = payments.filter((p) => p.customerId === customerId).reduce((sum, p) => sum + money(p.amount), 0);
  return { invoiced, paid, balance: invoiced - paid };
}
