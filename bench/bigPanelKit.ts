/**
 * What the big panel's measuring files share (decision 049): how a figure is timed, where a seeded
 * engine is, and a server process's memory.
 */
import { readFileSync } from 'node:fs';
import { openPglite } from '../server/db/pglite.ts';
import { openPostgres } from '../server/db/postgres.ts';
import type { Db } from '../server/db/Db.ts';
import { smoke } from './benchArgs.ts';
import { POSTGRES_URL } from './serverProcess.ts';

/** A figure of the big panel's table: what, on which engine and size, p50/p95, and its target. */
export interface BigPanelFigure {
  engine: 'postgres' | 'pglite';
  size: string;
  what: string;
  p50: number;
  p95: number;
  target?: number;
  note?: string;
}

/** Timed runs of a figure after its warm-up; a smoke run times one and warms nothing (decision 057). */
export const RUNS = smoke ? 1 : 7;
const WARM_UP = !smoke;

/** The value at quantile `q` of some times. */
export function quantile(values: readonly number[], q: number): number {
  return [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))]!;
}

/** Times `work` `runs` times (one in a smoke run) after one warm-up run (none in a smoke run); answers p50 and p95. */
export async function timed(work: () => Promise<unknown>, runs = RUNS): Promise<{ p50: number; p95: number }> {
  if (smoke) runs = 1;
  if (WARM_UP) await work();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return { p50: quantile(times, 0.5), p95: quantile(times, 0.95) };
}

/** The PostgreSQL address that reads a seeded schema. */
export function schemaUrl(schema: string): string {
  const separator = POSTGRES_URL.includes('?') ? '&' : '?';
  return `${POSTGRES_URL}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
}

/** Where a seeded panel is: a PostgreSQL schema or a PGlite folder. */
export interface SeededPlace {
  schema?: string;
  dataDir?: string;
}

/** The seeded engine, opened by this process (none of its servers may hold a PGlite folder meanwhile). */
export function openSeeded(place: SeededPlace): Promise<Db> {
  return place.schema ? openPostgres(schemaUrl(place.schema)) : openPglite(`${place.dataDir}/pglite`);
}

/** The environment a server process reads the seeded engine with. */
export function serverEnvOf(place: SeededPlace): Record<string, string> {
  return place.schema ? { DATABASE_URL: schemaUrl(place.schema) } : { DATA_DIR: place.dataDir! };
}

/** RSS of a process now, in MB. */
export function rssMb(pid: number): number | null {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}
