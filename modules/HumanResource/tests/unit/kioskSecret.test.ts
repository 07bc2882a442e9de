import { describe, expect, it } from 'vitest';
import {
  hashPin,
  isBadgeHash,
  isPinHash,
  newBadge,
  normalizePin,
  parseBadge,
  PIN_MIN_ITERATIONS,
  verifyBadge,
  verifyPin,
} from '../../rules/kioskSecret.ts';

describe('a kiosk PIN', () => {
  it('is kept as PBKDF2 with its iterations, a salt of its own and the hash, never in clear', async () => {
    const stored = await hashPin('1234');
    expect(stored).toMatch(/^pbkdf2\$\d+\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(Number(stored.split('$')[1])).toBeGreaterThanOrEqual(PIN_MIN_ITERATIONS);
    expect(stored).not.toContain('1234');
    expect(await hashPin('1234')).not.toBe(stored);
  });

  it('is verified when typed right, in Persian digits too, and refused when wrong', async () => {
    const stored = await hashPin('4821');
    expect(await verifyPin('4821', stored)).toBe(true);
    expect(await verifyPin('۴۸۲۱', stored)).toBe(true);
    expect(await verifyPin('4822', stored)).toBe(false);
    expect(await verifyPin('', stored)).toBe(false);
  });

  it('is four to eight digits', () => {
    expect(normalizePin('123')).toBeNull();
    expect(normalizePin('123456789')).toBeNull();
    expect(normalizePin('12a4')).toBeNull();
    expect(normalizePin(' ۱۲۳۴۵ ')).toBe('12345');
  });

  it('hash is refused when it is a PIN in clear, weak or malformed', async () => {
    expect(isPinHash(await hashPin('1234'))).toBe(true);
    expect(isPinHash('1234')).toBe(false);
    expect(isPinHash(await hashPin('1234', 1000))).toBe(false);
    expect(isPinHash('pbkdf2$120000$AAAA$AAAA')).toBe(false);
    expect(await verifyPin('1234', '1234')).toBe(false);
  });
});

describe('a badge', () => {
  it('holds the personnel code and a secret whose hash alone is kept', async () => {
    const badge = await newBadge('P-001');
    expect(isBadgeHash(badge.badgeHash)).toBe(true);
    const scan = parseBadge(badge.payload)!;
    expect(scan.code).toBe('P-001');
    expect(badge.payload).not.toContain(badge.badgeHash);
    expect(await verifyBadge(scan, badge.badgeHash)).toBe(true);
  });

  it('printed again makes the old one useless', async () => {
    const old = await newBadge('P-001');
    const fresh = await newBadge('P-001');
    expect(await verifyBadge(parseBadge(old.payload)!, fresh.badgeHash)).toBe(false);
  });

  it('keeps a Persian personnel code', async () => {
    const badge = await newBadge('کد-۷');
    expect(parseBadge(badge.payload)?.code).toBe('کد-۷');
  });

  it('is read from a keyboard-wedge scanner typing under a Persian keyboard layout', async () => {
    const badge = await newBadge('A7');
    const persianLayout: Record<string, string> = { a: 'ش', b: 'ذ', c: 'ز', d: 'ی', e: 'ث', f: 'ب', p: 'ح', k: 'ن' };
    const typed = badge.payload.replace(/[a-z]/g, (c) => persianLayout[c] ?? c).replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);
    const scan = parseBadge(typed)!;
    expect(scan.code).toBe('A7');
    expect(await verifyBadge(scan, badge.badgeHash)).toBe(true);
  });

  it('is not read from any other text', () => {
    expect(parseBadge('P-001')).toBeNull();
    expect(parseBadge('pk1.50.1234')).toBeNull();
    expect(parseBadge('')).toBeNull();
  });
});
