/**
 * Normalising what people type on Persian and Arabic keyboards before it is validated or stored:
 * digits ۰–۹ and ٠–٩ become ASCII, Arabic ي/ك become Persian ی/ک, and Iranian mobile numbers take
 * one canonical form, 09xxxxxxxxx.
 */
const PERSIAN_ZERO = 0x06f0;
const ARABIC_ZERO = 0x0660;

export function toAsciiDigits(text: string): string {
  let out = '';
  for (const ch of text) {
    const c = ch.charCodeAt(0);
    if (c >= PERSIAN_ZERO && c <= PERSIAN_ZERO + 9) out += String(c - PERSIAN_ZERO);
    else if (c >= ARABIC_ZERO && c <= ARABIC_ZERO + 9) out += String(c - ARABIC_ZERO);
    else out += ch;
  }
  return out;
}

/** A code as scanners and people type it (a barcode, a product's code): trimmed, Persian digits made ASCII. */
export function cleanCode(raw: string): string {
  return toAsciiDigits(raw).trim();
}

export function toPersianDigits(text: string): string {
  return text.replace(/[0-9]/g, (d) => String.fromCharCode(PERSIAN_ZERO + Number(d)));
}

/** Arabic yeh and kaf to their Persian forms, nothing else: for text kept as the person wrote it. */
export function normalizePersianLetters(text: string): string {
  return text.replace(/[يى]/g, 'ی').replace(/ك/g, 'ک');
}

/** Arabic yeh and kaf to their Persian forms, digits to ASCII; ZWNJ is kept. For search keys. */
export function normalizePersianText(text: string): string {
  return normalizePersianLetters(toAsciiDigits(text)).trim();
}

const IRAN_MOBILE = /^09\d{9}$/;

/**
 * The canonical form of an Iranian mobile number, or null when the input is not one. Accepts
 * Persian and Arabic digits, spaces, dashes, parentheses and the +98, 0098 and 98 prefixes.
 */
export function normalizeMobile(input: string): string | null {
  let digits = toAsciiDigits(input).replace(/[\s\-()\u200c\u200e\u200f]/g, '');
  if (digits.startsWith('+98')) digits = '0' + digits.slice(3);
  else if (digits.startsWith('0098')) digits = '0' + digits.slice(4);
  else if (digits.startsWith('98') && digits.length === 12) digits = '0' + digits.slice(2);
  else if (digits.startsWith('9') && digits.length === 10) digits = '0' + digits;
  return IRAN_MOBILE.test(digits) ? digits : null;
}

/** A pragmatic e-mail check: one @, a dotted domain, no spaces, at most 254 characters. */
export function isValidEmail(input: string): boolean {
  if (input.length > 254) return false;
  return /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(input);
}

/** Iranian national id (کد ملی): 10 digits with a mod-11 check digit; 8–9 digit forms are padded. */
export function isValidNationalId(input: string): boolean {
  let digits = toAsciiDigits(input).replace(/[\s-]/g, '');
  if (!/^\d{8,10}$/.test(digits)) return false;
  digits = digits.padStart(10, '0');
  if (/^(\d)\1{9}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(digits[i]) * (10 - i);
  const rest = sum % 11;
  const check = Number(digits[9]);
  return rest < 2 ? check === rest : check === 11 - rest;
}

/** Iranian postal code: 10 digits, often written 12345-67890. Returns the bare digits or null. */
export function normalizePostalCode(input: string): string | null {
  const digits = toAsciiDigits(input).replace(/[\s-]/g, '');
  return /^\d{10}$/.test(digits) ? digits : null;
}

/**
 * Sheba, Iran's IBAN (ISO 13616): IR, two check digits and 22 more digits, valid when the number
 * made by moving the first four to the end (letters as 10–35) is 1 mod 97 (ISO 7064 MOD 97-10).
 * Shared here so an entity's declaration (its import check) and the module's rules use one.
 * Answers the Sheba as it is kept (IR and 24 digits, no spaces), or null when it is not one.
 */
export function normalizeSheba(raw: string): string | null {
  const value = toAsciiDigits(raw).replace(/[\s-]/g, '').toUpperCase();
  const sheba = /^\d{24}$/.test(value) ? `IR${value}` : value;
  if (!/^IR\d{24}$/.test(sheba)) return null;
  const moved = `${sheba.slice(4)}1827${sheba.slice(2, 4)}`; // I = 18, R = 27
  let rest = 0;
  for (const digit of moved) rest = (rest * 10 + Number(digit)) % 97;
  return rest === 1 ? sheba : null;
}
