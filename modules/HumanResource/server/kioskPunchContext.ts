/**
 * What the kiosk route tells the punch rules about a punch it writes: the device it came from
 * (checked against its credential) and whether the PIN or badge proved who punched. A kiosk punch
 * is taken only with this (so only from a device credential, never from a person's REST or sync).
 */
import type { Row } from '../../../src/contract/entity.ts';
import type { WriteContext } from '../../../server/moduleApi.ts';

export interface KioskPunchProof {
  device: Row;
  verified: boolean;
}

const proofs = new WeakMap<WriteContext, KioskPunchProof>();

export function withKioskProof(ctx: WriteContext, proof: KioskPunchProof): WriteContext {
  proofs.set(ctx, proof);
  return ctx;
}

export function kioskProofOf(ctx: WriteContext): KioskPunchProof | null {
  return proofs.get(ctx) ?? null;
}
