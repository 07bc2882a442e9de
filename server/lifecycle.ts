/**
 * How a server process stops (SIGTERM from a container runtime or systemd, SIGINT from a
 * terminal): it stops accepting connections, lets the requests in flight finish — a sync push
 * commits or rolls back whole inside its transaction, never half — closes the idle keep-alive
 * connections, closes the database (PGlite shuts its engine down, which writes everything to its
 * data folder), and exits 0. Nothing in the server holds a connection open for long (no SSE, no
 * WebSocket; sync is request and answer), so "in flight" is bounded by the slowest request.
 *
 * Should that take longer than SHUTDOWN_TIMEOUT_MS, the remaining connections are cut, the
 * database is closed anyway (an unfinished transaction rolls back) and the exit code is 1. A
 * second signal during the stop exits at once with 130 (SIGINT) or 143 (SIGTERM).
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from './db/Db.ts';

export interface StopOptions {
  app: FastifyInstance;
  db: Db;
  timeoutMs: number;
  /** Runs first (e.g. clears the housekeeping timer). */
  before?: () => void;
  /** The process's exit, replaceable for a test. */
  exit?: (code: number) => never;
  log?: (line: string) => void;
  /** A process of a cluster (WORKERS > 1): it leaves SIGINT to its primary. */
  clusterWorker?: boolean;
}

/**
 * While the app closes, each answer says `Connection: close`, so the client's keep-alive
 * connection ends with the request that was in flight instead of holding the stop open.
 */
export function closeConnectionsWhenStopping(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) void reply.header('connection', 'close');
  });
}

const signalExitCode = (signal: NodeJS.Signals) => (signal === 'SIGINT' ? 130 : 143);

/** Stops gracefully: answers 0 when everything finished in time, 1 when something had to be cut. */
export async function stopGracefully(options: Omit<StopOptions, 'exit'>): Promise<number> {
  const { app, db, timeoutMs } = options;
  const log = options.log ?? ((line) => console.log(line));
  options.before?.();
  let timer: NodeJS.Timeout | undefined;
  const closed = app.close().then(() => 'closed' as const);
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), timeoutMs);
  });
  // Connections that go idle during the stop (a request finished on a keep-alive one) close too.
  const idle = setInterval(() => app.server.closeIdleConnections(), 100);
  const outcome = await Promise.race([closed, late]);
  clearTimeout(timer);
  clearInterval(idle);
  if (outcome === 'late') {
    log(`pishkhan: requests still running after ${timeoutMs} ms; cutting their connections`);
    app.server.closeAllConnections();
  }
  try {
    await db.close();
  } catch (error) {
    log(`pishkhan: closing the database failed: ${(error as Error).message}`);
    return 1;
  }
  return outcome === 'closed' ? 0 : 1;
}

/** Installs the handlers of SIGTERM and SIGINT: the first stops gracefully, a second exits at once. */
export function stopOnSignals(options: StopOptions): void {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const log = options.log ?? ((line) => console.log(line));
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      log(`pishkhan: ${signal} again; exiting now`);
      exit(signalExitCode(signal));
      return;
    }
    stopping = true;
    log(`pishkhan: ${signal}: stopping (no new connections; waiting up to ${options.timeoutMs} ms for requests in flight)`);
    void stopGracefully(options).then(
      (code) => {
        log(code === 0 ? 'pishkhan: stopped' : 'pishkhan: stopped, some requests cut');
        exit(code);
      },
      (error: unknown) => {
        log(`pishkhan: the stop failed: ${(error as Error).message}`);
        exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  // A process of a cluster stops when its primary says so (SIGTERM); a Ctrl-C in the terminal
  // reaches every process of the group, and the primary passes it on already.
  process.on('SIGINT', options.clusterWorker ? () => {} : onSignal);
}
