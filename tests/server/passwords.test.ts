import { describe, expect, it } from 'vitest';
import argon2 from 'argon2';
import { hashPassword, needsRehash, passwordProblem, verifyPassword } from '../../server/auth/passwords.ts';

describe('password rules', () => {
  it('refuses fewer than 8 characters and more than 128', () => {
    expect(passwordProblem('Abc-123')).toBe('tooShort');
    expect(passwordProblem('x'.repeat(129) + 'Q')).toBe('tooLong');
  });

  it('accepts 8, 64 and 128 characters with no composition rules', () => {
    expect(passwordProblem('tqzvbnhw')).toBeNull();
    expect(passwordProblem('a'.repeat(40) + 'b'.repeat(24))).toBeNull();
    expect(passwordProblem('lkjh'.repeat(32))).toBeNull();
  });

  it('counts characters, not bytes, so eight Persian letters are enough', () => {
    expect(passwordProblem('رمزعبورم')).toBeNull();
  });

  it('refuses a common password, whatever its case', () => {
    expect(passwordProblem('password')).toBe('common');
    expect(passwordProblem('PassWord')).toBe('common');
    expect(passwordProblem('iloveyou')).toBe('common');
    expect(passwordProblem('12345678')).toBe('common');
  });

  it('checks the password whole, so a common word inside a longer one is fine', () => {
    expect(passwordProblem('password-of-the-counter')).toBeNull();
  });
});

describe('password hashing', () => {
  it('uses argon2id with m=19456 KiB, t=2, p=1, kept in the PHC string', async () => {
    const hash = await hashPassword('Correct-Horse-Battery-1404');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('Correct-Horse-Battery-1404');
    expect(await verifyPassword(hash, 'Correct-Horse-Battery-1404')).toBe(true);
    expect(await verifyPassword(hash, 'correct-horse-battery-1404')).toBe(false);
  });

  it('answers false for an unknown user after doing the same work', async () => {
    expect(await verifyPassword(null, 'anything-at-all')).toBe(false);
  });

  it('tells that a hash made with weaker parameters needs rehashing', async () => {
    const weak = await argon2.hash('Correct-Horse-Battery-1404', { type: argon2.argon2id, memoryCost: 8192, timeCost: 1, parallelism: 1 });
    expect(needsRehash(weak)).toBe(true);
    expect(needsRehash(await hashPassword('Correct-Horse-Battery-1404'))).toBe(false);
  });
});
