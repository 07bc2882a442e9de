/**
 * The tax system (سامانه مودیان, decision 044) against its local stand-in: the real JWS and JWE
 * run in every test — the stand-in verifies the panel's signature with its certificate, decrypts
 * with its own key, and judges the tax id's check digit and the sums.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permission, type Row } from '../../../../src/contract/entity.ts';
import { syncEndpoints } from '../../../../src/contract/sync.ts';
import { startTestServer, type TestServer } from '../../../../tests/server/harness.ts';
import { createRow, newMember, openPanel, rest, type PanelCaller } from '../../../../tests/server/panelsFixture.ts';
import { Account, BankAccount, Party, Settings } from '../../entities/books.ts';
import { Invoice } from '../../entities/invoices.ts';
import { taxSystemEndpoints, type TaxQueueItem, type TaxSettingsView } from '../../rules/taxSystemEndpoints.ts';
import { taxInputOfInvoice, type InvoiceForTax } from '../../server/taxSystem/fromInvoice.ts';
import { systemInvoice, type TaxInvoiceInput } from '../../server/taxSystem/invoice.ts';
import { newKeyPair, selfSignedCertificate } from '../../server/taxSystem/pkcs10.ts';
import { backoffMs, runTaxSystem } from '../../server/taxSystem/run.ts';
import { enqueueTaxInvoice, NotConfigured } from '../../server/taxSystem/store.ts';
import { taxId, taxIdValid, verhoeffDigit, verhoeffValid } from '../../server/taxSystem/taxId.ts';
import { step } from './books.ts';
import { startStandIn, type StandIn } from '../taxSystemStandIn.ts';

let server: TestServer;
let standIn: StandIn;

beforeAll(async () => {
  [server, standIn] = await Promise.all([startTestServer(), startStandIn()]);
});
afterAll(async () => {
  await Promise.all([server.close(), standIn.close()]);
});

describe('the tax id', () => {
  // Test vectors of the public PHP SDK Snapp-Market-Pro/moadian (tests/InvoiceIdGenerationTest.php, VerhoeffServiceTest.php).
  it('is the memory id, the days and the serial in hex, and the Verhoeff digit, as the SDK’s vectors say', () => {
    expect(taxId('DEF5GH', new Date('2020-07-20T01:00:10Z'), 12)).toBe('DEF5GH0481F000000000C2');
    expect(taxId('DEF5GH', new Date('2020-07-20T08:30:30Z'), 8173)).toBe('DEF5GH0481F0000001FED8');
    expect(taxId('DEF5GH', new Date('2020-07-20T23:11:12Z'), 2572613409)).toBe('DEF5GH0481F009956F7211');
    expect([
      verhoeffDigit('68697057172018463000000000012'),
      verhoeffDigit('68697057172018463000000008173'),
      verhoeffDigit('68697057172018463002572613409'),
    ]).toEqual([2, 8, 1]);
    expect([
      verhoeffValid('686970571720184630000000000122'),
      verhoeffValid('686970571720184630000000081737'),
      verhoeffValid('686970571720184630025726134092'),
    ]).toEqual([true, false, false]);
  });

  it('is found wrong when any one character changes', () => {
    const id = 'DEF5GH0481F0000001FED8';
    expect(taxIdValid(id)).toBe(true);
    expect(taxIdValid('DEF5GH0481F0000001FED9')).toBe(false);
    expect(taxIdValid('DEF5GH0481F0000001FEC8')).toBe(false);
    expect(taxIdValid('DEF5GH0481E0000001FED8')).toBe(false);
  });
});

interface Panel {
  caller: PanelCaller;
  id: string;
  memoryId: string;
}

let memoryCounter = 0;

/** A panel with accounting, its settings written through the API, its certificate registered at the stand-in. */
async function configuredPanel(): Promise<Panel & { privateKey: string }> {
  const caller = await openPanel(server, await server.createAccount(), 'فروشگاه مودی', ['PanelManagement', 'MarketAccounting']);
  const [row] = await server.db.query<{ id: string }>('SELECT id FROM panels WHERE code = $1', [caller.code]);
  const memoryId = `A${String(++memoryCounter).padStart(2, '0')}${randomUUID().replace(/-/g, '').slice(0, 3).toUpperCase()}`;
  const { privateKey } = newKeyPair();
  const certificate = selfSignedCertificate(
    privateKey,
    { commonName: 'Moadi Shop', nationalId: '10101234567' },
    new Date(server.clock.now()),
  );
  const answer = await caller.call<TaxSettingsView>(
    { method: 'PUT', path: taxSystemEndpoints.settings },
    { body: { memoryId, economicCode: '10101234567', endpoint: 'sandbox', privateKey, certificate } },
  );
  expect(answer.status).toBe(200);
  standIn.register(memoryId, certificate);
  return { caller, id: row!.id, memoryId, privateKey };
}

let sourceCounter = 0;

function sale(overrides: Partial<TaxInvoiceInput> = {}): TaxInvoiceInput {
  return {
    sourceType: 'MarketAccounting/SalesInvoice',
    sourceId: `sale-${++sourceCounter}`,
    kind: 'original',
    issuedAt: new Date(server.clock.now()).toISOString(),
    buyer: null,
    lines: [
      {
        productCode: '2720000114542',
        title: 'دفتر ۱۰۰ برگ',
        unitCode: '1627',
        quantity: 3,
        unitPrice: '250000',
        discount: '50000',
        vatRate: 10,
      },
      { productCode: '2720000114559', title: 'خودکار', unitCode: '1627', quantity: 1.5, unitPrice: '33333', discount: '0', vatRate: 0 },
    ],
    paidNow: '1000000',
    ...overrides,
  };
}

const run = (at = new Date(server.clock.now())) =>
  runTaxSystem(server.db, server.config.jwtSecret, at, { endpoints: { sandbox: standIn.url } });
const queue = async (panel: Panel) =>
  (await panel.caller.call<TaxQueueItem[]>({ method: 'GET', path: taxSystemEndpoints.queue })).body.data!;

describe('sending invoices to the tax system', () => {
  it('registers a sale: signed, encrypted, sent, its reference recorded, and accepted on inquiry', async () => {
    const panel = await configuredPanel();
    const queued = await enqueueTaxInvoice(server.db, panel.id, sale());
    expect(taxIdValid(queued.tax_id)).toBe(true);
    expect(queued.tax_id.startsWith(panel.memoryId)).toBe(true);
    expect(queued.invoice.header).toMatchObject({
      tprdis: 800_000,
      tdis: 50_000,
      tadis: 750_000,
      tvam: 70_000,
      tbill: 820_000,
      setm: 1,
      ins: 1,
      inty: 2,
    });
    expect((await queue(panel))[0]).toMatchObject({ status: 'waiting', taxId: queued.tax_id });

    const figures = await run();
    expect(figures).toMatchObject({ sent: 1, accepted: 1, refused: 0 });
    const [item] = await queue(panel);
    expect(item).toMatchObject({ status: 'accepted', taxId: queued.tax_id, total: 820_000, reasons: [] });
    expect(item!.referenceNumber).toBeTruthy();
    expect(standIn.received.get(queued.tax_id)).toBe(1);
  });

  it('registers a return referencing its original, and the system refuses one whose original it never accepted, with its reasons', async () => {
    const panel = await configuredPanel();
    const original = await enqueueTaxInvoice(server.db, panel.id, sale());
    await run();
    const goodReturn = await enqueueTaxInvoice(
      server.db,
      panel.id,
      sale({ kind: 'return', sourceId: `${original.source_id}-r`, referenceTaxId: original.tax_id }),
    );
    const orphan = await enqueueTaxInvoice(
      server.db,
      panel.id,
      sale({ kind: 'return', referenceTaxId: taxId(panel.memoryId, new Date(server.clock.now()), 999_999) }),
    );
    await run();
    const items = new Map((await queue(panel)).map((i) => [i.taxId, i]));
    expect(items.get(goodReturn.tax_id)).toMatchObject({ status: 'accepted', kind: 'return' });
    const refused = items.get(orphan.tax_id)!;
    expect(refused.status).toBe('refused');
    expect(refused.reasons).toEqual([{ code: '0301', message: 'صورتحساب مرجع با این شماره مالیاتی یافت نشد' }]);
  });

  it('keeps an invoice waiting through network failures, tries again after the backoff, and then registers it', async () => {
    const panel = await configuredPanel();
    const queued = await enqueueTaxInvoice(server.db, panel.id, sale());
    const at = new Date(server.clock.now());
    standIn.failNext(1);
    const first = await run(at);
    expect(first).toMatchObject({ failed: 1, sent: 0 });
    let [item] = await queue(panel);
    expect(item).toMatchObject({ status: 'waiting', attempts: 1 });
    expect(item!.lastError).toBeTruthy();
    expect(Date.parse(item!.nextAttemptAt!)).toBe(at.getTime() + backoffMs(1));

    expect(await run(new Date(at.getTime() + 1_000))).toMatchObject({ panels: 0 });
    expect(standIn.received.get(queued.tax_id)).toBeUndefined();

    await run(new Date(at.getTime() + backoffMs(1)));
    [item] = await queue(panel);
    expect(item).toMatchObject({ status: 'accepted', attempts: 2 });
    expect(standIn.received.get(queued.tax_id)).toBe(1);
  });

  it('never sends an invoice twice: queued twice it is one row, and a send whose answer was lost is found by its uid, not sent again', async () => {
    const panel = await configuredPanel();
    const input = sale();
    const once = await enqueueTaxInvoice(server.db, panel.id, input);
    const again = await enqueueTaxInvoice(server.db, panel.id, input);
    expect(again.id).toBe(once.id);
    expect(await queue(panel)).toHaveLength(1);

    const at = new Date(server.clock.now());
    standIn.loseAnswers(1);
    expect(await run(at)).toMatchObject({ failed: 1 });
    expect(standIn.received.get(once.tax_id)).toBe(1);
    await run(new Date(at.getTime() + backoffMs(1)));
    await run(new Date(at.getTime() + backoffMs(5)));
    const [item] = await queue(panel);
    expect(item).toMatchObject({ status: 'accepted' });
    expect(standIn.received.get(once.tax_id)).toBe(1);
  });

  it('sends a refused invoice again when asked to, as a new packet under the same tax id', async () => {
    const panel = await configuredPanel();
    standIn.refuseWhen(() => [{ code: '0401', message: 'کد کالا در سامانه تعریف نشده است' }]);
    const queued = await enqueueTaxInvoice(server.db, panel.id, sale());
    await run();
    standIn.refuseWhen(null);
    let [item] = await queue(panel);
    expect(item).toMatchObject({ status: 'refused', reasons: [{ code: '0401', message: 'کد کالا در سامانه تعریف نشده است' }] });
    const retried = await panel.caller.call<TaxQueueItem>({ method: 'POST', path: taxSystemEndpoints.retry(item!.id) });
    expect(retried.body.data).toMatchObject({ status: 'waiting', reasons: [] });
    await run();
    [item] = await queue(panel);
    expect(item).toMatchObject({ status: 'accepted', taxId: queued.tax_id });
    expect(standIn.received.get(queued.tax_id)).toBe(2);
  });

  it('queues nothing for a panel without a memory id, and the stand-in refuses a panel whose certificate it does not know', async () => {
    const bare = await openPanel(server, await server.createAccount(), 'بی‌تنظیم', ['PanelManagement', 'MarketAccounting']);
    const [row] = await server.db.query<{ id: string }>('SELECT id FROM panels WHERE code = $1', [bare.code]);
    await expect(enqueueTaxInvoice(server.db, row!.id, sale())).rejects.toBeInstanceOf(NotConfigured);

    const stranger = await configuredPanel();
    const { privateKey } = newKeyPair();
    const other = selfSignedCertificate(
      privateKey,
      { commonName: 'Someone Else', nationalId: '10101234567' },
      new Date(server.clock.now()),
    );
    await stranger.caller.call({ method: 'PUT', path: taxSystemEndpoints.settings }, { body: { privateKey, certificate: other } });
    await enqueueTaxInvoice(server.db, stranger.id, sale());
    expect(await run()).toMatchObject({ failed: 1, sent: 0 });
    expect((await queue(stranger))[0]).toMatchObject({ status: 'waiting' });
  });
});

describe('the panel’s keys', () => {
  it('are never answered by any call, and are kept sealed in the database', async () => {
    const panel = await configuredPanel();
    const body = panel.privateKey.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
    const settings = await panel.caller.call<TaxSettingsView>({ method: 'GET', path: taxSystemEndpoints.settings });
    expect(settings.body.data).toMatchObject({
      memoryId: panel.memoryId,
      hasPrivateKey: true,
      certificate: { subject: expect.stringContaining('CN=Moadi Shop') },
    });
    const [stored] = await server.db.query<{ private_key: string }>(
      'SELECT private_key FROM market_accounting_tax_settings WHERE panel_id = $1',
      [panel.id],
    );
    expect(stored!.private_key.startsWith('v1.')).toBe(true);
    await enqueueTaxInvoice(server.db, panel.id, sale());
    await run();
    for (const answer of [
      settings,
      await panel.caller.call({ method: 'GET', path: taxSystemEndpoints.queue }),
      await panel.caller.call(syncEndpoints.pull),
    ]) {
      expect(answer.status).toBe(200);
      const text = JSON.stringify(answer.body);
      expect(text).not.toContain('PRIVATE KEY');
      expect(text).not.toContain(body.slice(40, 100));
      expect(text).not.toContain(stored!.private_key);
    }
  });

  it('makes a key pair on the server and answers its certificate request, and only a settings manager reaches the settings', async () => {
    const panel = await configuredPanel();
    const made = await panel.caller.call<TaxSettingsView>(
      { method: 'POST', path: taxSystemEndpoints.keyPair },
      { body: { commonName: 'Moadi Shop', nationalId: '10101234567', organization: 'Non-Governmental' } },
    );
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({
      hasPrivateKey: true,
      certificate: null,
      certificateRequest: expect.stringContaining('BEGIN CERTIFICATE REQUEST'),
    });
    expect(JSON.stringify(made.body)).not.toContain('PRIVATE KEY');

    const bad = await panel.caller.call({ method: 'PUT', path: taxSystemEndpoints.settings }, { body: { memoryId: 'toolong!' } });
    expect(bad.status).toBe(400);

    const { caller: clerk } = await newMember(server, panel.caller, [permission(Account, 'read')]);
    expect((await clerk.call({ method: 'GET', path: taxSystemEndpoints.settings })).status).toBe(403);
    expect((await clerk.call({ method: 'GET', path: taxSystemEndpoints.queue })).status).toBe(403);
    const { caller: reader } = await newMember(server, panel.caller, [permission(Settings, 'read')]);
    expect((await reader.call({ method: 'GET', path: taxSystemEndpoints.queue })).status).toBe(200);
    expect((await reader.call({ method: 'GET', path: taxSystemEndpoints.settings })).status).toBe(403);
  });
});

describe('an invoice of decision 043 as the tax system’s input', () => {
  const invoice: InvoiceForTax = {
    id: 'inv-1',
    kind: 'sale',
    date: '2026-11-22',
    cashAmount: '500000',
    cardAmount: '100000',
    lines: [{ description: 'دفتر', code: '2720000114542', unit: null, quantity: '2', unitPrice: '300000', vatRate: '10' }],
  };
  const figures = { lines: [{ discount: 20_000n, duty: 0n }] };

  it('is an original for a sale (a walk-in customer makes a type-2 invoice), a return referencing the sale, and a cancellation referencing itself', () => {
    const original = taxInputOfInvoice(invoice, figures, null, 'submit')!;
    expect(original).toMatchObject({
      kind: 'original',
      buyer: null,
      paidNow: '600000',
      lines: [{ unitCode: '1627', discount: '20000', quantity: 2, vatRate: 10 }],
    });
    const built = systemInvoice(original, { economicCode: '10101234567' }, 'X', 1);
    expect(built.header).toMatchObject({
      inty: 2,
      tprdis: 600_000,
      tdis: 20_000,
      tadis: 580_000,
      tvam: 58_000,
      tbill: 638_000,
      setm: 3,
      cap: 600_000,
      insp: 38_000,
    });
    expect(
      taxInputOfInvoice({ ...invoice, kind: 'saleReturn' }, figures, { nationalId: '0012345678' }, 'submit', 'ORIGINAL'),
    ).toMatchObject({
      kind: 'return',
      referenceTaxId: 'ORIGINAL',
      buyer: { type: 1, nationalId: '0012345678' },
    });
    expect(taxInputOfInvoice({ ...invoice, taxId: 'MINE' }, figures, null, 'cancel')).toMatchObject({
      kind: 'cancellation',
      referenceTaxId: 'MINE',
    });
    expect(taxInputOfInvoice({ ...invoice, kind: 'purchase' }, figures, null, 'submit')).toBeNull();
  });
});

describe('an invoice submitted in a registered panel', () => {
  it('is queued in its submit and carries its tax id and the system’s answer; its cancel is queued as a cancellation of it', async () => {
    const panel = await configuredPanel();
    const bank = await createRow(panel.caller, BankAccount, { bank: 'ملت', accountNumber: '123456' });
    const doc = await createRow(panel.caller, Invoice, {
      kind: 'sale',
      date: new Date(server.clock.now()).toISOString().slice(0, 10),
      cardAmount: 1_100_000,
      bankAccountId: bank.id,
      lines: [{ id: randomUUID(), description: 'نصب', quantity: '1', unitPrice: 1_000_000 }],
    });
    expect((await step(panel.caller, Invoice, doc.id, 'submit')).status).toBe(200);
    const invoice = async () => (await panel.caller.call<Row>(rest.get(Invoice, doc.id))).body.data!;
    const submitted = await invoice();
    expect(taxIdValid(String(submitted.taxId))).toBe(true);
    expect(submitted.taxStatus).toBe('waiting');
    expect(await queue(panel)).toEqual([
      expect.objectContaining({ sourceId: doc.id, kind: 'original', taxId: submitted.taxId, total: 1_100_000 }),
    ]);

    expect(await run()).toMatchObject({ sent: 1, accepted: 1 });
    expect(await invoice()).toMatchObject({ taxId: submitted.taxId, taxStatus: 'accepted' });

    expect((await step(panel.caller, Invoice, doc.id, 'cancel')).status).toBe(200);
    const cancellation = (await queue(panel)).find((item) => item.kind === 'cancellation');
    expect(cancellation).toMatchObject({ sourceId: doc.id, status: 'waiting' });
    expect(standIn.received.get(cancellation!.taxId) ?? 0).toBe(0);
    expect(await run()).toMatchObject({ sent: 1, accepted: 1 });
    expect((await invoice()).taxStatus).toBe('accepted');
  });

  it('amending a cancelled sale before its cancellation went out sends the amendment as the system’s correction of it; after, as an original', async () => {
    const panel = await configuredPanel();
    const bank = await createRow(panel.caller, BankAccount, { bank: 'ملت', accountNumber: '123456' });
    const today = new Date(server.clock.now()).toISOString().slice(0, 10);
    const saleOf = (price: number, amendedFrom?: string) =>
      createRow(panel.caller, Invoice, {
        kind: 'sale',
        date: today,
        cardAmount: price + price / 10,
        bankAccountId: bank.id,
        ...(amendedFrom ? { amendedFrom } : {}),
        lines: [{ id: randomUUID(), description: 'نصب', quantity: '1', unitPrice: price }],
      });
    const taxIdOf = async (id: string) => (await panel.caller.call<Row>(rest.get(Invoice, id))).body.data!.taxId as string;
    const rowsOf = (id: string) =>
      server.db.query<{ kind: string; status: string; irtaxid: string | null }>(
        `SELECT kind, status, invoice->'header'->>'irtaxid' AS irtaxid FROM market_accounting_tax_queue WHERE source_id = $1 ORDER BY created_at`,
        [id],
      );

    // Amended while its cancellation waits: one correction referencing it, no cancellation sent.
    const first = await saleOf(1_000_000);
    expect((await step(panel.caller, Invoice, first.id, 'submit')).status).toBe(200);
    expect(await run()).toMatchObject({ accepted: 1 });
    expect((await step(panel.caller, Invoice, first.id, 'cancel')).status).toBe(200);
    const amended = await saleOf(1_200_000, first.id);
    expect((await step(panel.caller, Invoice, amended.id, 'submit')).status).toBe(200);
    const firstTaxId = await taxIdOf(first.id);
    expect(await rowsOf(first.id)).toEqual([expect.objectContaining({ kind: 'original', status: 'accepted' })]);
    expect(await rowsOf(amended.id)).toEqual([expect.objectContaining({ kind: 'correction', status: 'waiting', irtaxid: firstTaxId })]);
    expect(await run()).toMatchObject({ sent: 1, accepted: 1 });
    expect((await panel.caller.call<Row>(rest.get(Invoice, amended.id))).body.data!).toMatchObject({ taxStatus: 'accepted' });

    // Amended after its cancellation was sent: the system holds it cancelled; the amendment is an original.
    const second = await saleOf(500_000);
    expect((await step(panel.caller, Invoice, second.id, 'submit')).status).toBe(200);
    expect((await step(panel.caller, Invoice, second.id, 'cancel')).status).toBe(200);
    expect(await run()).toMatchObject({ accepted: 2 });
    const again = await saleOf(600_000, second.id);
    expect((await step(panel.caller, Invoice, again.id, 'submit')).status).toBe(200);
    expect((await rowsOf(second.id)).map((r) => r.kind)).toEqual(['original', 'cancellation']);
    expect(await rowsOf(again.id)).toEqual([expect.objectContaining({ kind: 'original', irtaxid: null })]);
    expect(await run()).toMatchObject({ accepted: 1 });
  });

  it('is not queued where the panel has no fiscal memory id', async () => {
    const caller = await openPanel(server, await server.createAccount(), 'فروشگاه بی‌کد', ['PanelManagement', 'MarketAccounting']);
    const bank = await createRow(caller, BankAccount, { bank: 'ملت', accountNumber: '123456' });
    const doc = await createRow(caller, Invoice, {
      kind: 'sale',
      date: '2026-11-22',
      cardAmount: 110_000,
      bankAccountId: bank.id,
      lines: [{ id: randomUUID(), description: 'نصب', quantity: '1', unitPrice: 100_000 }],
    });
    expect((await step(caller, Invoice, doc.id, 'submit')).status).toBe(200);
    expect((await caller.call<Row>(rest.get(Invoice, doc.id))).body.data!).toMatchObject({
      status: 'submitted',
      taxId: null,
      taxStatus: null,
    });
  });
});

describe('an invoice beyond what the tax system can carry', () => {
  it('is refused with 9401 naming its total in a registered panel, not answered 500, and nothing is queued', async () => {
    const panel = await configuredPanel();
    const customer = await createRow(panel.caller, Party, { name: 'علی رضایی' });
    const doc = await createRow(panel.caller, Invoice, {
      kind: 'sale',
      date: new Date(server.clock.now()).toISOString().slice(0, 10),
      partyId: customer.id,
      lines: [{ id: randomUUID(), description: 'نصب', quantity: '3', unitPrice: '3000000000000000001' }],
    });
    const answer = await step(panel.caller, Invoice, doc.id, 'submit');
    expect(answer.status).toBe(400);
    expect(answer.body.errorData).toMatchObject({ code: 9401 });
    expect(await queue(panel)).toEqual([]);
  });
});
