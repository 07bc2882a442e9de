/**
 * The kiosk's calls (rules/kioskEndpoint.ts). Enrolling and leaving are a manager's, with their
 * session; the roster and punches go with the device credential alone, never a session.
 */
import { apiData, ApiError, httpSettings } from '@/moduleKit.ts';
import { Code } from '@/contract/codes.ts';
import type { Envelope } from '@/contract/envelope.ts';
import { clockEndpoint, type ClockAnswer } from '../rules/clock.ts';
import {
  kioskEndpoints,
  type KioskEnrolment,
  type KioskPunchAnswer,
  type KioskPunchBody,
  type KioskRoster,
} from '../rules/kioskEndpoint.ts';
import { queuedPunches, savePunchQueue } from './kioskTablet.ts';

export function enrolKiosk(deviceId: string): Promise<KioskEnrolment> {
  return apiData<KioskEnrolment>(kioskEndpoints.enrol.method, kioskEndpoints.enrol.path, { body: { deviceId } });
}

export async function leaveKiosk(deviceId: string): Promise<void> {
  await apiData(kioskEndpoints.leave.method, kioskEndpoints.leave.path, { body: { deviceId } });
}

async function asDevice<T>(endpoint: { method: string; path: string }, credential: string, body?: unknown): Promise<T> {
  if (navigator.onLine === false) throw new ApiError('network', 'The device is offline');
  let response: Response;
  try {
    response = await fetch(`${httpSettings.baseUrl}${endpoint.path}`, {
      method: endpoint.method,
      headers: {
        Authorization: `Device ${credential}`,
        Accept: 'application/json',
        'Accept-Language': document.documentElement.lang || 'fa',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(httpSettings.timeoutMs),
    });
  } catch (error) {
    throw new ApiError('network', error instanceof Error ? error.message : String(error));
  }
  const envelope = (await response.json().catch(() => null)) as Envelope<T> | null;
  if (!response.ok || !envelope?.isSuccess) {
    throw new ApiError(
      'http',
      envelope?.errorData?.message ?? `HTTP ${response.status}`,
      response.status,
      envelope?.errorData?.code,
      envelope ?? undefined,
    );
  }
  return envelope.data as T;
}

export function fetchRoster(credential: string): Promise<KioskRoster> {
  return asDevice<KioskRoster>(kioskEndpoints.roster, credential);
}

export function kioskClock(credential: string): Promise<ClockAnswer> {
  return asDevice<ClockAnswer>(clockEndpoint, credential);
}

export function sendPunch(credential: string, punch: KioskPunchBody): Promise<KioskPunchAnswer> {
  return asDevice<KioskPunchAnswer>(kioskEndpoints.punch, credential, punch);
}

/** Whether the server has refused the credential (the kiosk was revoked). */
export function isRevoked(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/**
 * Sends the punches queued while offline, oldest first, and keeps those that could not reach the
 * server. One the server already has (sent before an answer was lost) or refuses for good (a code
 * removed since) leaves the queue. Answers how many were sent, and how many of them unverified.
 */
export async function sendQueued(credential: string): Promise<{ sent: number; unverified: number }> {
  let sent = 0;
  let unverified = 0;
  for (const punch of queuedPunches()) {
    try {
      const answer = await sendPunch(credential, punch);
      sent += 1;
      if (!answer.verified) unverified += 1;
    } catch (error) {
      const settled =
        error instanceof ApiError &&
        error.kind === 'http' &&
        (error.code === Code.AlreadyExists || error.code === Code.IdNotRegistered || error.code === Code.BadRequest);
      if (!settled) break;
    }
    savePunchQueue(queuedPunches().filter((p) => p.id !== punch.id));
  }
  return { sent, unverified };
}
