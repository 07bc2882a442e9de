/** Reading a fingerprint reader's log: ZKTeco attlog and CSV exports, Jalali dates, duplicates, unknown codes. */
import { describe, expect, it } from 'vitest';
import { parseReaderLog, planImport, readerInstant } from '../../rules/readerLog.ts';

describe('a reader log', () => {
  it('reads ZKTeco attlog lines with their state, in Tehran time', () => {
    const log = parseReaderLog('        7\t2025-11-22 08:01:23\t1\t0\t1\t0\n        7\t2025-11-22 16:05:00\t1\t1\t1\t0\n');
    expect(log.format).toBe('attlog');
    expect(log.punches).toEqual([
      { line: 1, code: '7', at: '2025-11-22T04:31:23.000Z', direction: 'in' },
      { line: 2, code: '7', at: '2025-11-22T12:35:00.000Z', direction: 'out' },
    ]);
    expect(log.problems).toEqual([]);
  });

  it('reads a CSV with a header, Jalali dates and Persian digits, and a semicolon separator', () => {
    const log = parseReaderLog('\uFEFFکد پرسنلی;تاریخ;ساعت;نوع\n۱۲;۱۴۰۴/۰۹/۰۱;۰۸:۰۰;ورود\n12;1404/09/01;16:30;خروج\n');
    expect(log.format).toBe('csv');
    // 1 Azar 1404 is 22 November 2025.
    expect(log.punches.map((p) => [p.code, p.at, p.direction])).toEqual([
      ['12', '2025-11-22T04:30:00.000Z', 'in'],
      ['12', '2025-11-22T13:00:00.000Z', 'out'],
    ]);
  });

  it('takes in and out in turn through a person’s day when the file gives no direction', () => {
    const log = parseReaderLog(
      'No.,DateTime\n5,2025-11-22 16:00\n5,2025-11-22 08:00\n5,2025-11-22 12:00\n5,2025-11-22 13:00\n6,2025-11-22 09:00\n',
    );
    expect(log.punches.map((p) => `${p.code} ${p.at.slice(11, 16)} ${p.direction}`)).toEqual([
      '5 12:30 out',
      '5 04:30 in',
      '5 08:30 out',
      '5 09:30 in',
      '6 05:30 in',
    ]);
  });

  it('lists the lines it cannot read instead of guessing', () => {
    const log = parseReaderLog('code,date,time\n3,2025-02-30,08:00\n,2025-11-22,08:00\n4,2025-11-22,25:00\n');
    expect(log.punches).toEqual([]);
    expect(log.problems.map((p) => [p.line, p.reason])).toEqual([
      [2, 'date'],
      [3, 'code'],
      [4, 'date'],
    ]);
  });

  it('refuses impossible dates in either calendar', () => {
    expect(readerInstant('1404/12/30', '08:00')).toBeNull(); // 1404 is not leap: Esfand has 29 days
    expect(readerInstant('1403/12/30', '08:00')).toBe('2025-03-20T04:30:00.000Z');
    expect(readerInstant('22/11/2025', '08:00:05')).toBe('2025-11-22T04:30:05.000Z');
  });
});

describe('an import plan', () => {
  const personnel = [
    { id: 'p-7', code: '7' },
    { id: 'p-12', code: '012' },
  ];

  it('skips what is held already and what the file says twice, and lists unknown codes', () => {
    const log = parseReaderLog(
      'code,datetime,state\n7,2025-11-22 08:01:10,0\n7,2025-11-22 08:01:40,0\n12,2025-11-22 08:05,0\n99,2025-11-22 08:00,0\n99,2025-11-22 16:00,1\n7,2025-11-22 16:00,1\n',
    );
    const held = [{ personnelId: 'p-7', at: '2025-11-22T12:30:00.000Z', direction: 'out', status: 'accepted' }];
    const plan = planImport(log, personnel, held);
    expect(plan.add.map((p) => [p.personnelId, p.at])).toEqual([
      ['p-7', '2025-11-22T04:31:10.000Z'],
      ['p-12', '2025-11-22T04:35:00.000Z'],
    ]);
    expect(plan.duplicates.map((p) => p.line)).toEqual([3, 7]);
    expect(plan.unknown).toEqual([{ code: '99', lines: 2 }]);
  });

  it('imports again over a void punch', () => {
    const log = parseReaderLog('code,datetime,state\n7,2025-11-22 16:00,1\n');
    const plan = planImport(log, personnel, [{ personnelId: 'p-7', at: '2025-11-22T12:30:00.000Z', direction: 'out', status: 'void' }]);
    expect(plan.add).toHaveLength(1);
  });
});
