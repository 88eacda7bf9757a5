// Latencies the feature issues report: login (argon2id cost included), the public activity
// list of a school with 200 activities, and the time until a parent sees that list in
// Chromium from a cold cache.
import { chromium } from 'playwright-core';
import { percentile } from '../lib/report.js';
import { Api, sleep } from '../lib/api.js';
import { ADMIN } from '../lib/stack.js';
import { CHROMIUM, CHROMIUM_ARGS } from './browser.js';

export interface Latency {
  samples: number;
  p50: number;
  p95: number;
  max: number;
}

function summarise(ms: number[]): Latency {
  return {
    samples: ms.length,
    p50: percentile(ms, 50),
    p95: percentile(ms, 95),
    max: Math.max(...ms),
  };
}

/** Sequential logins of the bootstrap admin through the gateway. */
export async function loginLatency(web: string, count: number): Promise<Latency> {
  const api = new Api(web);
  const ms: number[] = [];
  for (let i = 0; i < count; i++) {
    const a = await api.call('POST', '/api/auth/login', {
      email: ADMIN.email,
      password: ADMIN.password,
    });
    if (a.status !== 200) throw new Error(`login answered ${a.status}`);
    ms.push(a.ms);
  }
  return summarise(ms);
}

/** A school with `count` activities; then `requests` sequential public list calls with its token. */
export async function activityListLatency(
  api: Api,
  opts: { count: number; requests: number },
): Promise<Latency & { activities: number; school: { id: number; accessToken: string } }> {
  const school = await api.createSchool('Grote school');
  const block = await api.createBlock('Heel jaar', 1, 52);
  const provider = await api.createProvider('Grote aanbieder');
  for (let i = 0; i < opts.count; i++) {
    await api.createActivity({
      title: `Activiteit ${i + 1}`,
      capacity: 20,
      weekday: i % 7,
      startTime: `${String(8 + (i % 12)).padStart(2, '0')}:${String((i * 7) % 60).padStart(2, '0')}`,
      schoolId: school.id,
      blockId: block.id,
      providerId: provider.id,
    });
  }
  const anonymous = new Api(api.base);
  const path = `/api/activities?schoolId=${school.id}`;
  const first = await anonymous.call<unknown[]>('GET', path, undefined, {
    'x-school-token': school.accessToken,
  });
  if (first.status !== 200 || first.body.length !== opts.count) {
    throw new Error(`list answered ${first.status} with ${first.body.length} activities`);
  }
  const ms: number[] = [];
  for (let i = 0; i < opts.requests; i++) {
    const a = await anonymous.call('GET', path, undefined, {
      'x-school-token': school.accessToken,
    });
    ms.push(a.ms);
  }
  return { ...summarise(ms), activities: opts.count, school };
}

/** From navigation start to the first activity card, fresh browser context (cold cache), median of runs. */
export async function timeToActivityList(
  web: string,
  token: string,
  runs: number,
): Promise<Latency> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const ms: number[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      const t0 = Date.now();
      await page.goto(`${web}/schools/${token}`);
      await page
        .getByRole('button', { name: /Aanmelden voor deze activiteit/ })
        .first()
        .waitFor({ timeout: 30_000 });
      ms.push(Date.now() - t0);
      await context.close();
      await sleep(200);
    }
  } finally {
    await browser.close();
  }
  return summarise(ms);
}
