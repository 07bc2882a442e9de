/**
 * A local stand-in of the tax system (سامانه مودیان), API v2 as the server uses it (decision 044):
 * `nonce`, `server-information`, `invoice`, `inquiry-by-reference-id`, `inquiry-by-uid`. The real
 * cryptography runs: the token's and each invoice's JWS are verified with the certificate
 * registered for the fiscal memory id (and named in `x5c`), each packet is decrypted with the
 * stand-in's own RSA key, and the invoice is judged — the tax id's check digit, the sums of every
 * line and of the header, the original an invoice references — accepted, or refused with reasons
 * in Persian as the system words them. It counts what it received per tax id, and can fail the
 * next requests (the socket closed) or lose its answers to sends it did receive.
 */
import { X509Certificate, generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { compactDecrypt, compactVerify, decodeProtectedHeader } from 'jose';
import { taxIdValid } from '../server/taxSystem/taxId.ts';
import type { Inquiry, Packet, Reason } from '../server/taxSystem/protocol.ts';

interface Judged {
  referenceNumber: string;
  uid: string;
  fiscalId: string;
  taxId: string;
  errors: Reason[];
}

export interface StandIn {
  url: string;
  /** The panel's certificate for its memory id (what the tax organisation registered). */
  register(memoryId: string, certificatePem: string): void;
  /** How many packets with each tax id arrived. */
  received: Map<string, number>;
  /** The next `n` requests fail as the network would (socket closed, no answer). */
  failNext(n: number): void;
  /** The next `n` sends are received and judged, but their answer is lost. */
  loseAnswers(n: number): void;
  /** Refuses invoices this says something about, beside its own checks. */
  refuseWhen(rule: ((invoice: SystemJson) => Reason[]) | null): void;
  close(): Promise<void>;
}

type SystemJson = { header: Record<string, unknown>; body: Record<string, unknown>[] };

const round = (x: number) => Math.sign(x) * Math.round(Math.abs(x));

/** The system's own checks, with its wording. */
function judge(invoice: SystemJson, fiscalId: string, accepted: ReadonlySet<string>): Reason[] {
  const errors: Reason[] = [];
  const h = invoice.header;
  const taxId = String(h.taxid ?? '');
  if (!taxIdValid(taxId)) errors.push({ code: '0101', message: 'شماره منحصر به فرد مالیاتی نامعتبر است (رقم کنترلی نادرست)' });
  if (!taxId.startsWith(fiscalId)) errors.push({ code: '0102', message: 'شناسه یکتای حافظه مالیاتی با شماره مالیاتی همخوانی ندارد' });
  if (accepted.has(taxId)) errors.push({ code: '0103', message: 'صورتحساب با این شماره مالیاتی قبلا ثبت شده است' });
  const sums = { tprdis: 0, tdis: 0, tadis: 0, tvam: 0, todam: 0, tbill: 0 };
  for (const [i, line] of invoice.body.entries()) {
    const n = (k: string) => Number(line[k] ?? 0);
    const prdis = round(n('am') * n('fee'));
    const adis = n('prdis') - n('dis');
    const vam = round((n('adis') * n('vra')) / 100);
    if (prdis !== n('prdis') || adis !== n('adis') || vam !== n('vam') || n('adis') + n('vam') + n('odam') !== n('tsstam'))
      errors.push({ code: '0201', message: `مبالغ ردیف ${i + 1} صورتحساب با هم همخوانی ندارند` });
    sums.tprdis += n('prdis');
    sums.tdis += n('dis');
    sums.tadis += n('adis');
    sums.tvam += n('vam');
    sums.todam += n('odam');
    sums.tbill += n('tsstam');
  }
  for (const [key, sum] of Object.entries(sums))
    if (Number(h[key]) !== sum) errors.push({ code: '0202', message: `جمع ${key} صورتحساب با جمع ردیف‌ها برابر نیست` });
  if (Number(h.ins) !== 1 && !accepted.has(String(h.irtaxid ?? '')))
    errors.push({ code: '0301', message: 'صورتحساب مرجع با این شماره مالیاتی یافت نشد' });
  return errors;
}

export async function startStandIn(): Promise<StandIn> {
  const own = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keyId = randomUUID();
  const certificates = new Map<string, X509Certificate>();
  const nonces = new Set<string>();
  const byReference = new Map<string, Judged>();
  const byUid = new Map<string, Judged>();
  const accepted = new Set<string>();
  const received = new Map<string, number>();
  let failing = 0;
  let losing = 0;
  let rule: ((invoice: SystemJson) => Reason[]) | null = null;

  /** Verifies a JWS with the certificate of its memory id: the certificate in `x5c` must be that one. */
  async function verified(jws: string, fiscalId: string | null): Promise<{ payload: unknown; fiscalId: string } | null> {
    try {
      const header = decodeProtectedHeader(jws);
      if (header.alg !== 'RS256' || !header.crit?.includes('sigT') || !Array.isArray(header.x5c)) return null;
      const named = new X509Certificate(Buffer.from(String(header.x5c[0]), 'base64'));
      const { payload } = await compactVerify(jws, named.publicKey as KeyObject, { crit: { sigT: true } });
      const parsed = JSON.parse(new TextDecoder().decode(payload)) as { clientId?: string };
      const id = fiscalId ?? parsed.clientId ?? '';
      const registered = certificates.get(id);
      if (!registered || registered.fingerprint256 !== named.fingerprint256) return null;
      return { payload: parsed, fiscalId: id };
    } catch {
      return null;
    }
  }

  async function authorized(request: IncomingMessage): Promise<string | null> {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!token) return null;
    const result = await verified(token, null);
    const nonce = (result?.payload as { nonce?: string } | undefined)?.nonce;
    return result && nonce && nonces.has(nonce) ? result.fiscalId : null;
  }

  const inquiry = (j: Judged): Inquiry => ({
    referenceNumber: j.referenceNumber,
    uid: j.uid,
    status: j.errors.length ? 'FAILED' : 'SUCCESS',
    data: { success: !j.errors.length, error: j.errors, warning: [] },
  });

  async function handle(request: IncomingMessage, url: URL, body: string): Promise<[number, unknown]> {
    if (url.pathname.endsWith('/nonce')) {
      const nonce = randomUUID();
      nonces.add(nonce);
      return [200, { nonce, expDate: new Date(Date.now() + 20_000).toISOString() }];
    }
    const fiscalId = await authorized(request);
    if (!fiscalId) return [401, { errors: [{ code: '401', message: 'توکن نامعتبر است' }] }];
    if (url.pathname.endsWith('/server-information'))
      return [
        200,
        {
          serverTime: Date.now(),
          publicKeys: [
            { key: own.publicKey.export({ type: 'spki', format: 'der' }).toString('base64'), id: keyId, algorithm: 'RSA', purpose: 1 },
          ],
        },
      ];
    if (url.pathname.endsWith('/invoice') && request.method === 'POST') {
      const packets = JSON.parse(body) as Packet[];
      const result = [];
      for (const packet of packets) {
        const { plaintext, protectedHeader } = await compactDecrypt(packet.payload, own.privateKey);
        if (protectedHeader.kid !== keyId || protectedHeader.alg !== 'RSA-OAEP-256' || protectedHeader.enc !== 'A256GCM')
          throw new Error('encryption');
        const signedBy = await verified(new TextDecoder().decode(plaintext), packet.header.fiscalId);
        if (!signedBy || signedBy.fiscalId !== fiscalId) {
          result.push({
            uid: packet.header.requestTraceId,
            referenceNumber: null,
            errorCode: '0001',
            errorDetail: 'امضای صورتحساب معتبر نیست',
          });
          continue;
        }
        const invoice = signedBy.payload as SystemJson;
        const taxId = String(invoice.header.taxid);
        received.set(taxId, (received.get(taxId) ?? 0) + 1);
        const errors = [...judge(invoice, fiscalId, accepted), ...(rule?.(invoice) ?? [])];
        const judged: Judged = { referenceNumber: randomUUID(), uid: packet.header.requestTraceId, fiscalId, taxId, errors };
        if (!errors.length) accepted.add(taxId);
        byReference.set(judged.referenceNumber, judged);
        byUid.set(judged.uid, judged);
        result.push({ uid: judged.uid, packetType: 'INVOICE.V01', referenceNumber: judged.referenceNumber, data: null });
      }
      return [200, { timestamp: Date.now(), result, errors: [] }];
    }
    if (url.pathname.endsWith('/inquiry-by-reference-id'))
      return [
        200,
        url.searchParams
          .getAll('referenceIds')
          .flatMap((r) => (byReference.get(r)?.fiscalId === fiscalId ? [inquiry(byReference.get(r)!)] : [])),
      ];
    if (url.pathname.endsWith('/inquiry-by-uid'))
      return [
        200,
        url.searchParams.getAll('uidList').map((u) => {
          const judged = byUid.get(u);
          return judged?.fiscalId === fiscalId ? inquiry(judged) : { referenceNumber: null, uid: u, status: 'NOT_FOUND', data: null };
        }),
      ];
    return [404, { errors: [{ code: '404', message: 'یافت نشد' }] }];
  }

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    if (failing > 0) {
      failing--;
      request.socket.destroy();
      return;
    }
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      handle(request, url, body).then(
        ([status, answer]) => {
          if (status === 200 && url.pathname.endsWith('/invoice') && losing > 0) {
            losing--;
            request.socket.destroy();
            return;
          }
          response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
        },
        (error: unknown) =>
          response
            .writeHead(400, { 'content-type': 'application/json' })
            .end(JSON.stringify({ errors: [{ code: '400', message: String(error) }] })),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/requestsmanager/api/v2/`,
    register: (memoryId, pem) => certificates.set(memoryId, new X509Certificate(pem)),
    received,
    failNext: (n) => (failing = n),
    loseAnswers: (n) => (losing = n),
    refuseWhen: (r) => (rule = r),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
