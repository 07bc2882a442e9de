/**
 * One configured secret (JWT_SECRET, or the one generated into DATA_DIR), several keys: each use
 * gets its own key derived with HKDF-SHA256 (RFC 5869), so a key that leaks from one use (say, a
 * code hash in a database dump) is no key for another (signing access tokens). See
 * docs/decisions/008-key-derivation.md.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

export interface ServerKeys {
  /** HMAC-SHA256 key of the access tokens (HS256). */
  accessToken: Buffer;
  /** HMAC-SHA256 key of the stored SMS-code hashes. */
  smsCode: Buffer;
  /** HMAC-SHA256 key of device credentials (a kiosk tablet's: deviceCredentials.ts). */
  deviceCredential: Buffer;
}

/** Not secret: it only separates our derivations from anyone else's use of the same secret. */
const SALT = 'pishkhan key derivation';
const KEY_BYTES = 32;

function derive(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, SALT, `pishkhan/${purpose}/v1`, KEY_BYTES));
}

export function deriveKeys(secret: string): ServerKeys {
  return {
    accessToken: derive(secret, 'access-token'),
    smsCode: derive(secret, 'sms-code'),
    deviceCredential: derive(secret, 'device-credential'),
  };
}

/**
 * A key of a module's own use (`<Module>/<use>`, e.g. the tax system's keys at rest), derived like
 * the others and never one of them: its purpose names the module.
 */
export function moduleKey(secret: string, use: string): Buffer {
  return derive(secret, `module/${use}`);
}

let cached: { secret: string; keys: ServerKeys } | null = null;

/** The keys of `secret`, derived once: every authenticated request needs the token key. */
export function keysOf(secret: string): ServerKeys {
  if (cached?.secret !== secret) cached = { secret, keys: deriveKeys(secret) };
  return cached.keys;
}

/** The HMAC-SHA256 of `text` under `key`, as the base64url text a token or credential carries. */
export function signatureOf(key: Buffer, text: string): string {
  return createHmac('sha256', key).update(text).digest('base64url');
}

/**
 * Whether `given` is exactly the text `wanted`, compared in constant time. A signature is compared
 * as the text we issue, never as decoded bytes: base64url decoding ignores a last character's
 * spare bits, so four spellings of one signature decode alike (an altered kiosk credential was
 * accepted about one run in 1,000).
 */
export function sameText(given: string, wanted: string): boolean {
  const [a, b] = [Buffer.from(given), Buffer.from(wanted)];
  return a.length === b.length && timingSafeEqual(a, b);
}
