// Page weight: which scripts and stylesheets a page loads on first visit, and how many bytes
// they take compressed. Used by the e2e page-weight test and by the benchmarks.
import http from 'node:http';
import zlib from 'node:zlib';
import type { Browser, BrowserContextOptions, Page } from '@playwright/test';

export type AssetType = 'script' | 'stylesheet';

export interface AssetWeight {
  /** Path and query, e.g. /mfe/public/remoteEntry.js */
  path: string;
  type: AssetType;
  /** Decoded size. */
  bytes: number;
  /** Size on the wire with `Accept-Encoding: gzip`: the server's gzip, or zlib level 6 of the body when it sent none. */
  gzipBytes: number;
  /** Whether the server itself answered with Content-Encoding: gzip. */
  servedGzip: boolean;
}

export interface WeightTotals {
  count: number;
  bytes: number;
  gzipBytes: number;
}

export interface PageWeight {
  url: string;
  /** In request order. */
  assets: AssetWeight[];
  script: WeightTotals;
  stylesheet: WeightTotals;
  /** Path of every request the page made (API calls and the document included). */
  requests: string[];
}

export interface MeasureOptions {
  /** Resolves once the page counts as loaded; after it the network must be idle. */
  ready?: (page: Page) => Promise<void>;
  /** Extra options of the fresh context, e.g. `storageState` with a session cookie. */
  context?: BrowserContextOptions;
}

/** GETs `url` the way a browser would, without decoding, and returns the wire size. */
function fetchCompressed(url: string): Promise<{ raw: Buffer; encoding: string | undefined }> {
  const target = new URL(url);
  // Straight to IPv4: the gateway listens on 127.0.0.1 only.
  if (target.hostname === 'localhost') target.hostname = '127.0.0.1';
  return new Promise((resolve, reject) => {
    const req = http.get(
      target,
      { headers: { 'accept-encoding': 'gzip', host: new URL(url).host } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          if (res.statusCode !== 200) {
            reject(new Error(`${url}: ${res.statusCode}`));
            return;
          }
          const encoding = res.headers['content-encoding'];
          resolve({ raw: Buffer.concat(chunks), encoding });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.setTimeout(15_000, () => req.destroy(new Error(`${url}: timeout`)));
  });
}

export async function assetWeight(url: string, type: AssetType): Promise<AssetWeight> {
  const { raw, encoding } = await fetchCompressed(url);
  const { pathname, search } = new URL(url);
  const servedGzip = encoding === 'gzip';
  if (encoding && !servedGzip) throw new Error(`${url}: unexpected Content-Encoding ${encoding}`);
  const body = servedGzip ? zlib.gunzipSync(raw) : raw;
  return {
    path: pathname + search,
    type,
    bytes: body.length,
    gzipBytes: servedGzip ? raw.length : zlib.gzipSync(body, { level: 6 }).length,
    servedGzip,
  };
}

function totals(assets: AssetWeight[], type: AssetType): WeightTotals {
  const of = assets.filter((a) => a.type === type);
  return {
    count: of.length,
    bytes: of.reduce((n, a) => n + a.bytes, 0),
    gzipBytes: of.reduce((n, a) => n + a.gzipBytes, 0),
  };
}

/**
 * Opens `url` in a fresh browser context (empty cache, no cookies, no stored language),
 * waits for `ready` and network idle, and weighs every script and stylesheet it loaded.
 */
export async function measurePageWeight(
  browser: Browser,
  url: string,
  options: MeasureOptions & { baseURL?: string } = {},
): Promise<PageWeight> {
  const context = await browser.newContext({ ...options.context, baseURL: options.baseURL });
  try {
    const page = await context.newPage();
    const requests: string[] = [];
    const loaded = new Map<string, AssetType>();
    page.on('request', (req) => {
      const u = new URL(req.url());
      requests.push(u.pathname + u.search);
    });
    page.on('response', (res) => {
      const type = res.request().resourceType();
      if ((type === 'script' || type === 'stylesheet') && res.ok()) loaded.set(res.url(), type);
    });
    await page.goto(url);
    if (options.ready) await options.ready(page);
    await page.waitForLoadState('networkidle');
    const assets: AssetWeight[] = [];
    for (const [assetUrl, type] of loaded) assets.push(await assetWeight(assetUrl, type));
    return {
      url: page.url(),
      assets,
      script: totals(assets, 'script'),
      stylesheet: totals(assets, 'stylesheet'),
      requests,
    };
  } finally {
    await context.close();
  }
}

const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

/** A readable table of a measurement, one line per asset, largest first. */
export function formatPageWeight(weight: PageWeight): string {
  const lines = [`page weight of ${weight.url}`];
  for (const a of [...weight.assets].sort((x, y) => y.gzipBytes - x.gzipBytes)) {
    lines.push(
      `  ${a.type.padEnd(10)} ${kib(a.gzipBytes).padStart(10)} gzip ${kib(a.bytes).padStart(10)} raw` +
        `${a.servedGzip ? '' : ' (not gzipped by the server; zlib -6)'}  ${a.path}`,
    );
  }
  for (const type of ['script', 'stylesheet'] as const) {
    const t = weight[type];
    lines.push(`  total ${type}: ${t.count} files, ${kib(t.gzipBytes)} gzip, ${kib(t.bytes)} raw`);
  }
  return lines.join('\n');
}
