/**
 * Where a phone stands against the workplaces' fences: great-circle distance (haversine, in metres)
 * to each place's centre, minus nothing — a place's fence is its radius around the centre. The
 * phone and the server run the same function, so the phone refuses what the server would flag.
 */

const EARTH_RADIUS_M = 6_371_008.8;

export interface Fence {
  id: string;
  name: string;
  latitude: number;
  longitude: number;
  radius: number;
}

/** A coordinate typed in either digit set ("۳۵٫۶۹۹۷" or "35.6997"), or null when it is not one. */
export function parseDegrees(raw: unknown, limit: 90 | 180): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) && Math.abs(raw) <= limit ? raw : null;
  if (typeof raw !== 'string') return null;
  const ascii = raw
    .trim()
    .replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace('٫', '.');
  if (!/^-?\d{1,3}(\.\d{1,8})?$/.test(ascii)) return null;
  const value = Number(ascii);
  return Math.abs(value) <= limit ? value : null;
}

/** The distance in metres between two points given in degrees. */
export function distanceMetres(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** A place row as a fence, or null when its centre or radius is not usable. */
export function fenceOf(row: Record<string, unknown>): Fence | null {
  const latitude = parseDegrees(row.latitude, 90);
  const longitude = parseDegrees(row.longitude, 180);
  const radius = typeof row.radius === 'number' ? row.radius : null;
  if (latitude === null || longitude === null || radius === null || typeof row.id !== 'string') return null;
  return { id: row.id, name: typeof row.name === 'string' ? row.name : '', latitude, longitude, radius };
}

export interface FenceMatch {
  /** The nearest place, with the distance to its centre rounded to the metre. */
  nearest: Fence | null;
  distance: number | null;
  /** The place whose fence holds the point (the nearest of those that do). */
  inside: Fence | null;
}

export function matchFences(fences: readonly Fence[], latitude: number, longitude: number): FenceMatch {
  let nearest: Fence | null = null;
  let best = Infinity;
  let inside: Fence | null = null;
  let bestInside = Infinity;
  for (const fence of fences) {
    const d = distanceMetres(latitude, longitude, fence.latitude, fence.longitude);
    if (d < best) [nearest, best] = [fence, d];
    if (d <= fence.radius && d < bestInside) [inside, bestInside] = [fence, d];
  }
  return { nearest, distance: nearest ? Math.round(best) : null, inside };
}
