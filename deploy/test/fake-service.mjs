// Stands in for a service in the stack test: the env contract, /health and /api/health.
import http from 'node:http';

const name = process.env.SERVICE_NAME;
for (const k of [
  'PORT',
  'HOST',
  'DATABASE_URL',
  'DB_SCHEMA',
  'NATS_URL',
  'SMTP_URL',
  'SESSION_SECRET',
  'HEALTH_PEERS',
]) {
  if (!process.env[k]) {
    console.error(`missing ${k}`);
    process.exit(2);
  }
}
const peers = Object.fromEntries(process.env.HEALTH_PEERS.split(',').map((p) => p.split('=')));
if (name === 'identity') console.log('Demo admin: demo@example.org / demo-password');

http
  .createServer(async (req, res) => {
    const json = (status, body) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.url === '/health') return json(200, { ok: true });
    if (req.url === '/api/health') {
      const services = {};
      await Promise.all(
        Object.entries(peers).map(async ([peer, url]) => {
          try {
            const r = await fetch(`${url}/health`, { signal: AbortSignal.timeout(1000) });
            services[peer] = r.ok ? 'ok' : 'down';
          } catch {
            services[peer] = 'down';
          }
        }),
      );
      const ok = Object.values(services).every((s) => s === 'ok');
      return json(ok ? 200 : 503, { ok, service: name, version: '0', services });
    }
    return json(200, {
      service: name,
      url: req.url,
      database: process.env.DATABASE_URL,
      port: process.env.PORT,
      streamReplicas: process.env.STREAM_REPLICAS,
      natsUrl: process.env.NATS_URL,
    });
  })
  .listen(Number(process.env.PORT), process.env.HOST, () => {
    console.log(JSON.stringify({ level: 30, msg: `${name} listening` }));
  });
