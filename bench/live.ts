/**
 * bench:live (issue 26, decision 039): N devices (default 200, `--devices`) hold the live stream
 * open, spread over two server processes on one PostgreSQL; one write a second (`--seconds`, 60),
 * alternating between the processes. Prints, over every (write, other device): the time from the
 * write's push to the signal reaching the device, and to the row being readable by its pull
 * (p50/p95/p99; measured from when the push was sent, so it includes the write itself); the
 * servers' memory per open stream; then one process is restarted and the bench waits for every
 * device on it to reconnect, printing the spread of reconnect times. Last, `--idle` more devices
 * (default 1,000) open the stream and do nothing: the servers' memory and CPU at rest over
 * `--rest` seconds (30), heartbeats included.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Role } from '../src/contract/entities/panelManagement.ts';
import { syncEndpoints, type PullResponse, type PushResponse } from '../src/contract/sync.ts';
import { cursorAtLeast, openLive, type LiveReader } from '../tests/server/liveStream.ts';
import { option, sized } from './benchArgs.ts';
import { accountWithPanel, call, machine, onPostgres, startServer, stop, type Running } from './serverProcess.ts';

const devices = Number(option('--devices') ?? sized(200, 4));
const seconds = Number(option('--seconds') ?? sized(60, 2));
const idle = Number(option('--idle') ?? sized(1000, 4));
const rest = Number(option('--rest') ?? sized(30, 1));

/** CPU seconds a process has used (user + system), from /proc. */
function cpuSeconds(pid: number | undefined): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of stat; after "pid (comm) " they are the 12th and 13th.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function rssMb(pid: number | undefined): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! : NaN;
};
const ms = (n: number) => `${n.toFixed(0)} ms`;

interface Device {
  server: number;
  reader: LiveReader;
  cursor: number;
}

async function run(databaseUrl: string): Promise<void> {
  const servers: Running[] = await Promise.all([startServer({ DATABASE_URL: databaseUrl }), startServer({ DATABASE_URL: databaseUrl })]);
  try {
    const url = servers[0]!.url;
    const { token, panel } = await accountWithPanel(url, 'بنچ زنده', ['PanelManagement']);

    const before = servers.map((s) => rssMb(s.child.pid));
    const list: Device[] = [];
    for (let i = 0; i < devices; i++) {
      const server = i % 2;
      const reader = await openLive(servers[server]!.url, token, panel.code);
      await reader.next((e) => e.event === 'cursor');
      list.push({ server, reader, cursor: 0 });
    }
    const after = servers.map((s) => rssMb(s.child.pid));
    const perStreamKb = ((after[0]! - before[0]! + after[1]! - before[1]!) * 1024) / devices;

    const toSignal: number[] = [];
    const toRow: number[] = [];
    let mutationId = 0;
    const clientId = randomUUID();
    for (let s = 0; s < seconds; s++) {
      const tick = performance.now();
      const id = randomUUID();
      const server = servers[s % 2]!;
      const sent = performance.now();
      const pushed = await call<PushResponse>(
        server.url,
        syncEndpoints.push,
        {
          clientId,
          mutations: [{ mutationId: ++mutationId, entity: Role.key, op: 'create', id, values: { name: `نقش ${s}`, permissions: [] } }],
        },
        token,
        panel.code,
      );
      if (pushed.results[0]?.status !== 'applied') throw new Error('the write was rejected');
      // Every device: the signal, then its pull until the row is there.
      await Promise.all(
        list.map(async (d) => {
          const top = await d.reader.next(cursorAtLeast(d.cursor + 1));
          toSignal.push(top.at - sent);
          const target = (top.data as { cursor: number }).cursor;
          for (;;) {
            const page = await call<PullResponse>(
              servers[d.server]!.url,
              { method: 'GET', path: `${syncEndpoints.pull.path}?cursor=${d.cursor}&limit=500` },
              undefined,
              token,
              panel.code,
            );
            d.cursor = page.cursor;
            if (page.changes.some((c) => c.row.id === id) || page.cursor >= target) break;
          }
          toRow.push(performance.now() - sent);
        }),
      );
      const spent = performance.now() - tick;
      if (spent < 1000) await new Promise((r) => setTimeout(r, 1000 - spent));
    }

    // Restart the second process: its devices' streams end ('stopping'); they reconnect with jitter.
    const onSecond = list.filter((d) => d.server === 1);
    const stopped = performance.now();
    const ended = Promise.all(onSecond.map((d) => d.reader.ended));
    await stop(servers[1]!);
    await ended;
    servers[1] = await startServer({ DATABASE_URL: databaseUrl });
    const restartedAt = performance.now();
    // As the client does: wait a jittered backoff (0.5–1 s), then open again.
    const reconnects = await Promise.all(
      onSecond.map(async (d) => {
        await new Promise((r) => setTimeout(r, 500 + Math.random() * 500));
        d.reader = await openLive(servers[1]!.url, token, panel.code);
        await d.reader.next((e) => e.event === 'cursor');
        return performance.now() - restartedAt;
      }),
    );

    console.log(`bench:live — ${devices} devices over 2 processes (PostgreSQL), ${seconds} writes, ${machine()}`);
    console.log(`  push → signal at each device: p50 ${ms(pct(toSignal, 50))}, p95 ${ms(pct(toSignal, 95))}, p99 ${ms(pct(toSignal, 99))}`);
    console.log(`  push → row readable (pull):   p50 ${ms(pct(toRow, 50))}, p95 ${ms(pct(toRow, 95))}, p99 ${ms(pct(toRow, 99))}`);
    console.log(
      `  server memory per open stream: ${perStreamKb.toFixed(0)} KB (RSS before ${before.map((m) => m.toFixed(0)).join('+')} MB, after ${after.map((m) => m.toFixed(0)).join('+')} MB)`,
    );
    console.log(
      `  restart of one process (${((restartedAt - stopped) / 1000).toFixed(1)} s down): ${reconnects.length}/${onSecond.length} reconnected, after the restart min ${ms(Math.min(...reconnects))}, p50 ${ms(pct(reconnects, 50))}, max ${ms(Math.max(...reconnects))}`,
    );

    // At rest: the active devices stay, `idle` more open the stream and nothing is written.
    const idleBefore = servers.map((s) => rssMb(s.child.pid));
    const idlers: LiveReader[] = [];
    for (let i = 0; i < idle; i++) {
      const reader = await openLive(servers[i % 2]!.url, token, panel.code);
      await reader.next((e) => e.event === 'cursor');
      idlers.push(reader);
    }
    await new Promise((r) => setTimeout(r, 2000));
    const idleAfter = servers.map((s) => rssMb(s.child.pid));
    const cpuFrom = servers.map((s) => cpuSeconds(s.child.pid));
    const restFrom = performance.now();
    await new Promise((r) => setTimeout(r, rest * 1000));
    const restFor = (performance.now() - restFrom) / 1000;
    const cpu = servers.map((s, i) => ((cpuSeconds(s.child.pid) - cpuFrom[i]!) / restFor) * 100);
    const open = idle + devices;
    console.log(
      `  at rest, ${open} open streams (${idle} idle added): RSS ${idleAfter.map((m) => m.toFixed(0)).join('+')} MB (${(((idleAfter[0]! - idleBefore[0]! + idleAfter[1]! - idleBefore[1]!) * 1024) / Math.max(1, idle)).toFixed(0)} KB per idle stream), CPU ${cpu.map((c) => `${c.toFixed(1)} %`).join(' + ')} of a core over ${restFor.toFixed(0)} s`,
    );
    for (const reader of idlers) reader.close();
    for (const d of list) d.reader.close();
  } finally {
    await Promise.all(servers.map((s) => stop(s)));
  }
}

await onPostgres(run);
