import fs from 'node:fs';
import net from 'node:net';

/** Ports this process has handed out: none is handed out twice. */
const handedOut = new Set<number>();

/**
 * A TCP port on 127.0.0.1 that nothing listened on a moment ago and that this process has not
 * handed out before (two calls before either port is bound, as a PostgreSQL and a nats-server
 * started together, would otherwise get the same one now and then), below the kernel's ephemeral
 * range. A port the kernel hands out for `listen(0)` comes from the range it also takes the
 * source ports of outgoing connections from, so between this answer and the caller's bind
 * another process's connection (a route between NATS nodes that started a moment earlier) could
 * take it. Below the range only another `listen` can.
 */
export async function freePort(): Promise<number> {
  const [low, high] = [24_000, Math.min(ephemeralStart(), 32_768)];
  for (let attempt = 0; attempt < 50 && high > low; attempt++) {
    const port = low + Math.floor(Math.random() * (high - low));
    if (handedOut.has(port)) continue;
    if (await canListen(port)) {
      handedOut.add(port);
      return port;
    }
  }
  for (;;) {
    const port = await listenOnce(0);
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
}

function ephemeralStart(): number {
  try {
    const first = Number(
      fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').split(/\s+/)[0],
    );
    return Number.isInteger(first) && first > 1024 ? first : 32_768;
  } catch {
    return 32_768;
  }
}

async function canListen(port: number): Promise<boolean> {
  return listenOnce(port).then(
    () => true,
    () => false,
  );
}

function listenOnce(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('could not determine a free port'));
      });
    });
  });
}

/** Resolves once something accepts TCP connections on host:port. */
export async function waitForTcp(
  host: string,
  port: number,
  opts: { timeoutMs?: number; abort?: Promise<unknown> } = {},
): Promise<void> {
  const deadline = Date.now() + (opts.timeoutMs ?? 30_000);
  let aborted = false;
  void opts.abort?.then(() => {
    aborted = true;
  });
  for (;;) {
    if (aborted) throw new Error(`gave up waiting for ${host}:${port}: process exited`);
    if (await canConnect(host, port)) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${host}:${port}`);
    await sleep(100);
  }
}

export function canConnect(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
