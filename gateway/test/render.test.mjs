import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { API_ROUTES, renderGatewayConfig } from '../render.mjs';
import { cleanupDirs, nginxTest, options, tempDir } from './helpers.mjs';

afterAll(cleanupDirs);

/** The body of `location <match> { ... }`. */
function location(conf, match) {
  const start = conf.indexOf(`location ${match} {`);
  if (start < 0) return undefined;
  return conf.slice(start, conf.indexOf('}', start) + 1);
}

describe('renderGatewayConfig', () => {
  it('routes every /api prefix to its service', () => {
    const conf = renderGatewayConfig(options(tempDir()));
    for (const [route, service] of API_ROUTES) {
      const match = route.startsWith('= ') ? route : `^~ ${route}`;
      expect(location(conf, match), route).toContain(`proxy_pass http://gw_${service};`);
    }
    expect(location(conf, '= /api/health')).toContain('proxy_pass http://gw_any;');
    expect(conf).toMatch(/upstream gw_any \{[^}]*18091[^}]*18092[^}]*18093[^}]*18094/);
    expect(location(conf, '= /api/health')).toContain('proxy_next_upstream error timeout;');
    expect(location(conf, '= /api/health')).not.toContain('http_503');
    expect(location(conf, '^~ /api/')).toContain('"code":"NOT_FOUND"');
    expect(conf).toContain('listen 127.0.0.1:18080;');
    expect(conf).not.toMatch(/\{\{\w+\}\}/);
  });

  it('keeps query strings out of the access log', () => {
    const conf = renderGatewayConfig(options(tempDir()));
    const format = conf.slice(conf.indexOf('log_format'), conf.indexOf('access_log'));
    expect(format).not.toMatch(/\$request_uri|\$request\b|\$args|\$query_string|\$http_referer/);
  });

  it('omits a rate limit whose variable is 0', () => {
    const on = renderGatewayConfig(options(tempDir()));
    expect(location(on, '^~ /api/auth/')).toContain('limit_req zone=gw_auth');
    expect(location(on, '= /api/registrations')).toContain('limit_req zone=gw_signup burst=120');
    expect(on).toContain('zone=gw_signup:10m rate=120r/m');
    expect(on).toMatch(/zone=gw_auth:10m rate=(\d+)r\/m/);
    expect(Number(/zone=gw_auth:10m rate=(\d+)r\/m/.exec(on)[1])).toBeGreaterThanOrEqual(120);

    const off = renderGatewayConfig(options(tempDir(), { signupRateLimit: 0, loginRateLimit: 0 }));
    expect(off).not.toContain('limit_req zone=');
    expect(off).not.toContain('limit_req_zone');
  });

  it('sends HSTS only for an https public URL', () => {
    const http = renderGatewayConfig(options(tempDir()));
    expect(http).toMatch(/map \$host \$gw_hsts \{\s*default "";/);
    const https = renderGatewayConfig(
      options(tempDir(), { publicBaseUrl: 'https://naschool.example' }),
    );
    expect(https).toContain('default "max-age=31536000; includeSubDomains";');
    expect(https).toContain('proxy_set_header X-Forwarded-Proto https;');
  });

  it('re-includes the security headers wherever a location adds its own header', () => {
    const conf = renderGatewayConfig(options(tempDir()));
    const blocks = conf.split(/\n\s*location /).slice(1);
    for (const block of blocks) {
      const body = block.slice(0, block.indexOf('}'));
      if (body.includes('add_header'))
        expect(body, block.split('\n')[0]).toContain('security-headers.conf');
    }
  });

  it('rejects bad options', () => {
    const dir = tempDir();
    expect(() => renderGatewayConfig(options(dir, { port: 0 }))).toThrow(/port/);
    const services = { ...options(dir).services, catalog: 'nope' };
    expect(() => renderGatewayConfig(options(dir, { services }))).toThrow(/services.catalog/);
    expect(() => renderGatewayConfig(options(dir, { dataDir: 'relative' }))).toThrow(/dataDir/);
  });

  it('passes nginx -t', () => {
    const dir = tempDir();
    for (const variant of [
      {},
      { signupRateLimit: 0, loginRateLimit: 0, publicBaseUrl: 'https://x.example' },
    ]) {
      const res = nginxTest(renderGatewayConfig(options(dir, variant)), path.join(dir, 'data'));
      expect(res.output).toContain('test is successful');
      expect(res.status).toBe(0);
    }
  });
});
