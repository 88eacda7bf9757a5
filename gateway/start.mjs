// `npm -w gateway start`: the gateway on its own, configured from the environment the way
// the container is (render-container.mjs), with nginx in the foreground. Upstreams default
// to Kubernetes names; point them elsewhere with CATALOG_UPSTREAM=127.0.0.1:18091 and so on.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderGatewayConfig } from './render.mjs';
import { containerOptions } from './render-container.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'naschool-gateway-'));
const options = {
  ...containerOptions({ SNIPPETS_DIR: path.join(here, 'snippets'), ...process.env }),
  dataDir: dir,
  listen: process.env.GATEWAY_LISTEN || '127.0.0.1',
};
const conf = path.join(dir, 'nginx.conf');
fs.writeFileSync(conf, renderGatewayConfig(options));
const nginx = spawn(process.env.NGINX_BIN || 'nginx', ['-c', conf, '-p', dir, '-e', 'stderr'], {
  stdio: 'inherit',
});
console.log(`gateway: http://${options.listen}:${options.port}/ (config ${conf})`);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => nginx.kill('SIGQUIT'));
nginx.on('exit', (code) => {
  fs.rmSync(dir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
