/**
 * The few DER structures the tax system needs, written by hand (decision 044): a PKCS#10
 * certificate request (RFC 2986) of a key pair made in the app, to take to the tax organisation's
 * certificate authority; and a self-signed X.509 certificate (RFC 5280), which only the local
 * stand-in and the tests use. Node's crypto makes and signs the keys but writes neither; no
 * maintained library for it is in the dependencies, and these are ~100 lines of DER.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

function length(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v % 256);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}
const tlv = (tag: number, content: Buffer) => Buffer.concat([Buffer.from([tag]), length(content.length), content]);
const sequence = (...parts: Buffer[]) => tlv(0x30, Buffer.concat(parts));
const set = (...parts: Buffer[]) => tlv(0x31, Buffer.concat(parts));
const nothing = Buffer.from([0x05, 0x00]);
const utf8 = (text: string) => tlv(0x0c, Buffer.from(text, 'utf8'));
const printable = (text: string) => tlv(0x13, Buffer.from(text, 'ascii'));
const bitString = (bytes: Buffer) => tlv(0x03, Buffer.concat([Buffer.from([0]), bytes]));
function integer(bytes: Buffer): Buffer {
  let b = bytes;
  while (b.length > 1 && b[0] === 0 && b[1]! < 0x80) b = b.subarray(1);
  return tlv(0x02, b[0]! >= 0x80 ? Buffer.concat([Buffer.from([0]), b]) : b);
}
function oid(dotted: string): Buffer {
  const [a, b, ...rest] = dotted.split('.').map(Number);
  const bytes = [a! * 40 + b!];
  for (const n of rest) {
    const chunk = [n % 128];
    for (let v = Math.floor(n / 128); v > 0; v = Math.floor(v / 128)) chunk.unshift(0x80 | (v % 128));
    bytes.push(...chunk);
  }
  return tlv(0x06, Buffer.from(bytes));
}
function time(at: Date): Buffer {
  const text = at.toISOString().replace(/[-:T]/g, '').slice(2, 14) + 'Z';
  return tlv(0x17, Buffer.from(text, 'ascii'));
}

/** The subject of the tax organisation's guide: the taxpayer's name, national id, organisation kind, country. */
export interface Subject {
  /** CN: the taxpayer's name (Latin letters, as the guide asks). */
  commonName: string;
  /** serialNumber: the national id (11 digits of a company, 10 of a person). */
  nationalId: string;
  /** O: e.g. "Non-Governmental". */
  organization?: string;
  /** C: IR unless said. */
  country?: string;
}

function name(subject: Subject): Buffer {
  const rdn = (type: string, value: Buffer) => set(sequence(oid(type), value));
  return sequence(
    rdn('2.5.4.6', printable(subject.country ?? 'IR')),
    ...(subject.organization ? [rdn('2.5.4.10', utf8(subject.organization))] : []),
    rdn('2.5.4.5', printable(subject.nationalId)),
    rdn('2.5.4.3', utf8(subject.commonName)),
  );
}

const sha256WithRSA = sequence(oid('1.2.840.113549.1.1.11'), nothing);

function signed(body: Buffer, key: KeyObject): Buffer {
  return sequence(body, sha256WithRSA, bitString(sign('sha256', body, key)));
}

function pem(label: string, der: Buffer): string {
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

/** A PKCS#10 request (PEM) for the key pair's public key, signed with its private key (SHA-256 with RSA). */
export function certificateRequest(privateKeyPem: string, subject: Subject): string {
  const key = createPrivateKey(privateKeyPem);
  const spki = createPublicKey(key).export({ type: 'spki', format: 'der' });
  const info = sequence(integer(Buffer.from([0])), name(subject), spki, Buffer.from([0xa0, 0x00]));
  return pem('CERTIFICATE REQUEST', signed(info, key));
}

/** A new RSA key pair of 2048 bits (the size the tax organisation asks for), PKCS#8 and SPKI PEM. */
export function newKeyPair(): { privateKey: string; publicKey: string } {
  const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: pair.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/** A self-signed certificate (PEM) of the key: what the stand-in and the tests use in place of the authority's. */
export function selfSignedCertificate(privateKeyPem: string, subject: Subject, from: Date, days = 365): string {
  const key = createPrivateKey(privateKeyPem);
  const spki = createPublicKey(key).export({ type: 'spki', format: 'der' });
  const until = new Date(from.getTime() + days * 86_400_000);
  const serial = randomBytes(12);
  serial[0] = serial[0]! & 0x7f;
  const tbs = sequence(
    Buffer.concat([Buffer.from([0xa0, 0x03]), integer(Buffer.from([2]))]),
    integer(serial),
    sha256WithRSA,
    name(subject),
    sequence(time(from), time(until)),
    name(subject),
    spki,
  );
  return pem('CERTIFICATE', signed(tbs, key));
}
