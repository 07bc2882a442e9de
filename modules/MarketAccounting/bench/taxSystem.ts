/**
 * 1,000 invoices sent to the tax system's local stand-in (issue 27's bench:invoices part; decision
 * 044): queued through `enqueueTaxInvoice` (timed: tax id, JSON, insert), then sent by the job's
 * runs in batches of 100 — each a token, the server's key, 100 JWS signed and JWE encrypted, one
 * POST, one inquiry — until every one is accepted. The stand-in verifies and decrypts every packet
 * in the same process, so its work is in the figure. Prints figures; throws when not every invoice
 * was accepted exactly once (then the figures would mean nothing).
 *
 *   npx tsx modules/MarketAccounting/bench/taxSystem.ts
 *   npx tsx modules/MarketAccounting/bench/taxSystem.ts --smoke    # 10 invoices
 */
import { randomUUID } from 'node:crypto';
import { sized } from '../../../bench/benchArgs.ts';
import { startTestServer } from '../../../tests/server/harness.ts';
import { openPanel } from '../../../tests/server/panelsFixture.ts';
import { taxSystemEndpoints } from '../rules/taxSystemEndpoints.ts';
import { newKeyPair, selfSignedCertificate } from '../server/taxSystem/pkcs10.ts';
import { runTaxSystem } from '../server/taxSystem/run.ts';
import { enqueueTaxInvoice } from '../server/taxSystem/store.ts';
import { startStandIn } from '../tests/taxSystemStandIn.ts';

const INVOICES = sized(1_000, 10);
const LINES = 3;

const [server, standIn] = await Promise.all([startTestServer(), startStandIn()]);
try {
  const panel = await openPanel(server, await server.createAccount(), 'بنچ مودیان', ['PanelManagement', 'MarketAccounting']);
  const [row] = await server.db.query<{ id: string }>('SELECT id FROM panels WHERE code = $1', [panel.code]);
  const { privateKey } = newKeyPair();
  const certificate = selfSignedCertificate(
    privateKey,
    { commonName: 'Bench Shop', nationalId: '10101234567' },
    new Date(server.clock.now()),
  );
  await panel.call(
    { method: 'PUT', path: taxSystemEndpoints.settings },
    { body: { memoryId: 'BENCH1', economicCode: '10101234567', privateKey, certificate } },
  );
  standIn.register('BENCH1', certificate);

  let started = performance.now();
  for (let i = 0; i < INVOICES; i++) {
    await enqueueTaxInvoice(server.db, row!.id, {
      sourceType: 'MarketAccounting/Invoice',
      // An invoice's id is a uuid: the job writes each answer onto the invoice of that id (none here).
      sourceId: randomUUID(),
      kind: 'original',
      issuedAt: new Date(server.clock.now()).toISOString(),
      buyer: null,
      lines: Array.from({ length: LINES }, (_, l) => ({
        productCode: '2720000114542',
        title: `کالای ${l + 1}`,
        unitCode: '1627',
        quantity: 1 + l,
        unitPrice: String(10_000 * (1 + ((i + l) % 97))),
        discount: '0',
        vatRate: 10,
      })),
      paidNow: '0',
    });
  }
  const queuedMs = performance.now() - started;

  started = performance.now();
  let runs = 0;
  let accepted = 0;
  while (accepted < INVOICES && runs < INVOICES) {
    const figures = await runTaxSystem(server.db, server.config.jwtSecret, new Date(server.clock.now()), {
      endpoints: { sandbox: standIn.url },
    });
    runs++;
    accepted += figures?.accepted ?? 0;
  }
  const sentMs = performance.now() - started;
  const once = [...standIn.received.values()].every((n) => n === 1);
  console.log(`tax system: ${INVOICES} invoices of ${LINES} lines`);
  console.log(`  queued (tax id, JSON, insert): ${queuedMs.toFixed(0)} ms (${(queuedMs / INVOICES).toFixed(2)} ms each)`);
  console.log(
    `  sent and accepted in ${runs} runs: ${sentMs.toFixed(0)} ms (${(sentMs / INVOICES).toFixed(2)} ms each, stand-in's verifying and decrypting included)`,
  );
  console.log(`  accepted ${accepted} of ${INVOICES}; every tax id received once: ${once}`);
  // A figure of invoices that never got through would mean nothing: say so loudly.
  if (accepted < INVOICES || !once) throw new Error(`only ${accepted} of ${INVOICES} invoices accepted, or one received twice`);
} finally {
  await Promise.all([server.close(), standIn.close()]);
}
