/**
 * Who is at the kiosk: the person a typed personnel code or a scanned badge names, among the
 * names and codes already on the tablet (so it works offline), and which way a person's next
 * punch goes by their punches on a phone.
 */
import { toAsciiDigits } from '@/contract/normalize.ts';
import type { LocalRow } from '@/moduleKit.ts';

const comparable = (code: unknown) => toAsciiDigits(String(code ?? '').trim()).toLowerCase();
const digitsOf = (code: string) => code.replace(/\D/g, '');

/**
 * The active person with this code: written as it is, or, since the keypad has digits only, by
 * the digits of their code when no one else's digits are the same ("001" for "P-001").
 */
export function personByCode<T extends { code: unknown; deleted?: unknown; active?: unknown }>(
  personnel: readonly T[],
  typed: string,
): T | null {
  const code = comparable(typed);
  if (!code) return null;
  const active = personnel.filter((p) => !p.deleted && p.active !== false);
  const exact = active.find((p) => comparable(p.code) === code);
  if (exact) return exact;
  if (!/^\d+$/.test(code)) return null;
  const byDigits = active.filter((p) => digitsOf(comparable(p.code)) === code);
  return byDigits.length === 1 ? byDigits[0]! : null;
}

/** In or out, by the person's last punch that counts. */
export function nextDirection(punches: readonly LocalRow[], personnelId: string): 'in' | 'out' {
  let last: LocalRow | null = null;
  for (const p of punches) {
    if (p.personnelId !== personnelId || p.deleted || p.status === 'void') continue;
    if (!last || String(p.at) > String(last.at)) last = p;
  }
  return last?.direction === 'in' ? 'out' : 'in';
}
