// R-NATS-USERS: nats-server reads its users' passwords from its environment ($X_NATS_PASSWORD in
// deploy/k8s/base/nats.yaml and the one-machine nats.conf) as configuration text, so a password
// beginning with a digit is read as a number and the node refuses its configuration (or takes
// another password). Every password the product makes or asks for begins with a letter:
// make-secrets.mjs's, the recipe of .env.example and docs/deploy.md; and
// deploy/compose/configure.mjs refuses an .env whose NATS password nats-server would misread.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@nsa/local-infra';
import { afterAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const compose = path.join(repoRoot, 'deploy', 'compose');
const natsBin = ['/usr/sbin/nats-server', '/usr/bin/nats-server'].find((b) => fs.existsSync(b));
const SERVICES = ['catalog', 'registrations', 'identity', 'notify'];

const temps: string[] = [];
const running: ChildProcess[] = [];
afterAll(() => {
  for (const p of running) if (p.exitCode === null) p.kill('SIGKILL');
  for (const d of temps) fs.rmSync(d, { recursive: true, force: true });
});
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'nats-passwords-'));
  temps.push(d);
  return d;
};

/** Runs configure.mjs on .env.example with these values; answers its exit and output. */
function configure(values: Record<string, string>) {
  const dir = tempDir();
  const example = fs.readFileSync(path.join(compose, '.env.example'), 'utf8');
  const env = example.replace(/^([A-Z][A-Z0-9_]*)=.*$/gm, (line, name: string) =>
    name in values ? `${name}=${values[name]}` : line,
  );
  fs.writeFileSync(path.join(dir, '.env'), env, { mode: 0o600 });
  const r = spawnSync(
    process.execPath,
    [path.join(compose, 'configure.mjs'), '--env-file', path.join(dir, '.env'), '--out', dir],
    { encoding: 'utf8' },
  );
  return { status: r.status, out: `${r.stdout}${r.stderr}`, dir };
}

/** As .env.example's recipe makes one: `echo "n$(openssl rand -hex 32)"`. */
const recipe = () => {
  const r = spawnSync('openssl', ['rand', '-hex', '32'], { encoding: 'utf8' });
  expect(r.status).toBe(0);
  return `n${r.stdout.trim()}`;
};

/** Sends CONNECT as `user` and PING; answers the server's first answer after the INFO line. */
function login(port: number, user: string, pass: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const s = net.connect(port, '127.0.0.1');
    let text = '';
    s.setTimeout(5000, () => (s.destroy(), reject(new Error(`no answer: ${text}`))));
    s.on('data', (c: Buffer) => {
      text += c.toString();
      if (text.startsWith('INFO') && !text.includes('CONNECT_SENT')) {
        text += 'CONNECT_SENT';
        s.write(`CONNECT ${JSON.stringify({ user, pass, verbose: false })}\r\nPING\r\n`);
      }
      const m = /CONNECT_SENT[\s\S]*?(PONG|-ERR[^\r\n]*)/.exec(text);
      if (m) {
        s.destroy();
        resolve(m[1]!);
      }
    });
    s.on('error', reject);
  });
}

describe('NATS passwords', () => {
  it.skipIf(!natsBin)(
    'a password beginning with a digit makes nats-server refuse the configuration (why the rule is there)',
    () => {
      const dir = tempDir();
      const file = path.join(dir, 'n.conf');
      fs.writeFileSync(
        file,
        'port: 4222\nauthorization { users: [ {user: "a", password: $P} ] }\n',
      );
      const t = (P: string) =>
        spawnSync(natsBin!, ['-t', '-c', file], { encoding: 'utf8', env: { ...process.env, P } });
      // 1e5… (hex can begin so) is read as a float; 12345 as an integer, not a password.
      expect(t('1e5a0b9c').status).not.toBe(0);
      expect(t('12345678').status).not.toBe(0);
      expect(t(recipe()).status).toBe(0);
    },
  );

  it('configure.mjs refuses an .env whose NATS password nats-server would misread, naming it, and writes nothing', () => {
    const good = Object.fromEntries(
      SERVICES.map((s) => [`${s.toUpperCase()}_NATS_PASSWORD`, recipe()]),
    );
    const r = configure({ ...good, IDENTITY_NATS_PASSWORD: '1e5a0b9c7d6e5f4a3b2c1d0e9f8a7b6c' });
    expect(r.status).toBe(1);
    expect(r.out).toContain('IDENTITY_NATS_PASSWORD: not usable by nats-server');
    expect(r.out).not.toContain('CATALOG_NATS_PASSWORD');
    expect(fs.existsSync(path.join(r.dir, 'nats.conf'))).toBe(false);
    // The example's placeholder is refused as well.
    const placeholder = configure({ ...good, NOTIFY_NATS_PASSWORD: 'change-me' });
    expect(placeholder.status).toBe(1);
    expect(placeholder.out).toContain('NOTIFY_NATS_PASSWORD');
  });

  it.skipIf(!natsBin)(
    "admits each service with the recipe's password and make-secrets.mjs's, through the nats.conf configure.mjs writes",
    async () => {
      const values = Object.fromEntries(
        SERVICES.map((s) => [`${s.toUpperCase()}_NATS_PASSWORD`, recipe()]),
      );
      // make-secrets.mjs's values (letter, then base64url with - and _), from a copy of it.
      const made = tempDir();
      fs.copyFileSync(
        path.join(repoRoot, 'deploy/k8s/overlays/local/make-secrets.mjs'),
        path.join(made, 'make-secrets.mjs'),
      );
      const m = spawnSync(process.execPath, [path.join(made, 'make-secrets.mjs')], {
        encoding: 'utf8',
      });
      expect(m.status, m.stderr).toBe(0);
      const secrets = fs.readFileSync(path.join(made, 'secrets.env'), 'utf8');
      const fromSecrets = /^NOTIFY_NATS_PASSWORD=(.*)$/m.exec(secrets)![1]!;
      expect(fromSecrets).toMatch(/^[A-Za-z][A-Za-z0-9_-]+$/);
      values.NOTIFY_NATS_PASSWORD = fromSecrets;

      const r = configure(values);
      expect(r.status, r.out).toBe(0);
      const port = await freePort();
      const conf = fs
        .readFileSync(path.join(r.dir, 'nats.conf'), 'utf8')
        .replace(/^port: \d+$/m, `port: ${port}`)
        .replace(/^http: .*$/m, '')
        .replace(/^pid_file: .*$/m, '')
        .replace('store_dir: /data', `store_dir: ${r.dir}/js`);
      fs.writeFileSync(path.join(r.dir, 'nats.conf'), conf);
      const server = spawn(natsBin!, ['-c', path.join(r.dir, 'nats.conf')], {
        env: { ...process.env, ...values },
        stdio: 'ignore',
      });
      running.push(server);
      const deadline = Date.now() + 10_000;
      for (;;) {
        const ok = await login(port, 'catalog', values.CATALOG_NATS_PASSWORD!).catch(() => '');
        if (ok || Date.now() > deadline) break;
        await new Promise((res) => setTimeout(res, 100));
      }
      for (const s of SERVICES)
        expect(await login(port, s, values[`${s.toUpperCase()}_NATS_PASSWORD`]!), s).toBe('PONG');
      // The whole password is read: a prefix of it is not enough.
      expect(await login(port, 'notify', fromSecrets.slice(0, -1))).toMatch(/^-ERR/);
    },
  );
});
