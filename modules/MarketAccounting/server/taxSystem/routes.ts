/**
 * The tax system's routes (panel scope, decision 044): the settings — read and written by whoever
 * may change accounting's settings (the owner, an accountant), the private key write-only — a key
 * pair made on the server with its certificate request, and the queue with its retry.
 */
import { X509Certificate, createPrivateKey, createPublicKey } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Code } from '../../../../src/contract/codes.ts';
import { permission } from '../../../../src/contract/entity.ts';
import { AppError, ensurePermission, envelope, integer, object, ok, pathInScope, text, arrayOf } from '../../../../server/moduleApi.ts';
import { Settings } from '../../entities/books.ts';
import { taxSystemEndpoints, type TaxQueueItem, type TaxSettingsView } from '../../rules/taxSystemEndpoints.ts';
import { showOnInvoice } from './invoiceTax.ts';
import { certificateRequest, newKeyPair } from './pkcs10.ts';
import { seal, open } from './secrets.ts';
import { readQueue, readSettings, writeSettings, type QueueRow, type TaxSettingsRow } from './store.ts';
import { memoryIdPattern } from './taxId.ts';

const nullableText = { type: ['string', 'null'] };
const settingsView = object(
  {
    memoryId: nullableText,
    economicCode: nullableText,
    endpoint: text({ enum: ['sandbox', 'production'] }),
    hasPrivateKey: { type: 'boolean' },
    certificate: { type: ['object', 'null'], properties: { subject: text(), validTo: text() } },
    certificateRequest: nullableText,
  },
  { required: ['memoryId', 'economicCode', 'endpoint', 'hasPrivateKey', 'certificate', 'certificateRequest'] },
);
const queueItem = object({
  id: text(),
  sourceType: text(),
  sourceId: text(),
  kind: text(),
  taxId: text(),
  invoiceNumber: text(),
  total: integer(),
  status: text(),
  referenceNumber: nullableText,
  reasons: arrayOf(object({ code: text(), message: text() })),
  attempts: integer(),
  nextAttemptAt: nullableText,
  lastError: nullableText,
  updatedAt: text(),
});

const path = (scope: FastifyInstance, p: string) => pathInScope(scope, p);
const secretOf = (request: FastifyRequest) => request.server.deps.config.jwtSecret;
const manage = (request: FastifyRequest) => ensurePermission(request.panel, permission(Settings, 'update'));
const bad = (what: string) => new AppError(Code.BadRequest, 400, what);

function certificateOf(pem: string | null): TaxSettingsView['certificate'] {
  if (!pem) return null;
  const cert = new X509Certificate(pem);
  return { subject: cert.subject.replace(/\n/g, ', '), validTo: new Date(cert.validTo).toISOString() };
}

function view(row: TaxSettingsRow | null): TaxSettingsView {
  return {
    memoryId: row?.memory_id ?? null,
    economicCode: row?.economic_code ?? null,
    endpoint: row?.endpoint ?? 'sandbox',
    hasPrivateKey: Boolean(row?.private_key),
    certificate: certificateOf(row?.certificate ?? null),
    certificateRequest: row?.certificate_request ?? null,
  };
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function queueItemOf(row: QueueRow): TaxQueueItem {
  return {
    id: row.id,
    sourceType: row.source_type,
    sourceId: row.source_id,
    kind: row.kind,
    taxId: row.tax_id,
    invoiceNumber: String(row.invoice.header.inno ?? ''),
    total: Number(row.invoice.header.tbill ?? 0),
    status: row.status,
    referenceNumber: row.reference_number,
    reasons: row.reasons,
    attempts: row.attempts,
    nextAttemptAt: iso(row.next_attempt_at),
    lastError: row.last_error,
    updatedAt: iso(row.updated_at)!,
  };
}

interface SettingsBody {
  memoryId?: string;
  economicCode?: string;
  endpoint?: 'sandbox' | 'production';
  privateKey?: string;
  certificate?: string;
}

export function taxSystemRoutes(scope: FastifyInstance): void {
  const db = () => scope.deps.db;

  scope.get(
    path(scope, taxSystemEndpoints.settings),
    { schema: { summary: 'The panel’s tax-system settings (never the private key)', response: { 200: envelope(settingsView) } } },
    async (request) => {
      manage(request);
      return ok(request, view(await readSettings(db(), request.panel.id)));
    },
  );

  scope.put(
    path(scope, taxSystemEndpoints.settings),
    {
      schema: {
        summary: 'Writes the panel’s tax-system settings; a private key given is sealed at rest and never answered',
        body: object({
          memoryId: text({ maxLength: 6 }),
          economicCode: text({ maxLength: 14 }),
          endpoint: text({ enum: ['sandbox', 'production'] }),
          privateKey: text({ maxLength: 20_000 }),
          certificate: text({ maxLength: 20_000 }),
        }),
        response: { 200: envelope(settingsView) },
      },
    },
    async (request) => {
      manage(request);
      const body = request.body as SettingsBody;
      const panelId = request.panel.id;
      const current = await readSettings(db(), panelId);
      const values: Parameters<typeof writeSettings>[2] = {};
      if (body.memoryId !== undefined) {
        const memoryId = body.memoryId.trim().toUpperCase();
        if (!memoryIdPattern.test(memoryId)) throw bad('memoryId');
        values.memory_id = memoryId;
      }
      if (body.economicCode !== undefined) {
        if (!/^\d{11,14}$/.test(body.economicCode.trim())) throw bad('economicCode');
        values.economic_code = body.economicCode.trim();
      }
      if (body.endpoint) values.endpoint = body.endpoint;
      let privateKey: string | null = null;
      try {
        privateKey = current?.private_key ? open(secretOf(request), panelId, current.private_key) : null;
      } catch {
        // Sealed under another server secret: as if there were none (a new key is asked for).
      }
      if (body.privateKey !== undefined) {
        try {
          const key = createPrivateKey(body.privateKey);
          if (key.asymmetricKeyType !== 'rsa') throw new Error('not RSA');
          privateKey = key.export({ type: 'pkcs8', format: 'pem' }).toString();
        } catch {
          throw bad('privateKey');
        }
        values.private_key = seal(secretOf(request), panelId, privateKey);
        values.certificate_request = null;
      }
      if (body.certificate !== undefined) {
        let cert: X509Certificate;
        try {
          cert = new X509Certificate(body.certificate);
        } catch {
          throw bad('certificate');
        }
        const publicOfKey = privateKey ? createPublicKey(privateKey).export({ type: 'spki', format: 'der' }) : null;
        if (!publicOfKey || !cert.publicKey.export({ type: 'spki', format: 'der' }).equals(publicOfKey)) throw bad('certificate');
        values.certificate = cert.toString();
      }
      await writeSettings(db(), panelId, values);
      return ok(request, view(await readSettings(db(), panelId)));
    },
  );

  scope.post(
    path(scope, taxSystemEndpoints.keyPair),
    {
      schema: {
        summary: 'Makes a new key pair on the server (the private key sealed there) and answers its certificate request (PKCS#10)',
        body: object(
          {
            commonName: text({ minLength: 1, maxLength: 64, pattern: '^[ -~]+$' }),
            nationalId: text({ pattern: '^\\d{10,11}$' }),
            organization: text({ maxLength: 64, pattern: '^[ -~]*$' }),
          },
          { required: ['commonName', 'nationalId'] },
        ),
        response: { 200: envelope(settingsView) },
      },
    },
    async (request) => {
      manage(request);
      const body = request.body as { commonName: string; nationalId: string; organization?: string };
      const pair = newKeyPair();
      const csr = certificateRequest(pair.privateKey, {
        commonName: body.commonName,
        nationalId: body.nationalId,
        organization: body.organization || undefined,
      });
      await writeSettings(db(), request.panel.id, {
        private_key: seal(secretOf(request), request.panel.id, pair.privateKey),
        certificate: null,
        certificate_request: csr,
      });
      return ok(request, view(await readSettings(db(), request.panel.id)));
    },
  );

  scope.get(
    path(scope, taxSystemEndpoints.queue),
    {
      schema: {
        summary: 'The panel’s invoices for the tax system and where each stands',
        querystring: object({ sourceId: text() }),
        response: { 200: envelope(arrayOf(queueItem)) },
      },
    },
    async (request) => {
      ensurePermission(request.panel, permission(Settings, 'read'));
      const { sourceId } = request.query as { sourceId?: string };
      return ok(request, (await readQueue(db(), request.panel.id, sourceId)).map(queueItemOf));
    },
  );

  scope.post(
    path(scope, `${taxSystemEndpoints.queue}/:id/retry`),
    {
      schema: {
        summary: 'Sends a waiting or refused invoice again at the next run',
        params: object({ id: text({ format: 'uuid' }) }, { required: ['id'] }),
        response: { 200: envelope(queueItem) },
      },
    },
    async (request) => {
      manage(request);
      const { id } = request.params as { id: string };
      const [row] = await db().query<QueueRow>(
        // A refused invoice goes as a new packet (a new uid, attempts from nought): the old uid names the refusal.
        `UPDATE market_accounting_tax_queue SET status = 'waiting', next_attempt_at = NULL, reasons = '[]', updated_at = now(),
           request_trace_id = CASE WHEN status = 'refused' THEN gen_random_uuid() ELSE request_trace_id END,
           attempts = CASE WHEN status = 'refused' THEN 0 ELSE attempts END
         WHERE id = $1 AND panel_id = $2 AND status IN ('waiting', 'refused') RETURNING *`,
        [id, request.panel.id],
      );
      if (!row) throw new AppError(Code.InvalidOperation, 409);
      await showOnInvoice(db(), row, 'waiting');
      return ok(request, queueItemOf(row));
    },
  );
}
