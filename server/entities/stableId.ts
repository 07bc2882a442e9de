import { createHash } from 'node:crypto';

/**
 * A UUID (version 5 layout) that always comes out the same for the same parts: the id of a row the
 * server derives rather than creates (a default role, a stock balance per product and place), so
 * two writers reaching for it at once name the same row.
 */
export function stableId(...parts: readonly unknown[]): string {
  const h = createHash('sha256').update(JSON.stringify(parts)).digest('hex');
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
