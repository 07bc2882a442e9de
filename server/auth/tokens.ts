/**
 * The two tokens a login hands out. The access token is a short JWT (HS256 only, 10 minutes, with
 * a key of its own derived from the server secret: keys.ts) that names its user and its session;
 * the refresh token is 256 random bits, opaque, kept by the server only as a SHA-256. The two can
 * never stand in for each other: a refresh token is not a JWT, and an access token carries
 * `typ: 'access'`, which verification insists on.
 *
 * HS256 is done with node:crypto directly: every authenticated request verifies a token, and
 * WebCrypto's per-call overhead was the largest cost of a request (bench/api). The algorithm is
 * fixed, so the header is checked to say exactly HS256 and nothing is negotiated.
 */
import { createHash, randomBytes } from 'node:crypto';
import { ACCESS_TOKEN_TTL_MS } from '../../src/contract/service.ts';
import { sameText, signatureOf } from './keys.ts';

export const TOKEN_ISSUER = 'pishkhan';
const ACCESS_TYPE = 'access';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SEGMENT = /^[A-Za-z0-9_-]+$/;
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

export interface AccessClaims {
  userId: string;
  sessionId: string;
}

export interface TokenSettings {
  /** The access-token key derived from the server secret (keys.ts). */
  key: Buffer;
  /** The `aud` claim: the configured service name. */
  audience: string;
}

export function signAccessToken(settings: TokenSettings, claims: AccessClaims, nowMs: number): string {
  const iat = Math.floor(nowMs / 1000);
  const payload = {
    sub: claims.userId,
    sid: claims.sessionId,
    typ: ACCESS_TYPE,
    aud: settings.audience,
    iss: TOKEN_ISSUER,
    iat,
    exp: iat + ACCESS_TOKEN_TTL_MS / 1000,
  };
  const signingInput = `${HEADER}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return `${signingInput}.${signatureOf(settings.key, signingInput)}`;
}

function parseSegment(segment: string): Record<string, unknown> | null {
  const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

function headerIsHs256(segment: string): boolean {
  if (segment === HEADER) return true;
  const header = parseSegment(segment);
  // Another algorithm (`none` included), or anything we would have to understand (`crit`), fails.
  return header !== null && header.alg === 'HS256' && !('crit' in header) && (header.typ === undefined || header.typ === 'JWT');
}

function audienceMatches(aud: unknown, audience: string): boolean {
  return aud === audience || (Array.isArray(aud) && aud.includes(audience));
}

/**
 * The claims of a valid access token, or null for anything else: another algorithm (`none`
 * included), a bad signature, expired, another audience or issuer, another token type, or ids
 * that are not UUIDs.
 */
export function verifyAccessToken(settings: TokenSettings, token: string, nowMs: number): AccessClaims | null {
  try {
    const parts = token.split('.');
    if (parts.length !== 3 || !parts.every((p) => SEGMENT.test(p))) return null;
    const [header, body, signature] = parts as [string, string, string];
    if (!sameText(signature, signatureOf(settings.key, `${header}.${body}`))) return null;
    if (!headerIsHs256(header)) return null;
    const claims = parseSegment(body);
    if (!claims) return null;
    const { sub, sid, typ, aud, iss, exp, iat } = claims;
    const now = Math.floor(nowMs / 1000);
    if (typ !== ACCESS_TYPE || iss !== TOKEN_ISSUER || !audienceMatches(aud, settings.audience)) return null;
    if (typeof exp !== 'number' || typeof iat !== 'number' || exp <= now) return null;
    if (typeof sub !== 'string' || typeof sid !== 'string' || !UUID.test(sub) || !UUID.test(sid)) return null;
    return { userId: sub, sessionId: sid };
  } catch {
    return null;
  }
}

/** A new refresh token: 32 random bytes (256 bits), base64url. */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a refresh token. Unsalted is fine: the token itself is random. */
export function hashRefreshToken(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}
