/**
 * A person's kiosk credentials (hr-attendance.md, kiosk devices), never kept in clear. The PIN is
 * kept as PBKDF2-SHA-256 with a salt of its own (`pbkdf2$iterations$salt$hash`, base64), the badge
 * as the SHA-256 of a random 128-bit secret; the badge's QR holds the personnel code and that
 * secret. A kiosk checks both offline against the rows synced to it; the server only checks their
 * shape. WebCrypto only, so the same code runs in the browser, in Node and in the tests.
 */
import { toAsciiDigits } from '../../../src/contract/normalize.ts';

export const PIN_ITERATIONS = 120_000;
/** The fewest iterations a stored PIN hash may name (the server refuses weaker ones). */
export const PIN_MIN_ITERATIONS = 100_000;
const PIN_MAX_ITERATIONS = 5_000_000;
const SALT_BYTES = 16;
const HASH_BYTES = 32;
const BADGE_SECRET_BYTES = 16;
/** Four to eight digits: what a keypad can type and a person can remember. */
export const PIN_PATTERN = /^\d{4,8}$/;
const BADGE_PREFIX = 'pk1.';

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
const toHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
const fromHex = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (h) => parseInt(h, 16));

function randomBytes(length: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(length));
}

async function derive(pin: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(pin), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations },
    key,
    HASH_BYTES * 8,
  );
  return new Uint8Array(bits);
}

/** Equal without telling, by how long it took, how much of it was equal. */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

/** A PIN as typed (Persian or Arabic digits too), or null when it is not 4–8 digits. */
export function normalizePin(typed: string): string | null {
  const pin = toAsciiDigits(typed.trim());
  return PIN_PATTERN.test(pin) ? pin : null;
}

export async function hashPin(pin: string, iterations = PIN_ITERATIONS): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  return `pbkdf2$${iterations}$${toBase64(salt)}$${toBase64(await derive(pin, salt, iterations))}`;
}

interface PinHash {
  iterations: number;
  salt: Uint8Array;
  hash: Uint8Array;
}

function parsePinHash(stored: unknown): PinHash | null {
  if (typeof stored !== 'string') return null;
  const match = /^pbkdf2\$(\d{6,7})\$([A-Za-z0-9+/]+={0,2})\$([A-Za-z0-9+/]+={0,2})$/.exec(stored);
  if (!match) return null;
  const iterations = Number(match[1]);
  if (iterations < PIN_MIN_ITERATIONS || iterations > PIN_MAX_ITERATIONS) return null;
  try {
    const salt = fromBase64(match[2]!);
    const hash = fromBase64(match[3]!);
    return salt.length === SALT_BYTES && hash.length === HASH_BYTES ? { iterations, salt, hash } : null;
  } catch {
    return null;
  }
}

/** Whether a value is a PIN hash this module made (the server refuses anything else, a PIN in clear above all). */
export function isPinHash(stored: unknown): boolean {
  return parsePinHash(stored) !== null;
}

export async function verifyPin(typed: string, stored: unknown): Promise<boolean> {
  const parsed = parsePinHash(stored);
  const pin = normalizePin(typed);
  if (!parsed || pin === null) return false;
  return sameBytes(await derive(pin, parsed.salt, parsed.iterations), parsed.hash);
}

async function sha256Hex(text: string): Promise<string> {
  return toHex(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))));
}

export function isBadgeHash(stored: unknown): boolean {
  return typeof stored === 'string' && /^[0-9a-f]{64}$/.test(stored);
}

export interface NewBadge {
  /** What the QR code holds. */
  payload: string;
  /** What the personnel row keeps. */
  badgeHash: string;
}

/** A fresh badge for this personnel code: printing it and saving its hash makes every older badge useless. */
export async function newBadge(code: string): Promise<NewBadge> {
  const secret = toHex(randomBytes(BADGE_SECRET_BYTES));
  return { payload: `${BADGE_PREFIX}${toHex(new TextEncoder().encode(code))}.${secret}`, badgeHash: await sha256Hex(secret) };
}

/**
 * A keyboard-wedge scanner types the QR's characters as key presses: under a Persian keyboard
 * layout the hex letters and the prefix come out as the Persian letters on the same keys, and
 * the digits as Persian digits. Both are turned back.
 */
const persianKeys: Record<string, string> = { ش: 'a', ذ: 'b', ز: 'c', ی: 'd', ي: 'd', ث: 'e', ب: 'f', ح: 'p', ن: 'k' };

export interface BadgeScan {
  code: string;
  secret: string;
}

/** The personnel code and secret a scanned badge holds, or null when the text is not a badge. */
export function parseBadge(scanned: string): BadgeScan | null {
  const text = toAsciiDigits(scanned.trim())
    .replace(/[شذزیيثبحن]/g, (c) => persianKeys[c]!)
    .toLowerCase();
  const match = /^pk1\.((?:[0-9a-f]{2})+)\.([0-9a-f]{32})$/.exec(text);
  if (!match) return null;
  try {
    const code = new TextDecoder('utf-8', { fatal: true }).decode(fromHex(match[1]!));
    return code ? { code, secret: match[2]! } : null;
  } catch {
    return null;
  }
}

export async function verifyBadge(scan: BadgeScan, stored: unknown): Promise<boolean> {
  if (!isBadgeHash(stored)) return false;
  return sameBytes(fromHex(await sha256Hex(scan.secret)), fromHex(stored as string));
}
