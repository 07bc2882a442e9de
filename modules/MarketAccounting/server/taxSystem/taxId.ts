/**
 * The tax id (شماره مالیاتی) of an invoice in the tax system (سامانه مودیان), by the published
 * algorithm as the public SDKs implement it (decision 044): 22 characters, the fiscal memory id
 * (6), the days since 1970-01-01 UTC in hex (5), the invoice's serial in hex (10), and a Verhoeff
 * check digit computed over the decimal form: each letter of the memory id as its ASCII code
 * (digits as themselves), the days padded to 6 digits, the serial padded to 12 digits.
 */

const D = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
/** The permutations: row k is row 1 applied k times (row 4 as computed, not as some tables misprint it). */
const P = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];
const INV = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9];

/** The Verhoeff check digit of a string of decimal digits. */
export function verhoeffDigit(digits: string): number {
  let c = 0;
  const reversed = [...digits].reverse();
  for (let i = 0; i < reversed.length; i++) c = D[c]![P[(i + 1) % 8]![Number(reversed[i])]!]!;
  return INV[c]!;
}

/** Whether a string of decimal digits ends in its Verhoeff check digit. */
export function verhoeffValid(digits: string): boolean {
  let c = 0;
  const reversed = [...digits].reverse();
  for (let i = 0; i < reversed.length; i++) c = D[c]![P[i % 8]![Number(reversed[i])]!]!;
  return c === 0;
}

/** A fiscal memory id: six characters, capital Latin letters and digits. */
export const memoryIdPattern = /^[A-Z0-9]{6}$/;

/** The largest serial ten hex digits hold. */
export const maxSerial = 0xff_ffff_ffff;

function decimalMemoryId(memoryId: string): string {
  return [...memoryId].map((c) => (c >= '0' && c <= '9' ? c : String(c.charCodeAt(0)))).join('');
}

function checkDigit(memoryId: string, days: number, serial: number): number {
  return verhoeffDigit(decimalMemoryId(memoryId) + String(days).padStart(6, '0') + String(serial).padStart(12, '0'));
}

/** Whole days since the epoch (UTC) of `at`. */
export function daysSinceEpoch(at: Date): number {
  return Math.floor(at.getTime() / 86_400_000);
}

/** The tax id of the invoice numbered `serial` (1 … 16⁵ˣ²) of the memory id, dated `at`. */
export function taxId(memoryId: string, at: Date, serial: number): string {
  const id = memoryId.toUpperCase();
  if (!memoryIdPattern.test(id)) throw new RangeError('a fiscal memory id is six letters or digits');
  if (!Number.isSafeInteger(serial) || serial < 1 || serial > maxSerial) throw new RangeError('serial out of range');
  const days = daysSinceEpoch(at);
  return `${id}${days.toString(16).padStart(5, '0')}${serial.toString(16).padStart(10, '0')}${checkDigit(id, days, serial)}`.toUpperCase();
}

/** Whether `id` is a well-formed tax id whose check digit is right (what the system checks first). */
export function taxIdValid(id: string): boolean {
  const match = /^([A-Z0-9]{6})([0-9A-F]{5})([0-9A-F]{10})([0-9])$/.exec(id);
  if (!match) return false;
  const [, memoryId, days, serial, digit] = match;
  return checkDigit(memoryId!, parseInt(days!, 16), parseInt(serial!, 16)) === Number(digit);
}
