/**
 * The server's answers for rows before the window (beyondWindow.ts) kept in memory, by panel,
 * entity and list parameters; apart from the code that asks, so that local writes (which every
 * simulated device in the server tests runs too) can drop an entity's answers without the HTTP client.
 */
import type { Entity, EntityListResponse } from '../contract/entity.ts';

/** How long a page of older rows is kept in memory. */
export const OLDER_ROWS_TTL_MS = 5 * 60_000;

/** Keyed `<panel key>\n<entity key>\n<parameters>`. */
export const olderCache = new Map<string, { at: number; answer: Promise<EntityListResponse> }>();

/** Drops the kept older rows of an entity: a write on this device may have changed any of them. */
export function forgetOlderRows(entity: Pick<Entity, 'key'>): void {
  for (const key of olderCache.keys()) if (key.split('\n')[1] === entity.key) olderCache.delete(key);
}
