import net from 'node:net';

/** A TCP port on 127.0.0.1 that was free a moment ago (the OS picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
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
