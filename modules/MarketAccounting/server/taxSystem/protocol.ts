/**
 * The tax system's calls (API v2, `requestsmanager/api/v2/`, decision 044), with `jose` for the
 * JWS and JWE: a token is the panel's JWS of `{nonce, clientId}` over a nonce the system gave; an
 * invoice is the panel's JWS (RS256, the certificate in `x5c`, the signing time in the critical
 * `sigT`) encrypted for the system's public key from `server-information` (JWE, RSA-OAEP-256 with
 * A256GCM, `kid` the key's id), sent in a batch of packets `{payload, header: {requestTraceId,
 * fiscalId}}`; the result is asked for by reference number, or by the packet's uid after a send
 * whose answer was lost.
 */
import { CompactEncrypt, CompactSign, importPKCS8, importSPKI } from 'jose';

export const systemEndpoints = {
  sandbox: 'https://sandboxrc.tax.gov.ir/requestsmanager/api/v2/',
  production: 'https://tp.tax.gov.ir/requestsmanager/api/v2/',
} as const;
export type SystemEndpoint = keyof typeof systemEndpoints;

/** The certificate's DER in base64, as `x5c` carries it. */
export function x5cOf(certificatePem: string): string {
  return certificatePem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
}

/** The JWS (compact) of `payload` with the headers the SDKs send. */
export async function signJws(payload: unknown, privateKeyPem: string, certificatePem: string, now: Date): Promise<string> {
  const key = await importPKCS8(privateKeyPem, 'RS256');
  const sigT = now.toISOString().replace(/\.\d{3}Z$/, 'Z');
  return new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader({ alg: 'RS256', typ: 'jose', x5c: [x5cOf(certificatePem)], sigT, crit: ['sigT'], cty: 'text/plain' })
    .sign(key, { crit: { sigT: true } });
}

export interface SystemKey {
  id: string;
  /** SPKI in base64 (no PEM armour), as server-information gives it. */
  key: string;
}

/** The JWE (compact) of a JWS, for the system's key. */
export async function encryptJwe(jws: string, systemKey: SystemKey): Promise<string> {
  const pem = `-----BEGIN PUBLIC KEY-----\n${systemKey.key}\n-----END PUBLIC KEY-----`;
  const key = await importSPKI(pem, 'RSA-OAEP-256');
  return new CompactEncrypt(new TextEncoder().encode(jws))
    .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: systemKey.id })
    .encrypt(key);
}

export interface Packet {
  payload: string;
  header: { requestTraceId: string; fiscalId: string };
}

export interface SendResult {
  timestamp: number;
  result: { uid: string; referenceNumber: string | null; errorCode?: string | null; errorDetail?: string | null }[];
  errors: { code: string; message: string }[];
}

export interface Reason {
  code: string;
  message: string;
}

export interface Inquiry {
  referenceNumber: string | null;
  uid: string;
  status: 'SUCCESS' | 'FAILED' | 'PENDING' | 'IN_PROGRESS' | 'NOT_FOUND';
  data: { success?: boolean; error?: Reason[]; warning?: Reason[] } | null;
}

/** A failure of the network or of the system (5xx, not JSON): worth another try later. */
export class NetworkFailure extends Error {
  override name = 'NetworkFailure';
}

export type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

/** One session with the system for one panel: the token is made once per session. */
export class SystemClient {
  private token: string | null = null;
  constructor(
    private readonly base: string,
    private readonly panel: { memoryId: string; privateKey: string; certificate: string },
    private readonly now: Date,
    private readonly fetchImpl: Fetch = fetch,
  ) {}

  private async call<T>(path: string, init: RequestInit = {}, authorized = true): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json', ...(init.headers as Record<string, string>) };
    if (authorized) headers.authorization = `Bearer ${await this.authorization()}`;
    let response: Response;
    try {
      response = await this.fetchImpl(new URL(path, this.base).toString(), { ...init, headers, signal: AbortSignal.timeout(30_000) });
    } catch (error) {
      throw new NetworkFailure(error instanceof Error ? error.message : String(error));
    }
    if (response.status >= 500) throw new NetworkFailure(`the system answered ${response.status}`);
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new NetworkFailure(`the system answered ${response.status} without JSON`);
    }
    if (!response.ok) throw new SystemRefusal(response.status, body);
    return body as T;
  }

  private async authorization(): Promise<string> {
    if (!this.token) {
      const { nonce } = await this.call<{ nonce: string }>('nonce?timeToLive=20', {}, false);
      this.token = await signJws({ nonce, clientId: this.panel.memoryId }, this.panel.privateKey, this.panel.certificate, this.now);
    }
    return this.token;
  }

  async serverKey(): Promise<SystemKey> {
    const info = await this.call<{ publicKeys: SystemKey[] }>('server-information');
    const key = info.publicKeys?.[0];
    if (!key) throw new NetworkFailure('the system named no public key');
    return key;
  }

  async packet(invoice: unknown, systemKey: SystemKey, requestTraceId: string): Promise<Packet> {
    const jws = await signJws(invoice, this.panel.privateKey, this.panel.certificate, this.now);
    return { payload: await encryptJwe(jws, systemKey), header: { requestTraceId, fiscalId: this.panel.memoryId } };
  }

  send(packets: Packet[]): Promise<SendResult> {
    return this.call<SendResult>('invoice', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(packets),
    });
  }

  inquireByReference(referenceNumbers: string[]): Promise<Inquiry[]> {
    const query = new URLSearchParams(referenceNumbers.map((r) => ['referenceIds', r]));
    return this.call<Inquiry[]>(`inquiry-by-reference-id?${query}`);
  }

  inquireByUid(uids: string[]): Promise<Inquiry[]> {
    const query = new URLSearchParams([...uids.map((u) => ['uidList', u]), ['fiscalId', this.panel.memoryId]]);
    return this.call<Inquiry[]>(`inquiry-by-uid?${query}`);
  }
}

/** A 4xx from the system: the request itself is wrong (a certificate it does not know, a bad token). */
export class SystemRefusal extends Error {
  override name = 'SystemRefusal';
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`the system refused the request (${status})`);
  }
}
