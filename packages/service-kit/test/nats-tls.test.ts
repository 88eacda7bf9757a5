// R-NATS-ROUTES: NATS in Kubernetes takes TLS connections only, with a certificate of the
// cluster's own CA. A service given that CA in NATS_TLS_CA connects over TLS to a real
// nats-server that requires it, and checks its certificate: a server whose certificate another
// CA signed is not trusted.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connect } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, spawnManaged, waitForTcp, which, type Managed } from '@nsa/local-infra';
import { baseConfigSchema, loadConfig } from '../src/config.js';
import { createLogger } from '../src/logger.js';
import { connectNats, type NatsConnection } from '../src/nats.js';

const logger = createLogger('nats-tls-test', 'silent');
let dir: string;
let proc: Managed;
let url: string;
const open: NatsConnection[] = [];

const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });

/** A CA (`<name>-ca.crt`) and a certificate for 127.0.0.1 it signed (`<name>.crt/.key`). */
function makeCerts(name: string): void {
  openssl(
    ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'],
    ...['-keyout', `${name}-ca.key`, '-out', `${name}-ca.crt`, '-days', '1'],
    ...['-subj', `/CN=${name} CA`],
  );
  openssl(
    ...['req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'],
    ...['-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', '/CN=nats'],
  );
  fs.writeFileSync(path.join(dir, `${name}.ext`), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  openssl(
    ...['x509', '-req', '-in', `${name}.csr`, '-CA', `${name}-ca.crt`, '-CAkey', `${name}-ca.key`],
    ...['-CAcreateserial', '-out', `${name}.crt`, '-days', '1', '-extfile', `${name}.ext`],
  );
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nats-tls-'));
  makeCerts('cluster');
  makeCerts('other');
  const port = await freePort();
  const conf = path.join(dir, 'nats.conf');
  fs.writeFileSync(
    conf,
    [
      `listen: "127.0.0.1:${port}"`,
      'tls {',
      `  cert_file: ${JSON.stringify(path.join(dir, 'cluster.crt'))}`,
      `  key_file: ${JSON.stringify(path.join(dir, 'cluster.key'))}`,
      `  ca_file: ${JSON.stringify(path.join(dir, 'cluster-ca.crt'))}`,
      '}',
      '',
    ].join('\n'),
  );
  proc = spawnManaged('nats', which('nats-server')!, ['-c', conf], {
    logFile: path.join(dir, 'nats.log'),
  });
  await waitForTcp('127.0.0.1', port, { abort: proc.exited });
  url = `nats://127.0.0.1:${port}`;
});

afterAll(async () => {
  await Promise.all(open.map((nc) => nc.close().catch(() => undefined)));
  await proc?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('a service on a NATS that requires TLS (R-NATS-ROUTES)', () => {
  it('connects over TLS when NATS_TLS_CA names the CA of the server certificate', async () => {
    const config = loadConfig(baseConfigSchema, {
      SERVICE_NAME: 'catalog',
      DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db',
      DB_SCHEMA: 'catalog',
      NATS_URL: url,
      NATS_TLS_CA: path.join(dir, 'cluster-ca.crt'),
      SESSION_SECRET: 'x'.repeat(32),
    });
    // As service.ts connects; without TLS it would keep retrying, so give it 4 s.
    const nc = await Promise.race([
      connectNats(config.NATS_URL, 'svc-catalog', logger, { tlsCaFile: config.NATS_TLS_CA }),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('no connection within 4 s')), 4_000),
      ),
    ]);
    open.push(nc);
    expect(nc.info?.tls_required).toBe(true);
    const sub = nc.subscribe('catalog.probe', { max: 1 });
    nc.publish('catalog.probe', 'over tls');
    for await (const m of sub) expect(m.string()).toBe('over tls');
  });

  it('does not trust a server whose certificate another CA signed', async () => {
    await expect(
      connect({
        servers: url,
        tls: { caFile: path.join(dir, 'other-ca.crt') },
        reconnect: false,
        timeout: 5000,
      }),
    ).rejects.toThrow(/certificate|self.signed|verify/i);
  });
});
