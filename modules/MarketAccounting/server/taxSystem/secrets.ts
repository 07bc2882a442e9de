/**
 * A panel's private key at rest: AES-256-GCM under a key derived from the server secret
 * (`moduleKey`, HKDF like the token keys: decision 008), the panel's id as additional data so a
 * sealed key copied to another panel's row does not open.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { moduleKey } from '../../../../server/moduleApi.ts';

const USE = 'MarketAccounting/tax-system-keys';

export function seal(secret: string, panelId: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', moduleKey(secret, USE), iv);
  cipher.setAAD(Buffer.from(panelId));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

export function open(secret: string, panelId: string, sealed: string): string {
  if (!sealed.startsWith('v1.')) throw new Error('unknown sealing');
  const bytes = Buffer.from(sealed.slice(3), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', moduleKey(secret, USE), bytes.subarray(0, 12));
  decipher.setAAD(Buffer.from(panelId));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}
