/**
 * A fingerprint reader's log file (hr-attendance.md, Device): ZKTeco's attlog text or a CSV export,
 * read into punches. Pure, so it is tested alone and runs on the device (the import works offline).
 *
 * - attlog: one punch a line, tab- or space-separated: personnel code, `YYYY-MM-DD HH:MM:SS`, then
 *   the reader's columns, the second of which is the state (0 in, 1 out, 2 break out, 3 break in,
 *   4 overtime in, 5 overtime out).
 * - CSV (comma, semicolon or tab): a header naming the code, the date and time (one column or two)
 *   and optionally the direction; dates Gregorian or Jalali (a year before 1700 is Jalali), digits
 *   Latin or Persian.
 * Times are the reader's wall clock in Asia/Tehran. A line without a state takes the direction
 * alternately, in then out, through the person's punches of the day.
 */
import { jalaliMonthDays, tehranDay, tehranInstant } from './attendanceDay.ts';

export interface ReaderPunch {
  /** The line of the file it came from (1-based). */
  line: number;
  code: string;
  /** ISO instant. */
  at: string;
  direction: 'in' | 'out';
}

export interface ReaderProblem {
  line: number;
  text: string;
  reason: 'date' | 'code' | 'columns';
}

export interface ReaderLog {
  format: 'attlog' | 'csv';
  punches: ReaderPunch[];
  problems: ReaderProblem[];
}

/** A line read, its direction still open when the file gave none. */
type Read = Omit<ReaderPunch, 'direction'> & { direction: 'in' | 'out' | null };
type Lines = { punches: Read[]; problems: ReaderProblem[] };

const latinDigits = (s: string) =>
  s.replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x06f0)).replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660));

const stateDirection: Record<string, 'in' | 'out'> = { '0': 'in', '1': 'out', '2': 'out', '3': 'in', '4': 'in', '5': 'out' };

function directionWord(raw: string | undefined): 'in' | 'out' | null {
  const v = (raw ?? '').trim().toLowerCase();
  if (!v) return null;
  if (v in stateDirection) return stateDirection[v]!;
  if (/^(in|check ?in|c\/in|i|ورود|enter|entry)$/.test(v)) return 'in';
  if (/^(out|check ?out|c\/out|o|خروج|exit|leave)$/.test(v)) return 'out';
  return null;
}

/** A date (`2025-11-22`, `1404/09/01`, `22/11/2025`) and a time (`08:01`, `08:01:23`) as an instant, or null. */
export function readerInstant(date: string, time: string): string | null {
  const d = latinDigits(date.trim()).split(/[-/.]/).map(Number);
  const t = latinDigits(time.trim()).split(':').map(Number);
  if (d.length !== 3 || d.some((n) => !Number.isInteger(n)) || t.length < 2 || t.length > 3 || t.some((n) => !Number.isInteger(n)))
    return null;
  // Year first (2025-11-22, 1404/09/01) or last (22/11/2025).
  const [first, m, last] = d as [number, number, number];
  const [y, day] = last > 31 ? [last, first] : [first, last];
  const [hh, mm, ss = 0] = t as [number, number, number?];
  if (m < 1 || m > 12 || day < 1 || hh > 23 || mm > 59 || ss > 59) return null;
  let gregorian: string | undefined;
  if (y < 1700) {
    if (day > 31) return null;
    gregorian = jalaliMonthDays(y, m)[day - 1];
    if (!gregorian) return null;
  } else {
    gregorian = `${y}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    const check = new Date(`${gregorian}T12:00:00Z`);
    if (Number.isNaN(check.getTime()) || check.toISOString().slice(0, 10) !== gregorian) return null;
  }
  return new Date(tehranInstant(gregorian, hh * 60 + mm) + ss * 1000).toISOString();
}

const splitLine = (line: string, sep: string | RegExp) => line.split(sep).map((c) => c.trim().replace(/^"(.*)"$/, '$1'));

function attlog(lines: string[]): Lines {
  const out: Lines = { punches: [], problems: [] };
  lines.forEach((raw, i) => {
    const text = raw.trim();
    if (!text) return;
    const cols = text
      .split(/\t+|\s{2,}|\s(?=\d{4}-)/)
      .map((c) => c.trim())
      .filter(Boolean);
    // "code  date time  a  state ..." — the date and time may be one column or two.
    const [code, first, ...rest] = cols;
    if (!code || !first) return out.problems.push({ line: i + 1, text, reason: 'columns' });
    const [date, time, after] = first.includes(' ')
      ? [first.split(' ')[0]!, first.split(' ')[1]!, rest]
      : [first, rest[0] ?? '', rest.slice(1)];
    const at = readerInstant(date, time);
    if (!at) return out.problems.push({ line: i + 1, text, reason: 'date' });
    out.punches.push({ line: i + 1, code: latinDigits(code), at, direction: directionWord(after[1]) });
  });
  return out;
}

const header = {
  code: /^(code|personnel ?code|user ?id|id|no\.?|ac-no\.?|emp ?no|employee|کد|کد پرسنلی|شماره)$/i,
  dateTime: /^(date ?time|time ?stamp|datetime|تاریخ و ساعت|زمان)$/i,
  date: /^(date|تاریخ)$/i,
  time: /^(time|ساعت)$/i,
  direction: /^(direction|state|status|type|in\/out|نوع|وضعیت|ورود\/خروج)$/i,
};

function csv(lines: string[]): Lines {
  const out: Lines = { punches: [], problems: [] };
  const first = lines.findIndex((l) => l.trim());
  if (first < 0) return out;
  const sep = [';', '\t', ','].map((s) => [s, lines[first]!.split(s).length] as const).sort((a, b) => b[1] - a[1])[0]![0];
  const names = splitLine(lines[first]!.replace(/^\uFEFF/, ''), sep);
  const find = (re: RegExp) => names.findIndex((n) => re.test(n));
  const col = {
    code: find(header.code),
    dateTime: find(header.dateTime),
    date: find(header.date),
    time: find(header.time),
    direction: find(header.direction),
  };
  const hasHeader = col.code >= 0 && (col.dateTime >= 0 || (col.date >= 0 && col.time >= 0));
  // Without a header: code, date, time[, direction] (or code, "date time"[, direction]).
  const at = hasHeader ? col : { code: 0, dateTime: -1, date: 1, time: 2, direction: 3 };
  lines.forEach((raw, i) => {
    if (i < first || (hasHeader && i === first) || !raw.trim()) return;
    const text = raw.trim();
    const cells = splitLine(text, sep);
    const code = latinDigits(cells[at.code] ?? '');
    if (!code) return out.problems.push({ line: i + 1, text, reason: 'code' });
    let date = '';
    let time = '';
    let dirCell = at.direction >= 0 ? cells[at.direction] : undefined;
    if (at.dateTime >= 0) [date = '', time = ''] = (cells[at.dateTime] ?? '').split(/\s+/);
    else if (!hasHeader && (cells[1] ?? '').trim().includes(' ')) {
      [date = '', time = ''] = (cells[1] ?? '').split(/\s+/);
      dirCell = cells[2];
    } else [date, time] = [cells[at.date] ?? '', cells[at.time] ?? ''];
    const instant = readerInstant(date, time);
    if (!instant) return out.problems.push({ line: i + 1, text, reason: 'date' });
    out.punches.push({ line: i + 1, code, at: instant, direction: directionWord(dirCell) });
  });
  return out;
}

/** Reads a log file's text; lines without a state take in and out in turn per person and day. */
export function parseReaderLog(text: string): ReaderLog {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const sample = lines.find((l) => l.trim()) ?? '';
  const isAttlog = /^\s*\S+\s+\d{4}-\d{2}-\d{2}[ T]\d{1,2}:\d{2}/.test(sample.replace(/\t/g, ' ')) && !/[,;]/.test(sample);
  const { punches, problems } = isAttlog ? attlog(lines) : csv(lines);
  return { format: isAttlog ? 'attlog' : 'csv', punches: alternate(punches), problems };
}

/** Each line's direction, the file's where it gave one, else in and out in turn per person and day. */
function alternate(read: Read[]): ReaderPunch[] {
  const turns = new Map<string, number>();
  const guessed = new Map<Read, 'in' | 'out'>();
  for (const p of [...read].sort((a, b) => a.at.localeCompare(b.at))) {
    const key = `${p.code}|${tehranDay(new Date(p.at))}`;
    const turn = turns.get(key) ?? 0;
    turns.set(key, turn + 1);
    if (!p.direction) guessed.set(p, turn % 2 === 0 ? 'in' : 'out');
  }
  return read.map((p) => ({ ...p, direction: p.direction ?? guessed.get(p)! }));
}

export interface ImportPlan {
  /** Punches to add, with the personnel they belong to. */
  add: (ReaderPunch & { personnelId: string })[];
  /** Already held (same person, same minute, same direction), or twice in the file. */
  duplicates: ReaderPunch[];
  /** Codes no personnel carries, with how many lines each. */
  unknown: { code: string; lines: number }[];
}

/** What importing `log` would do, given the personnel and the punches the device holds. */
export function planImport(
  log: ReaderLog,
  personnel: readonly { id: string; code?: unknown; deleted?: unknown }[],
  held: readonly Record<string, unknown>[],
): ImportPlan {
  // Readers drop a code's leading zeros and letters' case: "0012" on the record is 12 in the file.
  const key = (code: string) =>
    latinDigits(code)
      .trim()
      .toLowerCase()
      .replace(/^0+(?=.)/, '');
  const byCode = new Map<string, string>();
  for (const p of personnel) if (!p.deleted && p.code !== undefined && p.code !== null) byCode.set(key(String(p.code)), p.id);
  const minute = (iso: string) => Math.floor(new Date(iso).getTime() / 60_000);
  const seen = new Set(
    held
      .filter((h) => h.status !== 'void' && typeof h.at === 'string')
      .map((h) => `${String(h.personnelId)}|${minute(String(h.at))}|${String(h.direction)}`),
  );
  const plan: ImportPlan = { add: [], duplicates: [], unknown: [] };
  const unknown = new Map<string, number>();
  for (const p of log.punches) {
    const personnelId = byCode.get(key(p.code));
    if (!personnelId) {
      unknown.set(p.code, (unknown.get(p.code) ?? 0) + 1);
      continue;
    }
    const once = `${personnelId}|${minute(p.at)}|${p.direction}`;
    if (seen.has(once)) plan.duplicates.push(p);
    else {
      seen.add(once);
      plan.add.push({ ...p, personnelId });
    }
  }
  plan.unknown = [...unknown].map(([code, lines]) => ({ code, lines })).sort((a, b) => a.code.localeCompare(b.code));
  return plan;
}
