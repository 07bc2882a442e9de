/**
 * Where a report is computed (decision 053): on the device while the period stays inside its window,
 * from the server beyond it (asked once, then kept a few minutes), and, with no connection or a
 * failing server, "needs a connection" — never the device's partial figures.
 */
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { JournalLine } from '../../modules/MarketAccounting/entities/ledger.ts';
import { Code } from '../../src/contract/codes.ts';
import {
  cachedReport,
  forgetReports,
  REPORT_ANSWER_MS,
  rememberReport,
  reportPlace,
  useReportSource,
} from '../../src/panel/reportSource.ts';
import { storeLogin } from '../../src/session/session.ts';
import { envelope, failure, fakeApi, type FakeApi } from './fakeApi.ts';

const held = vi.hoisted(() => ({ windowStart: '2026-03-21' as string | null | undefined }));
vi.mock('../../src/storage/syncWindow.ts', async (actual) => ({
  ...(await actual<Record<string, unknown>>()),
  useWindowStart: () => held.windowStart,
}));

const PATH = '/api/MarketAccounting/PartyStatement';
let api: FakeApi;

beforeEach(() => {
  api = fakeApi();
  storeLogin({ access_token: 'access-1', refresh_token: 'refresh-1' }, 'sara', 'password');
  held.windowStart = '2026-03-21';
  forgetReports();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const report = (from: string | null, device: { closing: number } | undefined) =>
  renderHook(() =>
    useReportSource({ entity: JournalLine, from, device, server: { path: PATH, query: { partyId: 'p1', from, to: '2026-11-27' } } }),
  );

describe('the side a report is computed on', () => {
  it('is the device within its window (or with no window), the server before it, and neither while the window is read', () => {
    expect(reportPlace('2026-04-01', '2026-03-21')).toBe('device');
    expect(reportPlace('2026-03-21', '2026-03-21')).toBe('device');
    expect(reportPlace('2026-03-20', '2026-03-21')).toBe('server');
    expect(reportPlace(null, '2026-03-21')).toBe('server');
    expect(reportPlace('2010-01-01', null)).toBe('device');
    expect(reportPlace('2026-04-01', undefined)).toBe('waiting');
  });

  it('keeps a server answer for a few minutes, then forgets it', () => {
    rememberReport('k', { closing: 1 }, 1_000);
    expect(cachedReport('k', 1_000 + REPORT_ANSWER_MS)).toEqual({ value: { closing: 1 }, at: 1_000 });
    expect(cachedReport('k', 1_001 + REPORT_ANSWER_MS)).toBeUndefined();
  });
});

describe('useReportSource', () => {
  it('within the window answers the device’s figures and asks the server nothing', () => {
    const { result } = report('2026-04-01', { closing: 5 });
    expect(result.current).toMatchObject({ where: 'device', value: { closing: 5 }, at: expect.any(Number) });
    expect(api.requests).toHaveLength(0);
  });

  it('before the window answers the server’s figures, not the device’s, and asks once for the same period', async () => {
    api.on('GET', PATH, () => envelope({ closing: 9 }));
    const first = report('2025-03-21', { closing: 5 });
    expect(first.result.current).toEqual({ where: 'waiting', server: true });
    await waitFor(() => expect(first.result.current).toMatchObject({ where: 'server', value: { closing: 9 } }));
    expect(api.requests[0]!.query.get('from')).toBe('2025-03-21');
    const again = report('2025-03-21', { closing: 5 });
    expect(again.result.current).toMatchObject({ where: 'server', value: { closing: 9 } });
    expect(api.requests).toHaveLength(1);
  });

  it('before the window with no connection says so, and shows no figures', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { result } = report('2025-03-21', { closing: 5 });
    expect(result.current).toEqual({ where: 'unreachable', windowStart: '2026-03-21' });
    expect(api.requests).toHaveLength(0);
  });

  it('before the window with a failing server says so with the error, and asks again when told', async () => {
    api.on('GET', PATH, failure(403, Code.InvalidOperation), () => envelope({ closing: 9 }));
    const { result } = report(null, { closing: 5 });
    await waitFor(() =>
      expect(result.current).toMatchObject({ where: 'unreachable', windowStart: '2026-03-21', error: expect.anything() }),
    );
    const failed = result.current;
    if (failed.where !== 'unreachable' || !failed.again) throw new Error('no way to ask again');
    act(() => failed.again!());
    await waitFor(() => expect(result.current).toMatchObject({ where: 'server', value: { closing: 9 } }));
    expect(api.requests).toHaveLength(2);
  });

  it('computes a kept server answer again when told, counting what was written since', async () => {
    let closing = 9;
    api.on('GET', PATH, () => envelope({ closing }));
    const { result } = report('2025-03-21', { closing: 5 });
    await waitFor(() => expect(result.current).toMatchObject({ where: 'server', value: { closing: 9 } }));
    closing = 12;
    const kept = result.current;
    if (kept.where !== 'server' || !kept.again) throw new Error('no way to compute again');
    act(() => kept.again!());
    await waitFor(() => expect(result.current).toMatchObject({ where: 'server', value: { closing: 12 } }));
    expect(api.requests).toHaveLength(2);
  });

  it('waits while the device’s window is still read', () => {
    held.windowStart = undefined;
    expect(report('2026-04-01', { closing: 5 }).result.current).toEqual({ where: 'waiting' });
  });
});
