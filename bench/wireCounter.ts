/**
 * A loopback TCP relay in front of a server that counts the bytes crossing it each way: what a
 * browser actually downloaded (headers, compressed bodies, everything), not what the files weigh.
 */
import { connect, createServer, type Socket } from 'node:net';

export interface WireCounter {
  /** The relay's address; point the browser here. */
  url: string;
  /** Bytes sent to the browser and received from it since the last `reset`. */
  bytes: () => { down: number; up: number };
  reset: () => void;
  close: () => Promise<void>;
}

export function wireCounter(target: string): Promise<WireCounter> {
  const { hostname, port } = new URL(target);
  let down = 0;
  let up = 0;
  const sockets = new Set<Socket>();
  const relay = createServer((client) => {
    const upstream = connect(Number(port), hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.on('data', (chunk: Buffer) => {
      up += chunk.length;
    });
    upstream.on('data', (chunk: Buffer) => {
      down += chunk.length;
    });
    client.pipe(upstream);
    upstream.pipe(client);
  });
  return new Promise((resolveRelay) =>
    relay.listen(0, '127.0.0.1', () => {
      const address = relay.address();
      resolveRelay({
        url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
        bytes: () => ({ down, up }),
        reset: () => {
          down = 0;
          up = 0;
        },
        close: () =>
          new Promise((done) => {
            for (const socket of sockets) socket.destroy();
            relay.close(() => done());
          }),
      });
    }),
  );
}
