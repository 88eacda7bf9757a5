// Benchmarks 4 and 5: first-load page weight from Chromium (e2e/lib/page-weight.ts, reused),
// and Lighthouse's mobile performance audit, both on Debian's Chromium.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { measurePageWeight, type PageWeight } from '../../../e2e/lib/page-weight.js';
import { median } from '../lib/report.js';

export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface WeighedPage {
  name: string;
  path: string;
  weight: PageWeight;
  /** Requests for another remote's files than the page's own. */
  foreignRemoteRequests: string[];
}

/** The school page in each of these languages (the public side's six, nl the default). */
export type PageLanguage = 'nl' | 'en' | 'tr' | 'ar' | 'pl' | 'uk';

export async function pageWeights(opts: {
  web: string;
  sessionCookie: string;
  school: { token: string; name: string };
  /** The languages the school page is weighed in, each a page of its own (`?lng=`). */
  schoolLanguages: PageLanguage[];
  provider: { activityId: number; token: string };
}): Promise<WeighedPage[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const host = new URL(opts.web).hostname;
    const cookies = opts.sessionCookie
      .split('; ')
      .filter(Boolean)
      .map((c) => {
        const i = c.indexOf('=');
        return {
          name: c.slice(0, i),
          value: c.slice(i + 1),
          domain: host,
          path: '/',
          httpOnly: true,
          secure: false,
          sameSite: 'Lax' as const,
          expires: -1,
        };
      });
    const pages = [
      ...opts.schoolLanguages.map((language) => ({
        name: `school page (${language})`,
        path: `/schools/${opts.school.token}${language === 'nl' ? '' : `?lng=${language}`}`,
        remote: 'mfe_public',
        page: 'school',
        cookies: [],
      })),
      {
        name: 'admin registrations (logged in)',
        path: '/admin/registrations',
        remote: 'mfe_admin',
        page: 'admin-registrations',
        cookies,
      },
      {
        name: 'provider page',
        path: `/provider/${opts.provider.activityId}?token=${opts.provider.token}`,
        remote: 'mfe_provider',
        page: 'provider',
        cookies: [],
      },
    ];
    const out: WeighedPage[] = [];
    for (const p of pages) {
      const weight = await measurePageWeight(browser, p.path, {
        baseURL: opts.web,
        context: { storageState: { cookies: p.cookies, origins: [] } },
        ready: async (page) => {
          await page
            .locator(`main[data-remote="${p.remote}"][data-page="${p.page}"]`)
            .first()
            .waitFor({ timeout: 30_000 });
        },
      });
      const own = p.remote.replace('mfe_', '');
      out.push({
        name: p.name,
        path: p.path.replace(/token=[^&]+/, 'token=…').replace(/[0-9a-f]{32}/, ':token'),
        weight,
        foreignRemoteRequests: weight.requests.filter(
          (r) => /^\/mfe\/(public|admin|provider)\//.test(r) && !r.startsWith(`/mfe/${own}/`),
        ),
      });
    }
    return out;
  } finally {
    await browser.close();
  }
}

export interface LighthouseResult {
  name: string;
  runs: number;
  /** Medians over the runs. */
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  /** Every run's values; observedFcpMs is when the unthrottled run really painted first. */
  all: Array<{
    score: number;
    lcpMs: number;
    tbtMs: number;
    cls: number;
    fcpMs: number;
    observedFcpMs: number;
    /** What Lighthouse took for the largest contentful paint, e.g. `h1 "Activiteiten…"`. */
    lcpElement: string;
  }>;
}

/** The first contentful paint of the unthrottled run itself, from the metrics audit. */
function observedFirstPaint(lhr: { audits: Record<string, { details?: unknown }> }): number {
  const details = lhr.audits['metrics']?.details as
    { items?: Array<{ observedFirstContentfulPaint?: number }> } | undefined;
  return details?.items?.[0]?.observedFirstContentfulPaint ?? NaN;
}

/** The largest contentful paint's element as Lighthouse names it: its selector and text. */
function lcpElementOf(lhr: { audits: Record<string, { details?: unknown }> }): string {
  type Node = { selector?: string; nodeLabel?: string };
  const details = lhr.audits['largest-contentful-paint-element']?.details as
    { items?: Array<{ items?: Array<{ node?: Node }> }> } | undefined;
  const node = details?.items?.[0]?.items?.[0]?.node;
  return node ? `${node.selector ?? '?'} "${(node.nodeLabel ?? '').slice(0, 60)}"` : 'unknown';
}

/** Lighthouse with its defaults (mobile form factor, simulated throttling), performance only. */
export async function lighthouseAudit(
  pages: Array<{ name: string; url: string }>,
  runs: number,
): Promise<LighthouseResult[]> {
  const results: LighthouseResult[] = [];
  for (const p of pages) {
    const all: LighthouseResult['all'] = [];
    for (let i = 0; i < runs; i++) {
      const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nsa-lh-'));
      const chrome = await chromeLauncher.launch({
        chromePath: CHROMIUM,
        chromeFlags: CHROMIUM_ARGS,
        userDataDir,
        logLevel: 'silent',
      });
      try {
        const r = await lighthouse(p.url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
        });
        if (!r) throw new Error(`lighthouse gave no result for ${p.url}`);
        const lhr = r.lhr;
        if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.message}`);
        all.push({
          score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
          tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
          cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
          fcpMs: lhr.audits['first-contentful-paint']?.numericValue ?? NaN,
          observedFcpMs: observedFirstPaint(lhr),
          lcpElement: lcpElementOf(lhr),
        });
      } finally {
        chrome.kill();
        fs.rmSync(userDataDir, { recursive: true, force: true });
      }
    }
    results.push({
      name: p.name,
      runs,
      score: median(all.map((a) => a.score)),
      lcpMs: median(all.map((a) => a.lcpMs)),
      tbtMs: median(all.map((a) => a.tbtMs)),
      cls: median(all.map((a) => a.cls)),
      fcpMs: median(all.map((a) => a.fcpMs)),
      all,
    });
  }
  return results;
}
