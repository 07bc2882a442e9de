/**
 * A device credential: what a device that is not a person (a kiosk tablet) presents instead of a
 * session, as `Authorization: Device <credential>`. It names the panel, the device's row and when
 * it was issued, signed with a key of its own (keys.ts); it opens no session and no route but the
 * few a module serves to devices, and the module answers it only while the row still says it
 * issued exactly this one (so deactivating the row, or issuing another, revokes it).
 */
import type { FastifyRequest } from 'fastify';
import { keysOf, sameText, signatureOf } from './keys.ts';

export interface DeviceCredential {
  panelId: string;
  deviceId: string;
  /** Milliseconds since the epoch; the row keeps the same instant. */
  issuedAt: number;
}

const PREFIX = 'pkd1';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function signDeviceCredential(secret: string, credential: DeviceCredential): string {
  const body = `${PREFIX}.${credential.panelId}.${credential.deviceId}.${credential.issuedAt}`;
  return `${body}.${signatureOf(keysOf(secret).deviceCredential, body)}`;
}

/** The credential `text` holds when its signature is ours; else null. */
export function parseDeviceCredential(secret: string, text: string): DeviceCredential | null {
  const parts = text.split('.');
  if (parts.length !== 5 || parts[0] !== PREFIX) return null;
  const [, panelId, deviceId, issued, sent] = parts as [string, string, string, string, string];
  if (!UUID.test(panelId) || !UUID.test(deviceId) || !/^\d{1,15}$/.test(issued)) return null;
  if (!sameText(sent, signatureOf(keysOf(secret).deviceCredential, parts.slice(0, 4).join('.')))) return null;
  return { panelId, deviceId, issuedAt: Number(issued) };
}

/** The signed device credential of the request's `Authorization: Device …`, or null. */
export function readDeviceCredential(request: FastifyRequest): DeviceCredential | null {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Device\s+(\S{1,400})$/.exec(header.trim()) : null;
  return match ? parseDeviceCredential(request.server.deps.config.jwtSecret, match[1]!) : null;
}
