/**
 * What a punch is worth against the person's policy and rule (hr-attendance.md, "Clocking in and
 * out"). The server runs it on arrival with its own clock and the punches it already holds; the
 * phone runs the fence part before it stores a punch, to refuse one outside every allowed place.
 */
import type { PunchFlag } from '../entities/punch.ts';
import { fenceOf, matchFences, parseDegrees, type Fence } from './geofence.ts';

/** A punch reaching the server this much later than its time was taken offline. */
export const OFFLINE_AFTER_MS = 2 * 60_000;
/** A punch this far ahead of the server's clock was made on a clock nobody corrected. */
export const FUTURE_AFTER_MS = 5 * 60_000;
export const DEFAULT_WORST_ACCURACY = 100;
export const DEFAULT_MAX_OFFLINE_HOURS = 72;

export type Row = Record<string, unknown>;

const list = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/** Whether this person's phone punches must fall inside a workplace's fence. */
export function fenceNeeded(personnel: Row, rule: Row | null): boolean {
  return rule?.fenceRequired === true || !list(personnel.methods).includes('phoneAnywhere');
}

/** The person's workplaces as fences (only those with a usable centre). */
export function fencesOf(personnel: Row, places: readonly Row[]): Fence[] {
  const allowed = new Set(list(personnel.placeIds));
  return places.filter((p) => allowed.has(String(p.id)) && p.deleted !== true).flatMap((p) => fenceOf(p) ?? []);
}

export interface Position {
  latitude: number;
  longitude: number;
  accuracy: number;
}

export interface FenceVerdict {
  place: Fence | null;
  nearest: Fence | null;
  distance: number | null;
  /** Outside every allowed fence while the fence is needed (the phone refuses, the server flags). */
  outside: boolean;
  poorAccuracy: boolean;
}

export function fenceVerdict(personnel: Row, rule: Row | null, places: readonly Row[], at: Position | null): FenceVerdict {
  const needed = fenceNeeded(personnel, rule);
  const worst = typeof rule?.worstAccuracy === 'number' ? rule.worstAccuracy : DEFAULT_WORST_ACCURACY;
  if (!at) return { place: null, nearest: null, distance: null, outside: needed, poorAccuracy: false };
  const match = matchFences(fencesOf(personnel, places), at.latitude, at.longitude);
  return {
    place: match.inside,
    nearest: match.nearest,
    distance: match.distance,
    outside: needed && !match.inside,
    poorAccuracy: at.accuracy > worst,
  };
}

export interface ArrivalInput {
  punch: Row;
  personnel: Row;
  rule: Row | null;
  places: readonly Row[];
  /** The kiosk or reader the punch came from (checked by the caller: this panel's, of its kind, active). */
  device?: Row | null;
  /** The server's clock. */
  now: Date;
  /** The latest time among the person's punches already held (void ones aside). */
  latestHeld: string | null;
}

export interface ArrivalVerdict {
  placeId: string | null;
  distance: number | null;
  flags: PunchFlag[];
}

/** The server's verdict on a punch as it arrives; nothing the device said about flags counts. */
export function arrivalVerdict({ punch, personnel, rule, places, device = null, now, latestHeld }: ArrivalInput): ArrivalVerdict {
  const flags: PunchFlag[] = [];
  const methods = list(personnel.methods);
  const source = String(punch.source);
  const latitude = parseDegrees(punch.latitude, 90);
  const longitude = parseDegrees(punch.longitude, 180);
  const position =
    latitude !== null && longitude !== null
      ? { latitude, longitude, accuracy: typeof punch.accuracy === 'number' ? punch.accuracy : Infinity }
      : null;
  let placeId: string | null = null;
  let distance: number | null = null;
  if (source === 'phone') {
    if (!methods.includes('phoneFence') && !methods.includes('phoneAnywhere')) flags.push('method');
    const verdict = fenceVerdict(personnel, rule, places, position);
    placeId = verdict.place?.id ?? null;
    distance = verdict.distance;
    if (verdict.outside) flags.push('outside');
    if (verdict.poorAccuracy || !position) flags.push('poorAccuracy');
  } else if (source !== 'manual' && !methods.includes(source)) flags.push('method');
  if (device && source !== 'phone' && source !== 'manual') {
    // A device stays where it is registered: the punch is at its place, outside when that is not one of the person's.
    placeId = typeof device.placeId === 'string' ? device.placeId : null;
    if (!placeId || !list(personnel.placeIds).includes(placeId)) flags.push('outside');
  }
  const at = new Date(String(punch.at)).getTime();
  const late = now.getTime() - at;
  const maxHours = typeof rule?.maxOfflineHours === 'number' ? rule.maxOfflineHours : DEFAULT_MAX_OFFLINE_HOURS;
  // A reader's log is late and behind by nature (it is imported after the fact): only a time ahead of the server counts against it.
  const live = source !== 'manual' && source !== 'reader';
  if (live) {
    if (late > maxHours * 3_600_000) flags.push('tooOld');
    if (late > OFFLINE_AFTER_MS && personnel.offlineAccepted !== true) flags.push('offline');
    if (latestHeld !== null && new Date(latestHeld).getTime() > at) flags.push('outOfOrder');
  }
  if (source !== 'manual' && -late > FUTURE_AFTER_MS) flags.push('future');
  return { placeId, distance, flags };
}
