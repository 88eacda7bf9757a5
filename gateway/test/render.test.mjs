import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { API_ROUTES, renderGatewayConfig } from '../render.mjs';
import { renderContainerConfig } from '../render-container.mjs';
import { cleanupDirs, nginxTest, options, tempDir } from './helpers.mjs';

afterAll(cleanupDirs);

/** The body of `location <match> { ... }`. */
function location(conf, match) {
  const start = conf.indexOf(`location ${match} {`);
  if (start < 0) return undefined;
  // Up to the first closing brace at the block's own indentation (a block may nest another).
  const indent = conf.slice(conf.lastIndexOf('\n', start) + 1, start);
  return conf.slice(start, conf.indexOf(`\n${indent}}`, start) + indent.length + 2);
}

describe('renderGatewayConfig', () => {
  it('routes every /api prefix to its service', () => {
    const conf = renderGatewayConfig(options(tempDir()));
    for (const [route, service] of API_ROUTES) {
      if (route.startsWith('~ ')) continue;
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

  it('nests a path another service answers inside the prefix it refines', () => {
    const conf = renderGatewayConfig(options(tempDir()));
    const start = conf.indexOf('location ^~ /api/admin/activities {');
    const block = conf.slice(start, conf.indexOf('\n        }', start));
    expect(block).toContain(
      'location ~ ^/api/admin/activities/[0-9]+/waitlist$ {\n                proxy_pass http://gw_registrations;',
    );
    expect(block.trimEnd().endsWith('proxy_pass http://gw_catalog;')).toBe(true);
  });

  it('keeps query strings out of the access log', () => {
    const conf = renderGatewayConfig(options(tempDir()));
    const format = conf.slice(conf.indexOf('log_format'), conf.indexOf('access_log'));
    expect(format).not.toMatch(/\$request_uri|\$request\b|\$args|\$query_string|\$http_referer/);
  });

  // R-RATE-GATEWAY: at or above 120 a minute, and off in nginx too when a limit is 0.
  it('omits a rate limit whose variable is 0', () => {
    const on = renderGatewayConfig(options(tempDir()));
    expect(location(on, '^~ /api/auth/')).toContain('limit_req zone=gw_auth');
    expect(location(on, '= /api/registrations')).toContain('limit_req zone=gw_signup burst=120');
    expect(on).toContain('zone=gw_signup:10m rate=120r/m');
    expect(on).toMatch(/zone=gw_auth:10m rate=(\d+)r\/m/);
    expect(Number(/zone=gw_auth:10m rate=(\d+)r\/m/.exec(on)[1])).toBeGreaterThanOrEqual(120);
    // The anonymous link paths, keyed requests included, per address like sign-ups.
    expect(location(on, '^~ /api/my-signup')).toContain('limit_req zone=gw_my_signup burst=30');
    expect(location(on, '^~ /.gw-keyed/api/my-signup')).toContain('limit_req zone=gw_my_signup');
    expect(location(on, '^~ /api/provider/')).toContain('limit_req zone=gw_provider burst=60');
    expect(on).toContain('limit_req_zone $binary_remote_addr zone=gw_my_signup:10m rate=120r/m');
    expect(on).toContain('limit_req_zone $binary_remote_addr zone=gw_provider:10m rate=120r/m');
    const busy = renderGatewayConfig(options(tempDir(), { signupRateLimit: 600 }));
    expect(busy).toContain('zone=gw_provider:10m rate=1200r/m');

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

  it('listens on another address and logs elsewhere when asked (containers)', () => {
    const conf = renderGatewayConfig(
      options(tempDir(), { listen: '0.0.0.0', accessLog: '/dev/stdout', errorLog: 'stderr' }),
    );
    expect(conf).toContain('listen 0.0.0.0:18080;');
    expect(conf).toContain('access_log /dev/stdout gateway_json;');
    expect(conf).toContain('error_log stderr crit;');
    expect(() => renderGatewayConfig(options(tempDir(), { listen: 'any; evil' }))).toThrow(
      /listen/,
    );
  });

  it('proxies the frontends to static servers instead of serving them from disk', () => {
    const conf = renderGatewayConfig(
      options(tempDir(), {
        staticRoots: undefined,
        staticUpstreams: {
          shell: 'shell:8080',
          mfe_public: 'mfe-public:8080',
          mfe_admin: 'mfe-admin:8080',
          mfe_provider: 'mfe-provider:8080',
        },
      }),
    );
    expect(conf).toMatch(/upstream gw_static_shell \{\s*server shell:8080;/);
    expect(location(conf, '/')).toContain('proxy_pass http://gw_static_shell;');
    expect(location(conf, '^~ /mfe/admin/')).toContain('proxy_pass http://gw_static_mfe_admin;');
    expect(conf).not.toContain('alias undefined');
    expect(conf).not.toMatch(/\{\{\w+\}\}/);
  });

  it('adds a versioned location per remote only with a releases root', () => {
    const without = renderGatewayConfig(options(tempDir()));
    expect(without).not.toContain('gw_mfe_version');
    const conf = renderGatewayConfig(options(tempDir(), { releasesRoot: '/srv/releases' }));
    for (const name of ['public', 'admin', 'provider']) {
      expect(conf).toContain(`alias /srv/releases/${name}/$gw_mfe_version/$gw_mfe_file;`);
    }
  });

  it('renders the container config from the environment, and nginx accepts it', () => {
    const dir = tempDir();
    const conf = renderContainerConfig({
      PUBLIC_BASE_URL: 'https://naschool.example',
      SIGNUP_RATE_LIMIT: '0',
      ...Object.fromEntries(
        [
          'CATALOG',
          'REGISTRATIONS',
          'IDENTITY',
          'NOTIFY',
          'SHELL',
          'MFE_PUBLIC',
          'MFE_ADMIN',
          'MFE_PROVIDER',
        ].map((n, i) => [`${n}_UPSTREAM`, `127.0.0.1:${18100 + i}`]),
      ),
      FRONTEND_CONFIG_DIR: path.join(dir, 'frontend'),
      SNIPPETS_DIR: path.resolve(import.meta.dirname, '../snippets'),
    });
    expect(conf).toContain('access_log /dev/stdout gateway_json;');
    const probe = conf.replace('/dev/stdout', path.join(dir, 'access.log'));
    expect(conf).toContain('listen 0.0.0.0:8080;');
    expect(conf).toContain('proxy_set_header X-Forwarded-Proto https;');
    expect(conf).not.toContain('limit_req zone=gw_signup');
    expect(conf).toContain('proxy_pass http://gw_static_shell;');
    // The test runner's stdout may be a socket, which /dev/stdout cannot open; a container's is a pipe.
    const res = nginxTest(probe, path.join(dir, 'data'));
    expect(res.output).toContain('test is successful');
    const defaults = renderContainerConfig({});
    expect(defaults).toMatch(/upstream gw_catalog \{\s*server catalog:8080;/);
    expect(defaults).toMatch(/upstream gw_static_mfe_public \{\s*server mfe-public:8080;/);
    expect(defaults).toContain('alias /etc/naschool/frontend/mfe-registry.json;');
  });

  // Server-side composition (docs/architecture.md).
  describe('the public pages first view', () => {
    const conf = renderGatewayConfig(options(tempDir(), { releasesRoot: '/srv/releases' }));
    const router = fs.readFileSync(
      fileURLToPath(new URL('../snippets/first-view.html', import.meta.url)),
      'utf8',
    );

    it('composes index.html with SSI, compressed after the includes, varying by cookie', () => {
      const page = location(conf, '/');
      expect(page).toContain('ssi on;');
      expect(page).toContain('try_files $uri /index.html;');
      // A precompressed index.html.gz would skip the includes.
      expect(page).toContain('gzip_static off;');
      expect(page).toContain('add_header Vary Cookie always;');
      expect(page).toContain('add_header Cache-Control $gw_cache_control always;');
      expect(page).toContain('security-headers.conf;');
      // Only the page location and the fragments are SSI-processed, not the static files.
      expect(location(conf, '^~ /mfe/public/')).not.toContain('ssi on');
      expect(conf.match(/\bssi on;/g)).toHaveLength(4);
    });

    it('picks the language from ?lng= or the nsa_lang cookie, only the six, Dutch by default', () => {
      const map = conf.slice(
        conf.indexOf('map "$gw_page_langs:$gw_page_lang_query:$cookie_nsa_lang"'),
      );
      const body = map.slice(0, map.indexOf('\n    }') + 1);
      // Each value is a language the pattern itself holds to the list (a capture of fixed words).
      const lines = [...body.matchAll(/^\s+"([^"]+)" (\S+);$/gm)];
      expect(lines.map((m) => m[2])).toEqual(['$gw_l', '$gw_l', '$gw_l', '$gw_l', 'en']);
      for (const [, pattern] of lines.slice(0, 4)) {
        expect(pattern).toMatch(/\(\?<gw_l>(nl\|en\|tr\|ar\|pl\|uk|nl\|en)\)/);
      }
      expect(body).toContain('default nl;');
      const query = conf.slice(conf.indexOf('map $request_uri $gw_page_lang_query {'));
      const values = [...query.slice(0, query.indexOf('}')).matchAll(/^\s+\S+ (\S+);$/gm)];
      expect(values.map((m) => m[1])).toEqual(['en', 'nl', 'tr', 'ar', 'pl', 'uk', '""']);
      expect(conf).toMatch(/map \$gw_page_lang \$gw_page_dir \{\s+ar rtl;\s+default ltr;\s+\}/);
    });

    it('names a first view only for the landing and school routes, by fixed names', () => {
      const map = conf.slice(conf.indexOf('map $request_uri $gw_first_view {'));
      const body = map.slice(0, map.indexOf('\n    }'));
      const values = [...body.matchAll(/^\s+\S+ (\S+);$/gm)].map((m) => m[1]);
      expect(values).toEqual(['landing', 'school', '""']);
    });

    it('includes only fixed fragment names, never a path from the request', () => {
      const includes = [...router.matchAll(/<!--# include virtual="([^"]+)"/g)].map((m) => m[1]);
      expect(includes).toEqual([
        '/mfe-registry.json',
        '/.gw-fragment/mfe/public/$1/fragment.$gw_first_view.$gw_page_lang.html',
        '/.gw-fragment/mfe/public/fragment.$gw_first_view.$gw_page_lang.html',
      ]);
      // $1 is the version in the registry's mfe_public entry, held to the release pattern.
      expect(router).toContain('([0-9A-Za-z][0-9A-Za-z._+-]{0,63})');
      expect(router).not.toMatch(/\$(request_uri|uri|args|arg_|cookie_|http_|query_string)/);
      // The fragments' locations: internal, the whitelisted names only; anything else under
      // the prefix is an empty answer (never the page, which would include itself).
      const fragments = location(conf, '^~ /.gw-fragment/');
      expect(fragments).toMatch(/^location \^~ \/\.gw-fragment\/ \{\n\s+internal;\n\s+return 204;/);
      const names = [...fragments.matchAll(/location ~ "([^"]+)"/g)].map((m) => m[1]);
      expect(names).toHaveLength(2);
      for (const name of names) {
        expect(name).toMatch(/^\^\/\\\.gw-fragment\/mfe\/public\//);
        expect(
          name.endsWith(
            '/(?<gw_fv_file>fragment\\.(landing|school)\\.(nl|en|tr|ar|pl|uk)\\.html)$',
          ),
        ).toBe(true);
      }
      expect(fragments).toContain('alias /srv/releases/public/$gw_fv_version/$gw_fv_file;');
      expect(
        fragments.match(/error_page 403 404 500 502 503 504 = @gw_no_fragment;/g),
      ).toHaveLength(2);
      expect(location(conf, '@gw_no_fragment')).toContain('return 204;');
      expect(location(conf, '= /.gw-first-view')).toMatch(/internal;[\s\S]*first-view\.html;/);
    });

    it('fetches the fragment from the remote static server in Kubernetes, briefly', () => {
      const k8s = renderContainerConfig({});
      const fragments = location(k8s, '^~ /.gw-fragment/');
      expect(fragments).toContain('proxy_pass http://gw_static_mfe_public/mfe/public/$gw_fv_path;');
      expect(fragments).toContain('proxy_intercept_errors on;');
      expect(fragments).toContain('proxy_read_timeout 2s;');
      expect(location(k8s, '= /.gw-first-view')).toContain(
        'alias /etc/nginx/gateway-snippets/first-view.html;',
      );
      expect(location(k8s, '/')).toContain('ssi on;');
    });
  });

  it('passes nginx -t', () => {
    const dir = tempDir();
    for (const variant of [
      {},
      { signupRateLimit: 0, loginRateLimit: 0, publicBaseUrl: 'https://x.example' },
      { releasesRoot: path.join(dir, 'releases') },
      {
        listen: '0.0.0.0',
        staticRoots: undefined,
        staticUpstreams: {
          shell: '127.0.0.1:18095',
          mfe_public: '127.0.0.1:18096',
          mfe_admin: '127.0.0.1:18097',
          mfe_provider: '127.0.0.1:18098',
        },
      },
    ]) {
      const res = nginxTest(renderGatewayConfig(options(dir, variant)), path.join(dir, 'data'));
      expect(res.output).toContain('test is successful');
      expect(res.status).toBe(0);
    }
  });
});
