// R-SEC-LOGS for the static servers of the shell and the remotes (deploy/images/static):
// their own nginx configuration, run by a real nginx, serves page and remote paths that carry
// a school token or a ?token=, and its access log has a line for each with neither in it.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, waitForTcp } from '@nsa/local-infra';
import { nginxBinary } from '../local/infra.js';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const staticDir = path.join(repo, 'deploy/images/static');
const SCHOOL_TOKEN = '0123456789abcdef0123456789abcdef';
const LINK_TOKEN = 'Zm9vYmFyLXNlY3JldC1saW5rLXRva2Vu';

interface Server {
  base: string;
  log: string;
  proc: ChildProcess;
}

/** One image's site as the image has it, with the port, web root and log file of this test. */
async function serve(site: 'shell.conf' | 'mfe.conf'): Promise<Server> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'static-logs-'));
  const root = path.join(dir, 'html');
  fs.mkdirSync(path.join(root, 'mfe/public/1.0.0'), { recursive: true });
  fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>x</title>');
  fs.writeFileSync(path.join(root, 'mfe/public/1.0.0/remoteEntry.js'), '// remote');
  const port = await freePort();
  const log = path.join(dir, 'access.log');
  const siteText = fs
    .readFileSync(path.join(staticDir, site), 'utf8')
    .replace('listen 8080;', `listen 127.0.0.1:${port};`)
    .replace('root /usr/share/nginx/html;', `root ${root};`)
    .replace('access_log /dev/stdout static_json;', `access_log ${log} static_json;`);
  expect(siteText).toContain(`access_log ${log} static_json;`);
  const conf = path.join(dir, 'nginx.conf');
  // The stock nginx.conf of the image: its own access_log in the http block, conf.d included.
  fs.writeFileSync(
    conf,
    [
      'worker_processes 1;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      'events { worker_connections 64; }',
      'http {',
      `  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy;`,
      `  fastcgi_temp_path ${dir}/fcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;`,
      `  access_log ${dir}/stock.log;`,
      fs.readFileSync(path.join(staticDir, 'log.conf'), 'utf8'),
      siteText,
      '}',
    ].join('\n'),
  );
  const proc = spawn(nginxBinary(), ['-p', dir, '-c', conf, '-g', 'daemon off;'], {
    stdio: 'ignore',
  });
  await waitForTcp('127.0.0.1', port, { timeoutMs: 10_000 });
  return { base: `http://127.0.0.1:${port}`, log, proc };
}

const lines = (file: string) =>
  fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { path: string; status: number; method: string });

describe.each(['shell.conf', 'mfe.conf'] as const)('the %s static server', (site) => {
  let server: Server;
  beforeAll(async () => {
    server = await serve(site);
  });
  afterAll(() => {
    server?.proc.kill('SIGTERM');
  });

  it('logs every request with its path, never a school token or a ?token=', async () => {
    const paths = [
      `/schools/${SCHOOL_TOKEN}`,
      `/schools/${SCHOOL_TOKEN}/extra`,
      `/provider/12?token=${LINK_TOKEN}`,
      `/reset-password?token=${LINK_TOKEN}`,
      `/mfe/public/1.0.0/remoteEntry.js?token=${LINK_TOKEN}`,
    ];
    for (const p of paths) await (await fetch(`${server.base}${p}`)).arrayBuffer();
    // nginx writes the line after the answer; give it a moment.
    for (let i = 0; i < 50 && lines(server.log).length < paths.length; i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    const text = fs.readFileSync(server.log, 'utf8');
    expect(lines(server.log).map((l) => l.path)).toEqual([
      '/schools/[token]',
      '/schools/[token]/extra',
      '/provider/12',
      '/reset-password',
      '/mfe/public/1.0.0/remoteEntry.js',
    ]);
    expect(text).not.toContain(SCHOOL_TOKEN);
    expect(text).not.toContain(LINK_TOKEN);
    expect(text).not.toContain('token=');
  });
});
