/**
 * The audit log and the dashboard's feed name a row only to readers allowed to read it (issue 23,
 * finding 5; decision 020): a role holding only `Activity.read` learns what was done, by whom and
 * when, but not the customer's or the employee's name, by list, search, get, pull or the feed; an
 * agent sees the titles of their own customers' entries and not another agent's; the owner sees all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../../server/modules/discover.ts';
import { Activity } from '../../src/contract/entities/panelManagement.ts';
import { permission, type EntityListResponse, type Row } from '../../src/contract/entity.ts';
import { panelEndpoints, type ActivitySummary } from '../../src/contract/panels.ts';
import { Personnel } from '../../modules/HumanResource/entities/masterData.ts';
import { Customer } from '../../modules/NagemManagement/entities/customers.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { createRow, newMember, openPanel, rest, type PanelCaller } from './panelsFixture.ts';
import { pullAll, syncClient } from './syncFixture.ts';

let server: TestServer;
let owner: PanelCaller;
let auditor: PanelCaller;
let agentA: PanelCaller;
let agentB: PanelCaller;
let alborz: Row;
let baran: Row;
let employee: Row;

async function person(permissions: string[]): Promise<PanelCaller> {
  return (await newMember(server, owner, permissions)).caller;
}

async function log(caller: PanelCaller, query: Record<string, string> = {}): Promise<Row[]> {
  const answer = await caller.call<EntityListResponse>(rest.list(Activity), { query: { pageSize: '500', ...query } });
  expect(answer.status).toBe(200);
  return answer.body.data!.items;
}

const titleOf = (rows: readonly Row[], rowId: string) => rows.filter((r) => r.rowId === rowId).map((r) => r.rowTitle);

beforeAll(async () => {
  server = await startTestServer();
  owner = await openPanel(server, await server.createAccount(), 'دفتر ثبت', ['PanelManagement', 'NagemManagement', 'HumanResource']);
  const read = permission(Activity, 'read');
  auditor = await person([read]);
  const agent = [read, ...['read', 'create', 'update'].map((a) => permission(Customer, a))];
  agentA = await person(agent);
  agentB = await person(agent);
  alborz = await createRow(agentA, Customer, { kind: 'company', name: 'شرکت البرز', province: 'تهران' });
  baran = await createRow(agentB, Customer, { kind: 'person', name: 'Baran Karimi', province: 'فارس' });
  employee = await createRow(owner, Personnel, { firstName: 'مریم', lastName: 'کریمی', code: 'P-1', methods: ['phoneFence'] });
  await owner.call(panelEndpoints.updateDetails, { body: { name: 'دفتر ثبت مرکزی' } });
});
afterAll(async () => {
  await server.close();
});

describe('the audit log', () => {
  it('names no row to a reader with only Activity.read, but says what was done, by whom and when', async () => {
    const rows = await log(auditor);
    expect(titleOf(rows, baran.id)).toEqual([null]);
    expect(titleOf(rows, alborz.id)).toEqual([null]);
    expect(titleOf(rows, employee.id)).toEqual([null]);
    expect(rows.find((r) => r.rowId === baran.id)).toMatchObject({ action: 'create', entity: Customer.key });
    expect(rows.find((r) => r.rowId === baran.id)!.actorName).toBeTruthy();
    expect(rows.some((r) => 'members' in r)).toBe(false);
    // Panel settings are every log reader's to see.
    expect(rows.some((r) => r.entity === 'Panel/Details' && r.rowTitle === 'دفتر ثبت مرکزی')).toBe(true);
  });

  it('answers no search, filter or sort by a title the reader is not shown', async () => {
    expect(await log(auditor, { search: 'Baran' })).toEqual([]);
    expect(await log(auditor, { search: 'کریمی' })).toEqual([]);
    expect((await auditor.call(rest.list(Activity), { query: { 'filter.rowTitle': 'Baran Karimi' } })).status).toBe(400);
    expect((await auditor.call(rest.list(Activity), { query: { sort: 'rowTitle' } })).status).toBe(400);
    expect((await log(auditor, { search: 'ثبت مرکزی' })).length).toBe(1);
  });

  it('by get and pull alike', async () => {
    const entry = (await log(owner)).find((r) => r.rowId === baran.id)!;
    expect((await auditor.call<Row>(rest.get(Activity, entry.id))).body.data).toMatchObject({ rowTitle: null, rowId: baran.id });
    const { changes } = await pullAll(syncClient(auditor));
    const pulled = changes.filter((c) => c.entity === Activity.key && c.row.rowId === baran.id);
    expect(pulled.map((c) => c.row.rowTitle)).toEqual([null]);
    expect(pulled.some((c) => 'members' in c.row)).toBe(false);
  });

  it('names an agent’s own customers to them, not another agent’s', async () => {
    const rows = await log(agentA);
    expect(titleOf(rows, alborz.id)).toEqual(['شرکت البرز']);
    expect(titleOf(rows, baran.id)).toEqual([null]);
    expect(titleOf(rows, employee.id)).toEqual([null]);
    expect((await log(agentA, { search: 'البرز' })).map((r) => r.rowId)).toEqual([alborz.id]);
    expect(await log(agentA, { search: 'Baran' })).toEqual([]);
  });

  it('names every row to the owner', async () => {
    const rows = await log(owner);
    expect(titleOf(rows, baran.id)).toEqual(['Baran Karimi']);
    expect(titleOf(rows, employee.id)).toEqual(['مریم کریمی']);
    expect((await log(owner, { search: 'Baran' })).length).toBe(1);
  });
});

describe('the dashboard feed', () => {
  it('names only the rows the reader may read', async () => {
    const feed = async (caller: PanelCaller) =>
      (await caller.call<ActivitySummary>(panelEndpoints.activitySummary, { query: { recent: '50' } })).body.data!.recent;
    expect(titleOf(await feed(auditor), baran.id)).toEqual([null]);
    expect(titleOf(await feed(auditor), employee.id)).toEqual([null]);
    expect(titleOf(await feed(agentB), baran.id)).toEqual(['Baran Karimi']);
    expect(titleOf(await feed(agentB), alborz.id)).toEqual([null]);
    expect((await feed(auditor)).some((r) => 'members' in r)).toBe(false);
    expect(titleOf(await feed(owner), employee.id)).toEqual(['مریم کریمی']);
  });
});
